// Grid: draw blocks, fix letters, fill every slot with words, re-roll one word, export .ipuz.
import { api, el, latestOnly, setStatus } from "./common.js";

const ask = latestOnly();  // fills and re-rolls: only the latest request's answer is shown, and none once the grid changed

let panel, status, gridNode, wordsNode;
let height = 5, width = 5;
let cells = [];        // what the user set: "." empty, "#" block, a-z fixed letter
let filled = null;     // the last fill's rows (null until a fill)
let slots = [];        // the last fill's slots: {number, direction, row, column, length}
let selected = -1, direction = "across";
let painting = null;   // while dragging: the value being painted ("#" or ".")

const $ = (id) => panel.querySelector(`#${id}`);

export function init(node) {
  panel = node;
  status = $("gr-status");
  gridNode = $("gr-grid");
  wordsNode = $("gr-words");
  $("gr-form").addEventListener("submit", (event) => { event.preventDefault(); fill(); });
  $("gr-new").addEventListener("click", newGrid);
  $("gr-clear").addEventListener("click", () => { cells = cells.map((c) => (c === "#" ? "#" : ".")); forget(); render(); });
  $("gr-reroll").addEventListener("click", reroll);
  $("gr-export").addEventListener("click", exportIpuz);
  window.addEventListener("mouseup", () => { painting = null; });
  newGrid();
}

function newGrid() {
  height = clamp(Number($("gr-rows").value), 2, 21);
  width = clamp(Number($("gr-cols").value), 2, 21);
  cells = Array(height * width).fill(".");
  forget();
  render();
}

function clamp(value, low, high) {
  return Math.min(high, Math.max(low, Number.isFinite(value) ? Math.round(value) : low));
}

/** Drop the last fill (the grid changed), and the answer of any fill or re-roll still on its way. */
function forget() {
  if (ask.drop()) setStatus(status, "");
  filled = null;
  slots = [];
  selected = -1;
  $("gr-reroll").disabled = true;
  wordsNode.textContent = "";
}

function rows(source) {
  return Array.from({ length: height }, (_, r) => source.slice(r * width, (r + 1) * width).join(""));
}

/** The selected cell's slot in the current direction (after a fill), or null. */
function selectedSlot() {
  if (selected < 0) return null;
  const r = Math.floor(selected / width), c = selected % width;
  return slots.find((s) => s.direction === direction && (direction === "across"
    ? s.row === r && c >= s.column && c < s.column + s.length
    : s.column === c && r >= s.row && r < s.row + s.length)) || null;
}

function inSlot(slot, index) {
  if (!slot) return false;
  const r = Math.floor(index / width), c = index % width;
  return slot.direction === "across" ? r === slot.row && c >= slot.column && c < slot.column + slot.length
    : c === slot.column && r >= slot.row && r < slot.row + slot.length;
}

function render() {
  gridNode.replaceChildren();
  gridNode.style.setProperty("--cols", String(width));
  gridNode.style.gridTemplateColumns = `repeat(${width}, auto)`;
  const slot = selectedSlot();
  cells.forEach((value, index) => {
    const letter = value !== "." && value !== "#" ? value : filled ? filled[Math.floor(index / width)][index % width] : "";
    const classes = [value === "#" ? "block" : "", value !== "." && value !== "#" ? "fixed" : "",
      value === "." && filled ? "filled" : "", inSlot(slot, index) ? "slot" : ""].filter(Boolean).join(" ");
    const r = Math.floor(index / width), c = index % width;
    gridNode.append(el("button", {
      type: "button", class: classes, "data-index": index, tabindex: index === Math.max(selected, 0) ? "0" : "-1",
      "aria-label": `row ${r + 1} column ${c + 1}: ${value === "#" ? "block" : letter || "empty"}`,
      onmousedown: (event) => press(event, index), onmouseenter: () => drag(index),
      onkeydown: (event) => key(event, index),
    }, value === "#" ? "" : letter));
  });
  $("gr-reroll").disabled = !(filled && slot);
}

