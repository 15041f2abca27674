// Grid: draw blocks, fix letters, fill every slot with words, re-roll one word, export .ipuz.
// Mouse, pen and touch all paint (pointer events); letters are typed into a real text field over the
// selected cell, so a phone shows its keyboard.
import { api, el, latestOnly, setStatus } from "./common.js";

const ask = latestOnly();  // fills and re-rolls: only the latest request's answer is shown, and none once the grid changed

let panel, status, gridNode, wordsNode;
let height = 5, width = 5;
let cells = [];        // what the user set: "." empty, "#" block, a-z fixed letter
let filled = null;     // the last fill's rows (null until a fill)
let slots = [];        // the last fill's slots: {number, direction, row, column, length}
let selected = -1, direction = "across";
let painting = null;   // while dragging: the value being painted ("#" or ".")
let letterInput;       // the text field laid over the selected cell while typing letters

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
  letterInput = $("gr-letter");
  letterInput.addEventListener("input", typedLetter);
  letterInput.addEventListener("keydown", (event) => letterKey(event));
  letterInput.addEventListener("blur", () => { letterInput.hidden = true; render(); });
  letterInput.addEventListener("pointerdown", () => { turn(); render(); });  // it lies over its cell: a second tap
  $("gr-tap-blocks").addEventListener("change", () => letterInput.blur());
  gridNode.addEventListener("pointermove", drag);
  for (const end of ["pointerup", "pointercancel"]) window.addEventListener(end, () => { painting = null; });
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

/** While letters are typed, the run of open cells through the selected cell in the typing direction (where
 * the letters go, shown before any fill has numbered the slots), in a slot's shape; else null. */
function typingRun() {
  if (selected < 0 || document.activeElement !== letterInput) return null;
  const step = direction === "across" ? 1 : width;
  const open = (index, from) => index >= 0 && index < cells.length && cells[index] !== "#"
    && (direction === "down" || Math.floor(index / width) === Math.floor(from / width));
  let start = selected, end = selected;
  while (open(start - step, start)) start -= step;
  while (open(end + step, end)) end += step;
  return { direction, row: Math.floor(start / width), column: start % width, length: (end - start) / step + 1 };
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
  const slot = selectedSlot() || typingRun();
  cells.forEach((value, index) => {
    const letter = value !== "." && value !== "#" ? value : filled ? filled[Math.floor(index / width)][index % width] : "";
    const classes = [value === "#" ? "block" : "", value !== "." && value !== "#" ? "fixed" : "",
      value === "." && filled ? "filled" : "", inSlot(slot, index) ? "slot" : ""].filter(Boolean).join(" ");
    const r = Math.floor(index / width), c = index % width;
    gridNode.append(el("button", {
      type: "button", class: classes, "data-index": index, tabindex: index === Math.max(selected, 0) ? "0" : "-1",
      "aria-label": `row ${r + 1} column ${c + 1}: ${value === "#" ? "block" : letter || "empty"}`,
      onpointerdown: (event) => press(event, index), onmousedown: (event) => event.preventDefault(),
      onkeydown: (event) => key(event, index),
    }, value === "#" ? "" : letter));
  });
  $("gr-reroll").disabled = !(filled && selectedSlot());
  placeLetterInput();
}

const typingLetters = () => $("gr-tap-letters").checked;

/** Lay the letter field over the selected cell (while it is in use), its label naming the cell. */
function placeLetterInput() {
  const node = gridNode.querySelector(`[data-index="${selected}"]`);
  if (!node || document.activeElement !== letterInput) return;
  letterInput.hidden = false;
  letterInput.style.left = `${node.offsetLeft}px`;
  letterInput.style.top = `${node.offsetTop}px`;
  letterInput.style.width = `${node.offsetWidth}px`;
  letterInput.style.height = `${node.offsetHeight}px`;
  letterInput.value = /^[a-z]$/.test(cells[selected]) ? cells[selected] : "";
  letterInput.classList.toggle("down", direction === "down");  // a thicker edge on the side typing moves to
  letterInput.setAttribute("aria-label",
    `letter for row ${Math.floor(selected / width) + 1} column ${selected % width + 1}, typing ${direction}`);
}

