// Grid: a setter's workbench. Pick a shipped block pattern or draw blocks (symmetrically if asked), fix
// letters, fill every slot with words, swap a word for one of its candidates (its crossings are filled
// again), write clues and download .puz or .ipuz. Mouse, pen and touch all paint (pointer events); letters
// are typed into a real text field over the selected cell, so a phone shows its keyboard.
import { api, debounce, el, latestOnly, setStatus } from "./common.js";

const ask = latestOnly();  // fills and re-rolls: only the latest request's answer is shown, and none once the grid changed
const askWords = latestOnly();  // candidate lists: only the one for the slot selected now

let panel, status, gridNode, wordsNode, candidatesNode;
let height = 5, width = 5;
let cells = [];        // what the user set: "." empty, "#" block, a-z fixed letter
let filled = null;     // the last fill's rows (null until a fill)
let slots = [];        // the grid's slots, numbered as crosswords are: {number, direction, row, column, length, cells}
let selected = -1, direction = "across";
let patterns = {};     // the shipped block patterns, by name (from the server)
const clues = new Map();  // clue texts by slot key (its first cell and direction: the key survives renumbering)
let listed = "";       // the slot (and grid) whose candidates are shown or on their way
let painting = null;   // while dragging: the value being painted ("#" or ".")
let letterInput;       // the text field laid over the selected cell while typing letters

const $ = (id) => panel.querySelector(`#${id}`);

/** Set the tab up; the promise settles once the pattern menu is filled (the page waits for it). */
export function init(node) {
  panel = node;
  status = $("gr-status");
  gridNode = $("gr-grid");
  wordsNode = $("gr-words");
  candidatesNode = $("gr-candidates");
  $("gr-form").addEventListener("submit", (event) => { event.preventDefault(); fill(); });
  $("gr-new").addEventListener("click", newGrid);
  $("gr-pattern").addEventListener("change", newGrid);
  $("gr-export-puz").addEventListener("click", () => download("puz"));
  $("gr-clear").addEventListener("click", () => { cells = cells.map((c) => (c === "#" ? "#" : ".")); forget(); render(); });
  $("gr-reroll").addEventListener("click", reroll);
  $("gr-export").addEventListener("click", () => download("ipuz"));
  letterInput = $("gr-letter");
  letterInput.addEventListener("input", typedLetter);
  letterInput.addEventListener("keydown", (event) => letterKey(event));
  letterInput.addEventListener("blur", () => { letterInput.hidden = true; render(); });
  letterInput.addEventListener("pointerdown", () => { turn(); render(); });  // it lies over its cell: a second tap
  $("gr-tap-blocks").addEventListener("change", () => letterInput.blur());
  gridNode.addEventListener("pointermove", drag);
  for (const end of ["pointerup", "pointercancel"]) window.addEventListener(end, () => { painting = null; });
  newGrid();
  return loadPatterns();
}

/** The pattern menu: the shipped patterns the server lists (without an answer it offers the empty grid). */
async function loadPatterns() {
  try {
    for (const pattern of (await api("/api/grid/patterns")).patterns) {
      patterns[pattern.name] = pattern;
      $("gr-pattern").append(new Option(`${pattern.name} (${pattern.rows.length}\u00D7${pattern.rows[0].length})`,
        pattern.name));
    }
  } catch (error) { /* drawing blocks still works */ }
}

/** A new grid: the chosen pattern's blocks (under its slot rule), or an empty rows x columns rectangle. */
function newGrid() {
  const pattern = patterns[$("gr-pattern").value];
  if (pattern) {
    height = pattern.rows.length;
    width = pattern.rows[0].length;
    $("gr-rows").value = String(height);
    $("gr-cols").value = String(width);
    $("gr-american").checked = pattern.min_length === 3;
    cells = [...pattern.rows.join("")];
  } else {
    height = clamp(Number($("gr-rows").value), 2, 21);
    width = clamp(Number($("gr-cols").value), 2, 21);
    cells = Array(height * width).fill(".");
  }
  clues.clear();
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
  selected = -1;
  $("gr-reroll").disabled = true;
  wordsNode.textContent = "";
  slots = findSlots();
  renderClues();
}

