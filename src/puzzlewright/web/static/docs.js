// The API docs page: rendered from /openapi.json, with a "try it" form per endpoint (no CDN, works offline).
import { el } from "./common.js";

async function send(method, path, bodyText, output) {
  output.textContent = "\u2026";
  const started = performance.now();
  try {
    const options = method === "post" ? { method: "POST", headers: { "content-type": "application/json" }, body: bodyText } : {};
    const response = await fetch(path, options);
    const text = await response.text();
    let shown = text;
    try { shown = JSON.stringify(JSON.parse(text), null, 1); } catch (error) { /* not JSON: show as is */ }
    output.textContent = `HTTP ${response.status} in ${(performance.now() - started).toFixed(0)} ms\n${shown}`;
  } catch (error) {
    output.textContent = `request failed: ${error.message}`;
  }
}

function queryPath(path, form) {
  const params = new URLSearchParams();
  for (const input of form.querySelectorAll("input[name]")) {
    for (const value of input.value.split(",").map((v) => v.trim()).filter(Boolean)) params.append(input.name, value);
  }
  return `${path}?${params}`;
}

function endpoint(path, method, operation) {
  const output = el("pre", { class: "emoji", "aria-live": "polite" });
  const section = el("section", { class: "endpoint" },
    el("h2", {}, el("code", {}, `${method.toUpperCase()} ${path}`)),
    el("p", {}, operation.summary || ""));
  if (method === "post") {
    const example = operation.requestBody?.content?.["application/json"]?.example ?? {};
    const area = el("textarea", { rows: "4", spellcheck: "false", "aria-label": `request body for ${path}` });
    area.value = JSON.stringify(example);
    section.append(area, el("div", { class: "actions" },
      el("button", { type: "button", class: "primary", onclick: () => send(method, path, area.value, output) }, "Send")));
  } else {
    const form = el("form", { class: "controls" });
    for (const parameter of operation.parameters || []) {
      form.append(el("label", {}, parameter.name, el("input", {
        name: parameter.name, value: parameter.schema?.default ?? (parameter.name === "word" ? "umami, cat" : ""),
      })));
    }
    form.append(el("button", { type: "submit", class: "primary" }, "Send"));
    form.addEventListener("submit", (event) => { event.preventDefault(); send(method, queryPath(path, form), null, output); });
    section.append(form);
  }
  section.append(output);
  return section;
}

const spec = await (await fetch("/openapi.json")).json();
const container = document.getElementById("endpoints");
container.replaceChildren();
for (const [path, methods] of Object.entries(spec.paths)) {
  for (const [method, operation] of Object.entries(methods)) container.append(endpoint(path, method, operation));
}
