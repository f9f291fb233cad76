#!/usr/bin/env python3
"""Times `assess preview` in headless Chromium: first paint (navigation start to the first step drawn,
and the browser's first contentful paint) and step change (Next pressed to the next step drawn, at the
next frame), for a 200-step survey and, as a baseline in the same run, a 3-step example.

    preview-bench.py ASSESS SURVEY... (run by Benchmarks/run-preview.sh)
"""
import shutil
import statistics
import subprocess
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

STEP_CHANGE = """
const done = arguments[arguments.length - 1];
const before = document.body.dataset.ready;
const observer = new MutationObserver(() => {
  if (document.body.dataset.ready !== before) { observer.disconnect(); requestAnimationFrame(() => done(performance.now() - start)); }
});
observer.observe(document.body, { attributes: true });
const start = performance.now();
document.querySelector('#buttons [data-button="goForward"]').click();
"""


def measure(driver, assess, survey, loads=7, steps=60):
    server = subprocess.Popen([assess, "preview", survey, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    url = server.stdout.readline().strip()
    try:
        paints, contentful = [], []
        for _ in range(loads):
            driver.get(url)
            WebDriverWait(driver, 20).until(lambda d: d.execute_script("return performance.getEntriesByName('preview-rendered').length > 0"))
            paints.append(driver.execute_script("return performance.getEntriesByName('preview-rendered')[0].startTime"))
            contentful.append(driver.execute_script("const e = performance.getEntriesByName('first-contentful-paint'); return e.length ? e[0].startTime : null") or 0)
        changes = []
        for _ in range(steps):
            if not driver.execute_script("return !!document.querySelector('#buttons [data-button=\"goForward\"]')"):
                break
            changes.append(driver.execute_async_script(STEP_CHANGE))
        return paints, contentful, changes
    finally:
        server.send_signal(2)
        server.wait(timeout=10)
        server.stdout.close()


def p95(values):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def main():
    assess, surveys = sys.argv[1], sys.argv[2:]
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver"))
    driver.set_script_timeout(20)
    try:
        for survey in surveys:
            paints, contentful, changes = measure(driver, assess, survey)
            print(f"{survey}:")
            print(f"  first paint (step drawn): median {statistics.median(paints):.1f} ms, max {max(paints):.1f} ms over {len(paints)} loads"
                  f" (first contentful paint median {statistics.median(contentful):.1f} ms)")
            print(f"  step change: median {statistics.median(changes):.1f} ms, p95 {p95(changes):.1f} ms, max {max(changes):.1f} ms over {len(changes)} steps")
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
