// The page: tabs (also reachable as #wordle, #letterboxed, #acrostic, #jumble, #grid) and the dictionary menus.
import { api, rovingFocus } from "./common.js";
import * as wordle from "./wordle.js";
import * as letterboxed from "./letterboxed.js";
import * as acrostic from "./acrostic.js";
import * as jumble from "./jumble.js";
import * as grid from "./grid.js";

const PUZZLES = { wordle, letterboxed, acrostic, jumble, grid };
const tabs = [...document.querySelectorAll("[role=tab]")];

function show(name, focus = false) {
  if (!(name in PUZZLES)) name = "wordle";
  for (const tab of tabs) {
    const selected = tab.id === `tab-${name}`;
    tab.setAttribute("aria-selected", String(selected));
    tab.setAttribute("tabindex", selected ? "0" : "-1");
    document.getElementById(tab.getAttribute("aria-controls")).hidden = !selected;
    if (selected && focus) tab.focus();
  }
  if (location.hash !== `#${name}`) history.replaceState(null, "", `#${name}`);
}

tabs.forEach((tab, index) => {
  tab.addEventListener("click", () => show(tab.id.slice(4)));
  tab.addEventListener("keydown", (event) => {
    const next = rovingFocus(tabs, index, event.key);
    if (next !== null) { event.preventDefault(); show(tabs[next].id.slice(4), true); }
  });
});
window.addEventListener("hashchange", () => show(location.hash.slice(1)));

/** Fill each dictionary menu with the built-in names, its puzzle's default (the library's, from the server)
 * selected. Without an answer the menus stay empty and requests name no dictionary: the server's defaults. */
async function fillDictionaryMenus() {
  let names = [], defaults = {};
  try {
    const answer = await api("/api/dicts");
    names = answer.dictionaries.map((d) => d.name);
    defaults = answer.defaults;
  } catch (error) { /* requests use the server's defaults */ }
  for (const select of document.querySelectorAll("select[data-dicts]")) {
    for (const name of names) {
      select.append(new Option(name, name, false, name === defaults[select.dataset.dicts]));
    }
  }
}

await fillDictionaryMenus();
// a tab's init may return a promise (the grid's pattern menu): the page is ready, and laid out, once all settle
await Promise.all(Object.entries(PUZZLES).map(([name, puzzle]) =>
  puzzle.init(document.getElementById(`panel-${name}`))));
show(location.hash.slice(1));
document.body.dataset.ready = "true";
