"""`assess preview` in headless Chromium, compared with the runner.

For every example survey and both platforms: every route `assess routes` lists is clicked through
the page as a participant would (choices clicked, fields typed, the route's buttons pressed); each
step's buttons (shown, hidden, titled) and the whole route are compared with `assess run`'s report
for the route's script; then "Save as script" downloads the script and its .expected.json, and
`assess run --answers` replays it as expected, to the runner's own outcome. Also: keyboard use,
phone width, hostile survey text, reload on save, result and archive downloads.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import unittest
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

ROOT = Path(__file__).resolve().parents[2]
ASSESS = os.environ.get("ASSESS", str(ROOT / ".build/debug/assess"))
SURVEYS = sorted((ROOT / "examples/surveys").glob("*.json"))
DEFAULT_LABELS = {"goBackward": "Back", "skip": "Skip", "goForward": "Next", "cancel": "Exit"}
SCREENSHOT = None


def assess(*arguments, check=True):
    done = subprocess.run([ASSESS, *map(str, arguments)], capture_output=True, text=True, timeout=120)
    if check and done.returncode != 0:
        raise AssertionError(f"assess {' '.join(map(str, arguments))} exited {done.returncode}:\n{done.stderr}")
    return done


def same(a, b):
    """JSON equality that keeps true apart from 1."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