/** Paint one cell with a block or clear it ("#" or "."); with symmetric blocks the cell opposite (half a
 * turn round the centre) follows, unless clearing would wipe a letter typed there. */
function paint(index, value) {
  cells[index] = value;
  const opposite = cells.length - 1 - index;
  if ($("gr-symmetric").checked && (value === "#" || cells[opposite] === "#")) cells[opposite] = value;
}

/** The slots of the grid: runs of two or more open cells, across then down, numbered in reading order
 * where a cell starts a run (the library's numbering, Grid.clue_numbers; a browser test compares them). */
function findSlots() {
  const open = (r, c) => r >= 0 && r < height && c >= 0 && c < width && cells[r * width + c] !== "#";
  const found = [];
  let number = 0;
  for (let r = 0; r < height; r += 1) {
    for (let c = 0; c < width; c += 1) {
      if (!open(r, c)) continue;
      const starts = [];
      for (const [name, dr, dc] of [["across", 0, 1], ["down", 1, 0]]) {
        if (open(r - dr, c - dc) || !open(r + dr, c + dc)) continue;
        let length = 0;
        while (open(r + dr * length, c + dc * length)) length += 1;
        starts.push({ direction: name, row: r, column: c, length,
          cells: Array.from({ length }, (_, i) => (r + dr * i) * width + c + dc * i) });
      }
      if (starts.length) number += 1;
      for (const slot of starts) found.push({ ...slot, number });
    }
  }
  return [...found.filter((s) => s.direction === "across"), ...found.filter((s) => s.direction === "down")];
}

const slotName = (slot) => `${slot.number}-${slot.direction === "across" ? "Across" : "Down"}`;
const slotLabel = (slot) => `${slot.number}${slot.direction === "across" ? "A" : "D"}`;
const slotKey = (slot) => `${slot.cells[0]}${slot.direction[0]}`;

/** A cell's letter as the grid shows it: typed, else the fill's, else "". */
function letterAt(index) {
  const value = cells[index];
  if (value !== "." && value !== "#") return value;
  return filled && value === "." ? filled[Math.floor(index / width)][index % width] : "";
}

function rows(source) {
  return Array.from({ length: height }, (_, r) => source.slice(r * width, (r + 1) * width).join(""));
}

/** The selected cell's slot in the current direction, or null. */
function selectedSlot() {
  if (selected < 0) return null;
  return slots.find((s) => s.direction === direction && s.cells.includes(selected)) || null;
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
  const numbers = new Map(slots.map((s) => [s.cells[0], s.number]));
  cells.forEach((value, index) => {
    const letter = letterAt(index);
    const classes = [value === "#" ? "block" : "", value !== "." && value !== "#" ? "fixed" : "",
      value === "." && filled ? "filled" : "", inSlot(slot, index) ? "slot" : ""].filter(Boolean).join(" ");
    const r = Math.floor(index / width), c = index % width;
    const number = numbers.get(index);
    gridNode.append(el("button", {
      type: "button", class: classes, "data-index": index, tabindex: index === Math.max(selected, 0) ? "0" : "-1",
      "aria-label": `row ${r + 1} column ${c + 1}${number ? `, ${number}` : ""}: `
        + `${value === "#" ? "block" : letter || "empty"}`,
      onpointerdown: (event) => press(event, index), onmousedown: (event) => event.preventDefault(),
      onkeydown: (event) => key(event, index),
    }, number ? el("span", { class: "num", "aria-hidden": "true" }, String(number)) : null,
    el("span", { class: "letter" }, value === "#" ? "" : letter)));
  });
  $("gr-reroll").disabled = !(filled && selectedSlot());
  placeLetterInput();
  showCurrentClue();
  listCandidatesSoon();
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
  paint(index, painting);
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
  paint(index, painting);
  forget();  // the slots (and their numbers) change with the blocks
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
  if (event.data === " " || event.data === "#") paint(index, before === "#" ? "." : "#");
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
  else if (event.key === " " || event.key === "#") paint(index, cells[index] === "#" ? "." : "#");
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
  render();
  showFill(result, verb);
}