function press(event, index) {
  event.preventDefault();  // the cell is re-drawn: keep the focus where focusCell puts it
  if (event.shiftKey || filled) {
    direction = selected === index && filled ? (direction === "across" ? "down" : "across") : direction;
    selected = index;
    render();
    focusCell(index);
    return;
  }
  painting = cells[index] === "#" ? "." : "#";
  cells[index] = painting;
  forget();
  selected = index;
  render();
  focusCell(index);
}

function drag(index) {
  if (painting === null || cells[index] === painting) return;
  cells[index] = painting;  // press() began the stroke with forget()
  render();
}

function focusCell(index) {
  const node = gridNode.querySelector(`[data-index="${index}"]`);
  if (node) node.focus();
}

function key(event, index) {
  const moves = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: width, ArrowUp: -width };
  if (event.key in moves) {
    const next = index + moves[event.key];
    if (next >= 0 && next < cells.length) { selected = next; render(); focusCell(next); }
    event.preventDefault();
    return;
  }
  if (/^[a-zA-Z]$/.test(event.key)) cells[index] = event.key.toLowerCase();
  else if (event.key === "Backspace" || event.key === "Delete" || event.key === ".") cells[index] = ".";
  else if (event.key === " " || event.key === "#") cells[index] = cells[index] === "#" ? "." : "#";
  else return;
  event.preventDefault();
  forget();
  selected = index;
  render();
  focusCell(index);
}

function request(extra) {
  const body = { dict: $("gr-dict").value || undefined, min_length: $("gr-american").checked ? 3 : 2, ...extra };
  const floor = Number($("gr-min-score").value);
  if ($("gr-min-score").value !== "" && Number.isFinite(floor)) body.min_score = floor;
  return body;
}

function show(result, verb) {
  const best = result.fills[0];
  if (!best) {
    setStatus(status, result.explanation || result.stopped || "no fill found", "error");
    return;
  }
  filled = best.rows;
  slots = result.grid.slots;
  render();
  wordsNode.textContent = `Words: ${best.words.join(", ")}`;
  const floor = result.floor === null ? "no quality floor" : `quality floor ${result.floor}`;
  setStatus(status, `${verb} at ${floor}: weakest entry ${best.weakest.toUpperCase()} (${best.min_score.toFixed(2)}), `
    + `mean score ${best.mean_score.toFixed(2)} (${result.nodes} nodes, ${result.elapsed_s.toFixed(2)} s)`);
}

async function fill() {
  setStatus(status, "Filling\u2026");
  try {
    const result = await ask("/api/grid/fill", request({ grid: rows(cells), random_seed: Math.floor(Math.random() * 1e6) }));
    forget();
    show(result, "Filled");
  } catch (error) {
    setStatus(status, error.message, "error");
  }
}

async function reroll() {
  const slot = selectedSlot();
  if (!filled || !slot) return;
  const grid = rows(cells.map((value, index) => (value === "#" ? "#" : filled[Math.floor(index / width)][index % width])));
  const name = `${slot.number}-${slot.direction === "across" ? "Across" : "Down"}`;
  setStatus(status, `Re-rolling ${name}\u2026`);
  try {
    const result = await ask("/api/grid/reroll", request({ grid, slot: name, random_seed: Math.floor(Math.random() * 1e6) }));
    const keep = selected;
    show(result, `Re-rolled ${name}`);
    selected = keep;
    render();
  } catch (error) {
    setStatus(status, error.message, "error");
  }
}

async function exportIpuz() {
  const source = filled ? cells.map((value, index) => (value === "#" ? "#" : filled[Math.floor(index / width)][index % width])) : cells;
  try {
    const result = await api("/api/grid/export", { grid: rows(source), format: "ipuz", title: "puzzlewright grid" });
    const link = el("a", { href: URL.createObjectURL(new Blob([result.content], { type: "application/json" })),
      download: "grid.ipuz" });
    link.click();
    URL.revokeObjectURL(link.href);
    setStatus(status, "Exported grid.ipuz");
  } catch (error) {
    setStatus(status, error.message, "error");
  }
}