class Preview:
    """One `assess preview` server."""

    def __init__(self, survey, platform=None):
        arguments = [ASSESS, "preview", str(survey), "--port", "0"]
        if platform:
            arguments += ["--platform", platform]
        self.process = subprocess.Popen(arguments, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.url = self.process.stdout.readline().strip()
        if not self.url.startswith("http://127.0.0.1:"):
            raise AssertionError(f"assess preview printed {self.url!r}: {self.process.stderr.read()}")

    def stop(self):
        self.process.send_signal(2)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise AssertionError("assess preview did not stop on SIGINT")
        finally:
            self.process.stdout.close()
            self.process.stderr.close()


class PreviewBrowserTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        options = webdriver.ChromeOptions()
        options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
        for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=390,844"]:
            options.add_argument(flag)
        cls.downloads = Path(tempfile.mkdtemp(prefix="preview-downloads-"))
        options.add_experimental_option("prefs", {"download.default_directory": str(cls.downloads), "download.prompt_for_download": False})
        service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
        cls.driver = webdriver.Chrome(options=options, service=service)
        cls.driver.set_page_load_timeout(30)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        shutil.rmtree(cls.downloads, ignore_errors=True)

    # --- driving the page -------------------------------------------------------------------------

    def ready(self):
        return self.driver.find_element(By.TAG_NAME, "body").get_attribute("data-ready") or ""

    def wait_change(self, before, what):
        try:
            WebDriverWait(self.driver, 10).until(lambda d: self.ready() not in ("", before))
        except Exception:
            message = self.driver.find_element(By.ID, "message").text
            raise AssertionError(f"{what}: the page did not move on (message: {message!r})")

    def open(self, url):
        self.driver.get(url)
        WebDriverWait(self.driver, 10).until(lambda d: self.ready() != "")

    def step(self):
        form = self.driver.find_element(By.ID, "step")
        return form.get_attribute("data-step-path"), form.get_attribute("data-kind")

    def buttons(self):
        return {b.get_attribute("data-button"): b.text for b in self.driver.find_elements(By.CSS_SELECTOR, "#buttons button")}

    def press(self, button, what):
        before = self.ready()
        self.driver.find_element(By.CSS_SELECTOR, f'#buttons button[data-button="{button}"]').click()
        self.wait_change(before, what)

    def set_value(self, element, text):
        self.driver.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'));", element, text)

    def enter(self, answer):
        """Gives `answer` through the page's controls, as a participant would; returns the last field typed into, if any."""
        choices = self.driver.find_elements(By.CSS_SELECTOR, "#step input[name=choice]")
        if choices:
            wanted = answer if isinstance(answer, list) else [answer]
            matched = []
            for box in choices:
                value = json.loads(box.get_attribute("data-value"))
                should = any(same(value, w) for w in wanted)
                if should:
                    matched.append(value)
                if box.is_selected() != should and (should or box.get_attribute("type") == "checkbox"):
                    box.click()
            others = [w for w in wanted if not any(same(w, m) for m in matched)]
            if others:
                field = self.driver.find_element(By.ID, "field-other")
                field.clear()
                field.send_keys(others[0] if isinstance(others[0], str) else json.dumps(others[0]))
                return field
            return None
        typed = None
        for box in self.driver.find_elements(By.CSS_SELECTOR, "#step .field"):
            key, control = box.get_attribute("data-key"), box.get_attribute("data-control")
            value = answer.get(key) if isinstance(answer, dict) else answer
            text = "" if value is None else value if isinstance(value, str) else json.dumps(value)
            if control == "checkbox":
                check = box.find_element(By.TAG_NAME, "input")
                if check.is_selected() != (value is True):
                    check.click()
            elif control == "likert":
                box.find_element(By.CSS_SELECTOR, f'input[value="{text}"]').click()
            elif control in ("time", "slider"):
                self.set_value(box.find_element(By.TAG_NAME, "input"), text)
            else:
                field = box.find_element(By.CSS_SELECTOR, "input, textarea")
                field.clear()
                field.send_keys(text)
                typed = field if field.tag_name == "input" else typed
        return typed

    def downloaded(self, names, timeout=10):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if all((self.downloads / n).exists() for n in names) and not list(self.downloads.glob("*.crdownload")):
                return [self.downloads / n for n in names]
            time.sleep(0.1)
        raise AssertionError(f"not downloaded: {names} (have {[p.name for p in self.downloads.iterdir()]})")

    def clear_downloads(self):
        for path in self.downloads.iterdir():
            path.unlink()

    # --- the route comparison ---------------------------------------------------------------------

    def click_route(self, survey, platform, route, number, work):
        name = f"{survey.name} {platform} route {number + 1}"
        script_path = work / f"route-{number + 1}.json"
        script_path.write_text(json.dumps(route["script"]))
        report = json.loads(assess("run", survey, "--answers", script_path, "--platform", platform, "--allow-lint-errors", "--format", "json").stdout)
        entries = route["script"]["steps"]
        before = self.ready()
        self.driver.find_element(By.ID, "restart").click()
        WebDriverWait(self.driver, 10).until(lambda d: self.ready().startswith("1:") and (number == 0 or self.ready() != before))
        shown, cursor = [], 0
        while True:
            step_path, kind = self.step()
            if not step_path:
                break
            shown.append(self.buttons())
            identifier = step_path.split("/")[-1]
            if cursor < len(entries) and entries[cursor]["identifier"] == identifier:
                entry = entries[cursor]
                cursor += 1
                if "answer" in entry:
                    typed = self.enter(entry["answer"])
                    if typed is not None:
                        # Enter in a field presses Next, as on a phone's keyboard.
                        before = self.ready()
                        typed.send_keys(Keys.ENTER)
                        self.wait_change(before, f"{name} at {step_path} (Enter)")
                    else:
                        self.press("goForward", f"{name} at {step_path}")
                else:
                    self.press(entry["action"], f"{name} at {step_path}")
            else:
                self.press("goForward", f"{name} at {step_path}")
            self.assertLess(len(shown), 200, f"{name}: the run does not end")
        route_shown = [li.get_attribute("data-identifier") for li in self.driver.find_elements(By.CSS_SELECTOR, "#route li")]
        self.assertEqual(route_shown, report["path"], f"{name}: route")
        self.assertEqual(self.driver.find_element(By.ID, "status").get_attribute("data-status"), report["status"], f"{name}: status")
        self.assertEqual(len(shown), len(report["steps"]), name)
        for buttons, step in zip(shown, report["steps"]):
            visible = {b for b in DEFAULT_LABELS if b not in step["hiddenActions"]}
            self.assertEqual(set(buttons), visible, f"{name} {step['stepPath']}: buttons shown")
            for button in visible:
                self.assertEqual(buttons[button], step["buttonTitles"].get(button, DEFAULT_LABELS[button]), f"{name} {step['stepPath']}: {button} title")
        # Save as script, and replay it with `assess run --answers` (its .expected.json is checked beside it).
        self.clear_downloads()
        self.driver.find_element(By.ID, "save-script").click()
        self.driver.find_element(By.ID, "save-expected").click()
        stem = survey.stem
        script, expected = self.downloaded([f"{stem}-run.json", f"{stem}-run.expected.json"])
        replay = assess("run", survey, "--answers", script, "--platform", platform, "--allow-lint-errors", "--format", "json", check=False)
        self.assertEqual(replay.returncode, 0, f"{name}: replay of the saved script: {replay.stderr}")
        self.assertIn("as expected", replay.stderr, name)
        replayed = json.loads(replay.stdout)
        for key in ("status", "path", "steps", "answers"):
            self.assertEqual(replayed[key], report[key], f"{name}: the saved script's replay differs in {key}")
        self.assertEqual(json.loads(expected.read_text()), {k: report[k] for k in ("status", "path", "answers")}, name)

    def test_every_route_of_every_example_survey_matches_the_runner_on_both_platforms(self):
        count, planned = 0, 0
        for survey in SURVEYS:
            routes = json.loads(assess("routes", survey, "--format", "json", check=False).stdout)["routes"]
            planned += 2 * len(routes)
            for platform in ("ios", "android"):
                preview = Preview(survey, platform)
                try:
                    self.open(preview.url)
                    with tempfile.TemporaryDirectory() as work:
                        for number, route in enumerate(routes):
                            self.click_route(survey, platform, route, number, Path(work))
                            count += 1
                finally:
                    preview.stop()
        print(f"{count} routes clicked through {len(SURVEYS)} surveys on both platforms, each as the runner reports it")
        self.assertEqual(count, planned)
        self.assertGreaterEqual(count, 2 * len(SURVEYS))

    # --- the rest ----------------------------------------------------------------------------------

    def test_keyboard_alone_answers_and_goes_on_and_the_page_fits_a_phone(self):
        preview = Preview(ROOT / "examples/surveys/food-choices.json")
        try:
            self.open(preview.url)
            width = self.driver.execute_script("return document.documentElement.scrollWidth")
            self.assertLessEqual(width, self.driver.execute_script("return window.innerWidth"), "no sideways scrolling at phone width")
            for box in self.driver.find_elements(By.CSS_SELECTOR, "#step input"):
                label = self.driver.find_elements(By.CSS_SELECTOR, f'label[for="{box.get_attribute("id")}"]')
                self.assertTrue(label, f"input {box.get_attribute('id')} has a label")
            before = self.ready()
            active = self.driver.switch_to.active_element
            self.assertEqual(active.get_attribute("id"), "step-title", "the step's heading has focus after it is shown")
            active.send_keys(Keys.TAB)
            self.driver.switch_to.active_element.send_keys(Keys.SPACE)
            for _ in range(12):
                if self.driver.switch_to.active_element.get_attribute("data-button") == "goForward":
                    break
                self.driver.switch_to.active_element.send_keys(Keys.TAB)
            self.assertEqual(self.driver.switch_to.active_element.get_attribute("data-button"), "goForward")
            outline = self.driver.execute_script("return getComputedStyle(document.activeElement).outlineStyle")
            self.assertNotEqual(outline, "none", "focus is visible")
            self.driver.switch_to.active_element.send_keys(Keys.ENTER)
            self.wait_change(before, "keyboard")
            state = json.loads(self.driver.execute_script("return fetch('/api/state').then(r => r.text())"))
            self.assertEqual(state["route"][-1]["identifier"], "fruit")
        finally:
            preview.stop()

    def test_hostile_text_is_shown_as_text_and_a_save_reloads_keeping_answers(self):
        hostile = '<img src=x onerror="document.body.dataset.pwned=1"><script>document.body.dataset.pwned=2</script>'
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "hostile.json"
            survey = {"type": "assessment", "identifier": "hostile", "title": hostile, "steps": [
                {"type": "choiceQuestion", "identifier": "q", "title": hostile, "detail": hostile, "baseType": "integer",
                 "choices": [{"value": 1, "text": hostile}, {"value": 2, "text": "two"}]},
                {"type": "instruction", "identifier": "end", "title": "End"}]}
            path.write_text(json.dumps(survey))
            preview = Preview(path)
            try:
                self.open(preview.url)
                self.assertEqual(self.driver.find_element(By.ID, "step-title").text, hostile)
                self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "#step img, #step script, #survey-title img"), [])
                self.assertIsNone(self.driver.find_element(By.TAG_NAME, "body").get_attribute("data-pwned"))
                self.enter(2)
                self.press("goForward", "hostile")
                survey["steps"][1]["title"] = "The end, saved again"
                path.write_text(json.dumps(survey))
                # Read in the page: the heading is replaced when the reload draws the step again.
                WebDriverWait(self.driver, 10).until(
                    lambda d: d.execute_script("const t = document.getElementById('step-title'); return t && t.textContent") == "The end, saved again")
                self.assertEqual([li.get_attribute("data-identifier") for li in self.driver.find_elements(By.CSS_SELECTOR, "#route li")], ["q", "end"],
                                 "the answer still applies after the reload")
                path.write_text("{ not json")
                WebDriverWait(self.driver, 10).until(lambda d: self.driver.find_element(By.ID, "problem").is_displayed())
                self.assertIn("hostile.json", self.driver.find_element(By.ID, "problem").text)
            finally:
                preview.stop()

    def test_downloaded_result_and_archive_are_those_run_writes(self):
        survey = ROOT / "examples/surveys/sleep-sections.json"
        preview = Preview(survey)
        try:
            self.driver.set_window_size(1280, 900)
            self.open(preview.url)
            self.press("goForward", "overview")
            if SCREENSHOT:
                self.enter(False)
                WebDriverWait(self.driver, 10).until(lambda d: self.driver.execute_script("return document.getElementById('graph').complete"))
                self.driver.save_screenshot(str(SCREENSHOT))
            self.driver.find_element(By.ID, "buttons").find_element(By.CSS_SELECTOR, '[data-button="cancel"]').click()
            WebDriverWait(self.driver, 10).until(lambda d: self.driver.find_element(By.ID, "status").get_attribute("data-status") == "cancelled")
            self.clear_downloads()
            self.driver.find_element(By.ID, "download-result").click()
            self.driver.find_element(By.ID, "download-archive").click()
            result, archive = self.downloaded(["sleep-sections-result.json", "sleep-sections-archive.zip"])
            self.assertIn("stepHistory", json.loads(result.read_text()))
            verified = assess("verify", archive, check=False)
            self.assertEqual(verified.returncode, 0, verified.stdout + verified.stderr)
        finally:
            self.driver.set_window_size(390, 844)
            preview.stop()


if __name__ == "__main__":
    if "--screenshot" in sys.argv:
        index = sys.argv.index("--screenshot")
        SCREENSHOT = Path(sys.argv[index + 1]).resolve()
        del sys.argv[index:index + 2]
    unittest.main(verbosity=2)
