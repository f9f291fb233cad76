/// The page's script: it posts the pressed button and the form to the API and draws the state the
/// server returns. It holds no survey logic, and writes survey text only as text (`textContent`).
enum PageScript {
    static let text = #"""
"use strict";
(function () {
  let state = null;
  let busy = false;
  const $ = (id) => document.getElementById(id);

  function el(tag, attributes, text) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (value !== undefined && value !== null && value !== false) node.setAttribute(name, value === true ? "" : String(value));
    }
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  async function request(path, body) {
    const options = body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
    const response = await fetch(path, options);
    const type = response.headers.get("Content-Type") || "";
    if (type.startsWith("application/json")) return response.json();
    throw new Error(await response.text());
  }

  function render(next) {
    const stepChanged = !state || !next.step || !state.step || state.step.stepPath !== next.step.stepPath ||
      (state.route || []).length !== (next.route || []).length || state.revision !== next.revision;
    state = next;
    document.title = (next.title || next.survey) + " - preview";
    $("survey-title").textContent = next.title || next.survey;
    $("platform").textContent = next.platform ? next.platform : "";
    renderProblem(next);
    if (stepChanged) renderStep(next.step);
    $("message").textContent = next.message || "";
    renderButtons(next.step);
    renderRoute(next);
    renderFindings(next.findings || []);
    const kept = !!next.canSave;
    $("downloads").hidden = !kept;
    $("keep-note").hidden = kept;
    $("download-result").parentElement.hidden = !next.canDownloadResult;
    renderGraph(next);
    document.body.dataset.ready = String((next.route || []).length) + ":" + (next.step ? next.step.stepPath : next.status || "");
    if (stepChanged) focusStep();
    performance.mark("preview-rendered");
  }

  function renderGraph(next) {
    const picture = "/api/graph.svg?r=" + next.revision;
    if ($("graph").getAttribute("src") !== picture) $("graph").setAttribute("src", picture);
    const mark = $("graph-mark"), box = next.graphBox;
    mark.hidden = !box;
    if (!box) return;
    const pad = 4;
    mark.style.left = (box[0] - pad) + "px";
    mark.style.top = (box[1] - pad) + "px";
    mark.style.width = (box[2] + 2 * pad) + "px";
    mark.style.height = (box[3] + 2 * pad) + "px";
  }

  function renderProblem(next) {
    const box = $("problem");
    box.hidden = !next.problem;
    box.textContent = next.problem ? "This survey cannot be run as saved:\n" + next.problem : "";
  }

  function focusStep() {
    const heading = document.querySelector("#step h2");
    if (heading) heading.focus({ preventScroll: true });
  }

  function renderStep(step) {
    const form = $("step");
    form.replaceChildren();
    if (!step) {
      const ended = state && state.status ? "The run " + state.status + "." : "";
      form.append(el("h2", { tabindex: "-1", id: "step-title" }, ended));
      form.dataset.stepPath = "";
      return;
    }
    form.dataset.stepPath = step.stepPath;
    form.dataset.kind = step.kind;
    form.append(el("p", { class: "kind" }, step.kind + " · " + step.identifier));
    form.append(el("h2", { tabindex: "-1", id: "step-title" }, step.title || step.identifier));
    if (step.subtitle) form.append(el("p", { class: "subtitle" }, step.subtitle));
    if (step.detail) form.append(el("p", { class: "detail" }, step.detail));
    if (step.image) form.append(el("div", { class: "image", role: "img", "aria-label": "Image " + step.image }, "Image: " + step.image));
    if (step.duration !== undefined && step.duration !== null) form.append(el("p", { class: "hint" }, "Counts down " + step.duration + " seconds, then moves on."));
    if (step.question) renderQuestion(form, step.question);
  }

  function renderQuestion(form, question) {
    if (question.choices) {
      const set = el("fieldset", { "aria-describedby": "message" });
      set.append(el("legend", {}, question.multiple ? "Choose all that apply" : "Choose one"));
      for (const choice of question.choices) {
        const id = "choice-" + choice.index;
        const label = el("label", { class: "choice", for: id });
        const input = el("input", { type: question.multiple ? "checkbox" : "radio", name: "choice", id: id, value: choice.index,
                                    "data-value": choice.value, checked: choice.selected });
        label.append(input, el("span", {}, choice.text));
        if (choice.exclusive) label.append(el("span", { class: "hint" }, "(clears the others)"));
        set.append(label);
      }
      if (question.other) set.append(field(question.other, "Other"));
      form.append(set);
    }
    for (const input of question.inputs || []) form.append(field(input, input.label || (question.inputs.length === 1 ? "Your answer" : input.key)));
    if (question.optional === false) form.append(el("p", { class: "hint" }, "An answer is required."));
  }

  function field(input, labelText) {
    const id = "field-" + input.key;
    const box = el("div", { class: "field", "data-key": input.key, "data-type": input.type, "data-control": input.control });
    const common = { id: id, name: input.key, placeholder: input.placeholder, "aria-describedby": "message" };
    let control;
    switch (input.control) {
      case "checkbox":
        control = el("input", Object.assign(common, { type: "checkbox", checked: input.value === "true" }));
        const label = el("label", { for: id, class: "choice" });
        label.append(control, el("span", {}, labelText));
        box.append(label);
        return box;
      case "likert":
        return likert(input, labelText, box);
      case "slider":
        control = el("input", Object.assign(common, { type: "range", min: input.min, max: input.max, step: input.step || 1 }));
        control.value = input.value !== undefined ? input.value : "";
        break;
      case "time":
        control = el("input", Object.assign(common, { type: "time", step: 1, min: input.min, max: input.max }));
        if (input.value) control.value = input.value;
        break;
      case "number":
        control = el("input", Object.assign(common, { type: "number", inputmode: input.type === "integer" || input.type === "year" ? "numeric" : "decimal",
                                                         min: input.min, max: input.max, step: input.step || "any" }));
        if (input.value) control.value = input.value;
        break;
      case "textarea":
        control = el("textarea", common);
        if (input.value) control.value = input.value;
        break;
      default:
        control = el("input", Object.assign(common, { type: "text" }));
        if (input.value) control.value = input.value;
    }
    box.append(el("label", { for: id }, labelText + (input.type === "duration" ? " (seconds)" : "")), control);
    if (input.minimumLabel || input.maximumLabel) box.append(bounds(input));
    return box;
  }

  function likert(input, labelText, box) {
    const set = el("fieldset", { class: "likert-set" });
    set.append(el("legend", {}, labelText));
    const row = el("div", { class: "likert" });
    const low = Number(input.min !== undefined ? input.min : 1), high = Number(input.max !== undefined ? input.max : 5);
    const step = Number(input.step || 1);
    for (let value = low; value <= high && row.childElementCount < 101; value += step) {
      const id = "field-" + input.key + "-" + row.childElementCount;
      const label = el("label", { for: id });
      label.append(el("input", { type: "radio", name: input.key, id: id, value: String(value), checked: input.value === String(value) }), el("span", {}, String(value)));
      row.append(label);
    }
    set.append(row);
    if (input.minimumLabel || input.maximumLabel) set.append(bounds(input));
    box.append(set);
    return box;
  }

  function bounds(input) {
    const line = el("div", { class: "bounds" });
    line.append(el("span", {}, input.minimumLabel || ""), el("span", {}, input.maximumLabel || ""));
    return line;
  }

  function renderButtons(step) {
    const bar = $("buttons");
    const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.button : undefined;
    bar.replaceChildren();
    if (!step) return;
    for (const button of step.buttons) {
      if (!button.visible) continue;
      const node = el("button", { type: button.type === "goForward" ? "submit" : "button", "data-button": button.type, form: "step" }, button.label);
      node.addEventListener("click", (event) => { event.preventDefault(); press(button.type); });
      bar.append(node);
      if (focused === button.type) node.focus();
    }
  }

  function renderRoute(next) {
    const list = $("route");
    list.replaceChildren();
    (next.route || []).forEach((shown, index) => {
      const item = el("li", { "data-identifier": shown.identifier, "data-step-path": shown.stepPath }, shown.stepPath);
      if (shown.direction === "backward") item.append(el("span", { class: "back" }, " (back)"));
      if (index === next.route.length - 1 && next.step) { item.className = "current"; item.setAttribute("aria-current", "step"); }
      list.append(item);
    });
    const status = $("status");
    status.dataset.status = next.status || "";
    status.textContent = next.status && next.status !== "inProgress" ? "Run " + next.status + "." : "";
  }

  function renderFindings(findings) {
    const list = $("findings");
    list.replaceChildren();
    if (findings.length === 0) list.append(el("li", {}, "No findings."));
    for (const finding of findings) {
      list.append(el("li", { class: "sev-" + finding.severity },
        finding.line + ":" + finding.column + " " + finding.severity + ": " + finding.message + " [" + finding.rule + "]"));
    }
  }

  function collectForm() {
    const form = $("step");
    const result = {};
    const choices = form.querySelectorAll("input[name=choice]");
    if (choices.length > 0) result.choices = Array.from(choices).filter((input) => input.checked).map((input) => Number(input.value));
    const fields = {};
    for (const box of form.querySelectorAll(".field")) {
      const key = box.dataset.key;
      let value = "";
      if (box.dataset.control === "checkbox") value = box.querySelector("input").checked ? "true" : "false";
      else if (box.dataset.control === "likert") { const picked = box.querySelector("input:checked"); value = picked ? picked.value : ""; }
      else value = box.querySelector("input, textarea").value;
      if (key === "other" && choices.length > 0) result.other = value; else fields[key] = value;
    }
    result.fields = fields;
    return result;
  }

  async function press(button) {
    if (busy || !state || !state.step) return;
    busy = true;
    try {
      render(await request("/api/action", { button: button, stepPath: state.step.stepPath, form: collectForm() }));
    } catch (error) {
      $("message").textContent = String(error.message || error);
    } finally {
      busy = false;
    }
  }

  async function refresh() {
    try { render(await request("/api/state")); } catch (error) { $("problem").hidden = false; $("problem").textContent = String(error.message || error); }
  }

  async function poll() {
    try {
      const revision = await request("/api/revision");
      if (state && revision.revision !== state.revision && !busy) await refresh();
    } catch (error) { /* the server stopped; keep the page as it is */ }
  }

  document.addEventListener("DOMContentLoaded", () => {
    $("step").addEventListener("submit", (event) => { event.preventDefault(); press("goForward"); });
    $("restart").addEventListener("click", async () => { render(await request("/api/restart", {})); });
    refresh();
    setInterval(poll, 1000);
  });
})();
"""#
}