/** The status line and word list of a fill that is on the grid now. */
function showFill(result, verb) {
  const best = result.fills[0];
  wordsNode.textContent = `Words: ${best.words.join(", ")}`;
  const floor = result.floor === null ? "no quality floor" : `quality floor ${result.floor}`;
  setStatus(status, `${verb} at ${floor}: weakest entry ${best.weakest.toUpperCase()} (${best.min_score.toFixed(2)}), `
    + `mean score ${best.mean_score.toFixed(2)} (${result.nodes} nodes, ${result.elapsed_s.toFixed(2)} s)`);
  renderClues();
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

/** The grid as it stands: typed letters and blocks, the fill's letters in the other cells. */
function currentRows() {
  return rows(cells.map((value, index) => (value === "#" ? "#" : letterAt(index) || ".")));
}

/** Keep a fill's answer only if it still belongs on the grid shown, and say what happened either way: a
 * change that found no fill leaves the grid as it was, and the message says so (it is not an error). */
function changed(result, what, keep) {
  const best = result.fills[0];
  if (!best) {
    const why = result.explanation || result.stopped || "no word fits its crossings";
    setStatus(status, `${what}: ${why}. The grid is unchanged.`);
    return;
  }
  filled = best.rows;
  selected = keep;
  render();
}

async function reroll() {
  const slot = selectedSlot();
  if (!filled || !slot) return;
  const name = slotName(slot), keep = selected;
  setStatus(status, `Re-rolling ${name}\u2026`);
  try {
    const result = await ask("/api/grid/reroll", request({ grid: currentRows(), slot: name,
      random_seed: Math.floor(Math.random() * 1e6) }));
    changed(result, `${name} could not be re-rolled`, keep);
    if (result.fills[0]) showFill(result, `Re-rolled ${name}`);
  } catch (error) {
    setStatus(status, `${name} was not re-rolled: ${error.message}`, "error");
  }
}

// -- Candidates: the words that can go in the selected slot ---------------------------------------------

/** The grid with the cells round a slot opened (emptied, except letters the user typed), the rest of the
 * fill kept: the slot itself and, at depth 1, every word crossing it (the grid its candidates are listed
 * for: each candidate leaves every crossing a word); at depth 2 also the words crossing those (the grid a
 * picked candidate is filled round: in a dense grid a new word changes its crossings, and they theirs). */
function openedRows(slot, depth) {
  const open = new Set(slot.cells);
  for (let step = 0; step < depth; step += 1) {
    const reached = [...open];
    for (const other of slots) {
      if (other.cells.some((cell) => reached.includes(cell))) other.cells.forEach((cell) => open.add(cell));
    }
  }
  return rows(cells.map((value, index) => (value !== "." ? value : open.has(index) ? "." : letterAt(index) || ".")));
}

const listCandidatesSoon = debounce(() => listCandidates(), 150);

/** List the selected slot's candidates (after a fill, or in letter mode), unless already listed. */
async function listCandidates() {
  const slot = selectedSlot();
  const active = slot && (filled || typingLetters());  // not the letter field's focus: a tap on a candidate takes it
  const grid = active ? (filled ? openedRows(slot, 1) : rows(cells)) : null;
  const wanted = active ? `${slotName(slot)} ${grid.join("/")}` : "";
  if (wanted === listed) return;
  listed = wanted;
  askWords.drop();
  if (!active) {
    $("gr-candidates-title").textContent = "Candidates";
    candidatesNode.replaceChildren();
    return;
  }
  $("gr-candidates-title").textContent = `Candidates for ${slotName(slot)}\u2026`;
  try {
    const result = await askWords("/api/grid/candidates", request({ grid, slot: slotName(slot), limit: 60 }));
    $("gr-candidates-title").textContent = `Candidates for ${result.slot} (${result.pattern.toUpperCase()}): `
      + `${result.total.toLocaleString()}`
      + (result.total > result.candidates.length ? `, best ${result.candidates.length} shown` : "");
    candidatesNode.replaceChildren(...result.candidates.map((candidate) => el("button", {
      type: "button", "data-word": candidate.word, title: `fill score ${candidate.score.toFixed(2)}`,
      onclick: () => place(slot, candidate.word),
    }, candidate.word.toUpperCase(), el("small", {}, candidate.score.toFixed(2)))));
  } catch (error) {
    $("gr-candidates-title").textContent = `Candidates for ${slotName(slot)}`;
    candidatesNode.replaceChildren(el("p", { class: "status error" }, error.message));
  }
}

/** Put a candidate in its slot: before a fill its letters are typed in; after one, the cells round it are
 * filled again (openedRows at depth 2: the crossings update). A word that leaves no fill changes nothing,
 * and says so. */
async function place(slot, word) {
  const name = slotName(slot), keep = selected;
  if (!filled) {
    slot.cells.forEach((cell, i) => { cells[cell] = word[i]; });
    forget();
    selected = keep;
    render();
    setStatus(status, `${word.toUpperCase()} typed into ${name}.`);
    return;
  }
  const placed = [...openedRows(slot, 2).join("")];
  slot.cells.forEach((cell, i) => { placed[cell] = word[i]; });
  setStatus(status, `Putting ${word.toUpperCase()} in ${name}\u2026`);
  try {
    const result = await ask("/api/grid/fill", request({ grid: rows(placed),
      random_seed: Math.floor(Math.random() * 1e6) }));
    changed(result, `${word.toUpperCase()} cannot go in ${name} with the rest of the grid kept`, keep);
    if (result.fills[0]) showFill(result, `Put ${word.toUpperCase()} in ${name}; its crossings filled`);
  } catch (error) {
    setStatus(status, `${word.toUpperCase()} was not put in ${name}: ${error.message}`, "error");
  }
}

// -- Clues and the downloads -----------------------------------------------------------------------

/** The clue sheet: a field per slot, across then down, each beside the slot's letters so far. */
function renderClues() {
  const lists = ["across", "down"].map((way) => el("ol", { "aria-label": way === "across" ? "Across" : "Down" },
    slots.filter((slot) => slot.direction === way).map((slot) => el("li", { "data-slot": slotLabel(slot) },
      el("span", { class: "clue-num" }, slotLabel(slot)),
      el("span", { class: "answer" }, slot.cells.map((cell) => letterAt(cell).toUpperCase() || "\u00B7").join("")),
      el("input", {
        "data-slot": slotLabel(slot), maxlength: "300", autocomplete: "off", value: clues.get(slotKey(slot)) || "",
        "aria-label": `clue for ${slotName(slot)}`,
        oninput: (event) => clues.set(slotKey(slot), event.target.value),
        onfocus: () => selectSlot(slot),
      })))));
  $("gr-clues").replaceChildren(...lists);
  showCurrentClue();
}

/** Select a slot from its clue (the grid outlines it and lists its candidates). */
function selectSlot(slot) {
  if (selectedSlot() === slot) return;
  selected = slot.cells[0];
  direction = slot.direction;
  render();
}

/** Mark the selected slot's clue. */
function showCurrentClue() {
  const slot = selectedSlot();
  for (const item of $("gr-clues").querySelectorAll("li")) {
    item.classList.toggle("current", Boolean(slot) && item.dataset.slot === slotLabel(slot));
  }
}

/** The clues typed so far, by slot label ("1A"), as the export takes them. */
function typedClues() {
  const typed = {};
  for (const slot of slots) {
    const text = (clues.get(slotKey(slot)) || "").trim();
    if (text) typed[slotLabel(slot)] = text;
  }
  return typed;
}

/** Download the grid (typed and filled letters) as .puz or .ipuz, with its title, author and clues. */
async function download(format) {
  try {
    const result = await api("/api/grid/export", { grid: currentRows(), min_length: request({}).min_length, format,
      title: $("gr-title").value, author: $("gr-author").value, clues: typedClues() });
    const bytes = result.encoding === "base64" ? Uint8Array.from(atob(result.content), (c) => c.charCodeAt(0))
      : result.content;
    const link = el("a", { href: URL.createObjectURL(new Blob([bytes], { type: "application/octet-stream" })),
      download: `grid.${format}` });
    link.click();
    URL.revokeObjectURL(link.href);
    setStatus(status, `Downloaded grid.${format}`);
  } catch (error) {
    setStatus(status, error.message, "error");
  }
}