/** Select a cell and type into it through the letter field (a real input: phones show their keyboard). */
function openLetterInput(index) {
  selected = index;
  letterInput.hidden = false;
  letterInput.focus();
  render();
}

/** Switch the selection between its across and down word (the direction letters are typed in). */
function turn() {
  direction = direction === "across" ? "down" : "across";
}

/** A press on a cell (mouse, pen or touch): select it (shift, after a fill, or in letter mode), else begin
 * painting blocks. The cell is re-drawn, so the pointer is released and a drag finds cells by position. */
function press(event, index) {
  event.preventDefault();  // the cell is re-drawn: keep the focus where focusCell puts it
  if (event.target.hasPointerCapture && event.target.hasPointerCapture(event.pointerId)) {
    event.target.releasePointerCapture(event.pointerId);  // touch captures the first cell; a drag moves on
  }
  const letters = typingLetters();
  if (event.shiftKey || filled || letters) {
    if (selected === index && (filled || letters)) turn();
    if (letters) { openLetterInput(index); return; }
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

/** Paint the cell under a moving pointer with the stroke's value (found by position: touch and pen too). */
function drag(event) {
  if (painting === null) return;
  const target = document.elementFromPoint(event.clientX, event.clientY);
  const cell = target && gridNode.contains(target) && target.dataset.index !== undefined;
  const index = cell ? Number(target.dataset.index) : -1;
  if (index < 0 || cells[index] === painting) return;
  cells[index] = painting;  // press() began the stroke with forget()
  render();
}

function focusCell(index) {
  const node = gridNode.querySelector(`[data-index="${index}"]`);
  if (node) node.focus();
}

/** Keys in the letter field: the arrow keys move it (and the selection) to the next cell; Backspace on an
 * empty cell clears the one before it (letters and deleting a letter arrive as input events: typedLetter). */
function letterKey(event) {
  if (event.key === "Backspace" && letterInput.value === "") {  // an empty cell: step back and clear that one
    event.preventDefault();
    const back = selected - (direction === "across" ? 1 : width);
    if (back < 0) return;
    cells[back] = cells[back] === "#" ? "#" : ".";
    forget();
    selected = back;
    render();
    return;
  }
  const move = arrowMove(selected, event.key);
  if (move === null) return;
  event.preventDefault();
  selected = move;
  render();
}

/** A letter typed into the letter field (by any keyboard, on screen too) fixes the cell and moves on along
 * the direction; deleting clears it; a space toggles a block. */
function typedLetter(event) {
  const index = selected, before = cells[index];
  const letter = ((event.data || letterInput.value).match(/[a-z]/gi) || []).pop();
  if (event.data === " " || event.data === "#") cells[index] = before === "#" ? "." : "#";
  else if (letter) cells[index] = letter.toLowerCase();
  else if ((event.inputType || "").startsWith("delete") || letterInput.value === "") cells[index] = ".";
  if (cells[index] !== before) forget();
  selected = letter ? following(index) : index;
  render();
}

/** The cell an arrow key moves to from index (index itself at the grid's edge), or null for other keys. */
function arrowMove(index, key) {
  const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: width, ArrowUp: -width }[key];
  if (step === undefined) return null;
  return index + step >= 0 && index + step < cells.length ? index + step : index;
}

/** The cell after index in the typing direction, where the next letter goes (index itself at the row's or
 * column's end). */
function following(index) {
  const step = direction === "across" ? 1 : width;
  const inLine = direction === "across" ? (index + 1) % width !== 0 : index + width < cells.length;
  return inLine ? index + step : index;
}

/** Keys on a focused cell (a keyboard's way in): arrows move, a letter is fixed and the focus moves on along
 * the word, Backspace clears, Space toggles a block. */
function key(event, index) {
  const move = arrowMove(index, event.key);
  if (move !== null) {
    event.preventDefault();
    selected = move;
    render();
    focusCell(move);
    return;
  }
  const letter = /^[a-zA-Z]$/.test(event.key);
  if (letter) cells[index] = event.key.toLowerCase();
  else if (event.key === "Backspace" || event.key === "Delete" || event.key === ".") cells[index] = ".";
  else if (event.key === " " || event.key === "#") cells[index] = cells[index] === "#" ? "." : "#";
  else return;
  event.preventDefault();
  forget();
  selected = letter ? following(index) : index;
  render();
  focusCell(selected);
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
