// Wordle Doodle: paint a grid of feedback colours; each row fills with a word that scores exactly that row.
import { api, el, setStatus, debounce, typed } from "./common.js";

// Wildcards (the filler picks): "?" any colour, "+" green or yellow, "-" yellow or grey (presets use "+").
const COLOURS = { G: "g", Y: "y", B: "b", "?": "a", "+": "a", "-": "a" };
const EMOJI = { G: "\u{1F7E9}", Y: "\u{1F7E8}", B: "\u2B1B", "?": "\u2B1C", "+": "\u2B1C", "-": "\u2B1C" };
const NAMES = { G: "green", Y: "yellow", B: "grey", "?": "any colour", "+": "green or yellow", "-": "yellow or grey" };
const WILD = "?+-";
const KEYS = { G: "G", Y: "Y", B: "B", A: "?", "?": "?" };  // keys that paint a focused cell

let panel, grid, status, emoji;
let colour = "G";
let patterns = [];   // one string of G/Y/B per row
let picks = [];      // which match each row shows (matches come in the order the server prefers; a re-roll moves on)
let gridSeed = 1;    // the random seed of a whole-grid fill (hard mode, no word twice); a re-roll changes it
let filled = [];     // the server's row results, with the word shown
let generation = 0;  // drops answers to requests that were overtaken
let painting = false;

const $ = (id) => panel.querySelector(`#${id}`);
const answer = () => typed($("wordle-answer").value);
const width = () => Math.min(12, Math.max(3, answer().length || 5));
const newSeed = () => Math.floor(Math.random() * 2 ** 31);

export function init(node) {
  panel = node;
  grid = $("wordle-grid");
  status = $("wordle-status");
  emoji = $("wordle-emoji");
  setupPalette();
  $("wordle-answer").addEventListener("input", debounce(resize, 250));
  $("wordle-rows").addEventListener("change", resize);
  for (const id of ["wordle-dict", "wordle-hard", "wordle-distinct"]) $(id).addEventListener("change", () => fill());
  $("wordle-random").addEventListener("click", randomAnswer);
  $("wordle-clear").addEventListener("click", () => { patterns = patterns.map((p) => "B".repeat(p.length)); render(); fill(); });
  $("wordle-copy").addEventListener("click", copyEmoji);
  $("wordle-png").addEventListener("click", () => saveImage("png"));
  $("wordle-svg").addEventListener("click", () => saveImage("svg"));
  $("wordle-preset").addEventListener("change", paintPreset);
  $("wordle-picture-form").addEventListener("submit", (event) => { event.preventDefault(); drawText(); });
  grid.addEventListener("pointerdown", startPainting);
  grid.addEventListener("pointermove", continuePainting);
  window.addEventListener("pointerup", stopPainting);
  grid.addEventListener("keydown", onGridKey);
  patterns = smiley(6, 5);
  resize();
}

/** A starting picture, so the tab shows what it does. */
function smiley(rows, cols) {
  const base = ["BGBGB", "BGBGB", "BBBBB", "GBBBG", "BGGGB", "BBBBB"];
  return Array.from({ length: rows }, (_, r) => (base[r] || "B".repeat(cols)).padEnd(cols, "B").slice(0, cols));
}

function setupPalette() {
  const swatches = [...panel.querySelectorAll(".swatch")];
  const pick = (swatch) => {
    colour = swatch.dataset.colour;
    swatches.forEach((s) => {
      s.setAttribute("aria-checked", String(s === swatch));
      s.setAttribute("tabindex", s === swatch ? "0" : "-1");
    });
  };
  swatches.forEach((swatch, i) => {
    swatch.addEventListener("click", () => pick(swatch));
    swatch.addEventListener("keydown", (event) => {
      const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
      if (!step) return;
      event.preventDefault();
      const next = swatches[(i + step + swatches.length) % swatches.length];
      pick(next);
      next.focus();
    });
  });
}

/** Match the grid to the answer's length and the number of rows, keeping what was painted. */
function resize() {
  const rows = Math.min(10, Math.max(1, Number($("wordle-rows").value) || 6));
  const cols = width();
  patterns = Array.from({ length: rows }, (_, r) => (patterns[r] || "").padEnd(cols, "B").slice(0, cols));
  picks = patterns.map((_, r) => picks[r] || 0);
  filled = [];
  render();
  fill();
}

function render() {
  grid.replaceChildren();
  grid.style.setProperty("--cols", String(width()));
  patterns.forEach((pattern, r) => {
    const result = filled[r];
    const word = result && result.word ? result.word : "";
    const used = word ? result.pattern : "";  // the colours the filler chose for "any" cells
    const row = el("div", { class: "row", role: "group", "aria-label": `row ${r + 1}` });
    [...pattern].forEach((mark, c) => {
      const shown = WILD.includes(mark) && used ? `${COLOURS[used[c]]} wild` : COLOURS[mark];
      row.append(el("button", {
        type: "button", class: `cell ${shown}`, "data-row": r, "data-col": c, tabindex: r === 0 && c === 0 ? "0" : "-1",
        "aria-label": `row ${r + 1} letter ${c + 1}: ${NAMES[mark]}${word ? `, ${word[c].toUpperCase()}` : ""}`,
      }, word ? word[c] : ""));
    });
    row.append(el("button", { type: "button", class: "reroll", title: "another word for this row", "aria-label": `another word for row ${r + 1}`, onclick: () => reroll(r) }, "\u21BB"));
    row.append(el("span", { class: "note", "data-row-note": r }, noteFor(result)));
    if (result && !result.possible) row.classList.add("impossible");
    else if (result && !result.word) row.classList.add("nomatch");
    grid.append(row);
  });
  emoji.textContent = emojiText();
}

/** The grid as Wordle shares it: a "Wordle Doodle 4/6" header (the row that solves it, or X when none does)
 * and emoji rows, with the colours used where a word fills the row (so "any" cells show what was picked). */
function emojiText() {
  const shown = patterns.map((p, r) => (filled[r] && filled[r].word ? filled[r].pattern : p));
  const solvedAt = shown.findIndex((p) => /^G+$/.test(p));
  const header = `Wordle Doodle ${solvedAt < 0 ? "X" : solvedAt + 1}/${Math.max(6, shown.length)}`;
  return [header, "", ...shown.map((p) => [...p].map((m) => EMOJI[m]).join(""))].join("\n");
}

function noteFor(result) {
  if (!result) return "";
  if (!result.possible) {
    const reason = result.reason || "no word can score this";
    return reason.startsWith("impossible") ? reason : `impossible: ${reason}`;
  }
  if (!result.word) return result.reason || "no word in the dictionary scores this";
  return `${result.matches.toLocaleString()} fit${result.painted ? ` (picked ${result.pattern})` : ""}`
    + (result.rare ? "; a rare word (neither common nor a Wordle answer): print it knowingly" : "");
}

function cellAt(x, y) {
  const target = document.elementFromPoint(x, y);
  return target && target.classList.contains("cell") && grid.contains(target) ? target : null;
}

function paintCell(cell, mark = colour) {
  const r = Number(cell.dataset.row), c = Number(cell.dataset.col);
  if (patterns[r][c] === mark) return false;
  patterns[r] = patterns[r].slice(0, c) + mark + patterns[r].slice(c + 1);
  picks[r] = 0;
  cell.className = `cell ${COLOURS[mark]}`;
  cell.setAttribute("aria-label", `row ${r + 1} letter ${c + 1}: ${NAMES[mark]}`);
  clearRow(r);
  emoji.textContent = emojiText();
  return true;
}

/** Take a repainted row's word away until the new one arrives (a word must never sit under the wrong colours). */
function clearRow(r) {
  generation += 1;  // answers already on their way were for the old colours
  filled[r] = undefined;
  grid.querySelectorAll(`.cell[data-row="${r}"]`).forEach((cell) => { cell.textContent = ""; });
  const row = grid.children[r];
  row.classList.remove("impossible", "nomatch");
  row.querySelector(".note").textContent = "\u2026";
}

function startPainting(event) {
  const cell = event.target.closest ? event.target.closest(".cell") : null;
  if (!cell) return;
  event.preventDefault();
  painting = true;
  if (paintCell(cell)) fillSoon();
}

function continuePainting(event) {
  if (!painting) return;
  const cell = cellAt(event.clientX, event.clientY);
  if (cell && paintCell(cell)) fillSoon();
}

function stopPainting() {
  painting = false;
}

function onGridKey(event) {
  const cell = event.target.closest(".cell");
  if (!cell) return;
  const r = Number(cell.dataset.row), c = Number(cell.dataset.col);
  const key = event.key.toUpperCase();
  if (key in KEYS || key === " " || key === "ENTER") {
    event.preventDefault();
    if (paintCell(cell, key in KEYS ? KEYS[key] : colour)) fillSoon();
    return;
  }
  const move = { ARROWLEFT: [0, -1], ARROWRIGHT: [0, 1], ARROWUP: [-1, 0], ARROWDOWN: [1, 0] }[key];
  if (!move) return;
  event.preventDefault();
  const nr = Math.min(patterns.length - 1, Math.max(0, r + move[0]));
  const nc = Math.min(width() - 1, Math.max(0, c + move[1]));
  const next = grid.querySelector(`.cell[data-row="${nr}"][data-col="${nc}"]`);
  cell.setAttribute("tabindex", "-1");
  next.setAttribute("tabindex", "0");
  next.focus();
}

const fillSoon = debounce(() => fill(), 120);

/** Whether rows depend on each other (then the whole grid is filled in one request). */
function linkedRows() {
  return $("wordle-hard").checked || $("wordle-distinct").checked;
}

// The Wordle lists hold only 5-letter words: an answer of another length takes its guesses from English.
const FIVE_LETTER_LISTS = new Set(["wordle-guesses", "wordle-answers"]);

/** The guess list a request uses: the one chosen, or English when the chosen list has no words this long. */
function guessList() {
  const chosen = $("wordle-dict").value || "wordle-guesses";
  return answer().length !== 5 && FIVE_LETTER_LISTS.has(chosen) ? "english" : chosen;
}

function request(rows, extra) {
  return { answer: answer(), patterns: rows, dict: guessList(), ...extra };
}

/** A row's result with the word it shows: the server's choice (the first match listed), or after re-rolls the
 * next one, with the pattern that word gets (wildcard rows hold words of several patterns). */
function picked(row, r) {
  let words = row.words || [];
  if (!words.length) return row;
  if (row.painted && r < patterns.length - 1) {  // nothing follows a solved row: the answer itself comes last
    words = [...words.filter((w) => w !== answer()), ...words.filter((w) => w === answer())];
  }
  const word = words[picks[r] % words.length];
  // matches come common words and Wordle answers first: after a rare first choice every other is rare too
  return { ...row, word, pattern: feedback(word, answer()), rare: row.rare && word !== answer() };
}

/** The Wordle feedback of guess against answer as G/Y/B: greens first, then yellows left to right. */
function feedback(guess, target) {
  const marks = [...guess].map((g, i) => (g === target[i] ? "G" : "B"));
  const unused = {};
  [...target].forEach((a, i) => { if (marks[i] !== "G") unused[a] = (unused[a] || 0) + 1; });
  [...guess].forEach((g, i) => {
    if (marks[i] !== "G" && unused[g]) { marks[i] = "Y"; unused[g] -= 1; }
  });
  return marks.join("");
}

/**
 * Ask for the words. Rows are independent unless hard mode or "no word twice" links them: then each row
 * asks for all its matches (cached, so painting one row asks only for that row) and a re-roll shows the
 * next one; linked rows are filled by the server in one request, and a re-roll draws the grid anew.
 */
async function fill() {
  if (answer().length < 3) { showError("Type an answer of 3 to 12 letters, or pick a random one."); return; }
  const mine = ++generation;
  const focused = document.activeElement && grid.contains(document.activeElement) ? document.activeElement : null;
  const focusKey = focused ? [focused.dataset.row, focused.dataset.col, focused.classList.contains("reroll")] : null;
  try {
    let rows;
    if (linkedRows()) {
      const hard = $("wordle-hard").checked, distinct = $("wordle-distinct").checked;
      const result = await api("/api/wordle/doodle", request(patterns, { random_seed: gridSeed, hard, distinct }));
      rows = result.rows;
      noteResult(result);
    } else {
      // Each row's choice depends only on its pattern and the seed, so row by row gives the grid's words.
      const results = await Promise.all(patterns.map((p) => doodleRow(request([p], { all: true, random_seed: gridSeed }))));
      rows = results.map((result, r) => picked(result.rows[0], r));
      noteResult(results[0], solvedAboveLast(rows));
    }
    if (mine !== generation) return;
    filled = rows;
    render();
    restoreFocus(focusKey);
  } catch (error) {
    if (mine !== generation) return;
    filled = [];
    render();
    showError(error.message);
  }
}

/** An error next to what caused it: about the answer under the answer box, anything else in the status. */
function showError(message) {
  const aboutAnswer = /\banswer\b/i.test(message);
  const near = $("wordle-answer-error");
  near.textContent = aboutAnswer ? message : "";
  near.hidden = !aboutAnswer;
  setStatus(status, aboutAnswer ? "" : message, aboutAnswer ? "" : "error");
}

const rowCache = new Map();  // request -> result, so painting one row asks only for that row

async function doodleRow(body) {
  const key = JSON.stringify(body);
  if (!rowCache.has(key)) {
    if (rowCache.size > 500) rowCache.clear();
    rowCache.set(key, await api("/api/wordle/doodle", body));
  }
  return rowCache.get(key);
}

function noteResult(result, extra = []) {
  const notes = [...(result.notes || []), ...extra].join("; ");
  $("wordle-answer-error").hidden = true;
  showGuessList();
  setStatus(status, `Answer: ${result.answer.toUpperCase()}${notes ? ` \u2014 ${notes}.` : ""}`);
}

/** Under the "Guesses from" box, the list really used when it is not the one chosen. */
function showGuessList() {
  const used = $("wordle-dict-used");
  const switched = guessList() !== ($("wordle-dict").value || "wordle-guesses");
  used.textContent = switched ? `Using ${guessList()}: the Wordle lists have only 5-letter words.` : "";
  used.hidden = !switched;
}

/** Warnings for all-green rows above the last (a row-by-row fill has no grid to warn about them). */
function solvedAboveLast(rows) {
  return rows.slice(0, -1).flatMap((row, r) => (row && /^G+$/.test(row.pattern)
    ? [`warning: row ${r + 1} is solved (all green) but is not the last row; in a real game the rows after it would not be played`]
    : []));
}

function restoreFocus(key) {
  if (!key) return;
  const [r, c, reroll] = key;
  const target = reroll ? grid.querySelectorAll(".reroll")[r] : grid.querySelector(`.cell[data-row="${r}"][data-col="${c}"]`);
  if (target) { target.setAttribute("tabindex", "0"); target.focus(); }
}

function reroll(r) {
  if (linkedRows()) gridSeed = newSeed();
  else picks[r] += 1;
  fill();
}

async function randomAnswer() {
  try {
    const result = await api("/api/wordle/doodle", { answer: "random", patterns: ["GGGGG"], random_seed: newSeed() });
    $("wordle-answer").value = result.answer;
    resize();
  } catch (error) {
    setStatus(status, error.message, "error");
  }
}

/** Paint the grid with a named picture from the server (its painted rows; wildcards stay wildcards). */
async function paintPreset() {
  const name = $("wordle-preset").value;
  if (!name) return;
  try {
    const result = await api("/api/wordle/doodle", request([], { preset: name, random_seed: gridSeed }));
    patterns = result.rows.map((row) => row.painted || row.pattern);
    $("wordle-rows").value = String(patterns.length);
    picks = patterns.map(() => 0);
    filled = [];
    render();
    fill();
  } catch (error) {
    setStatus(status, error.message, "error");
  }
  $("wordle-preset").value = "";
}

/** Draw the text in the pixel font over as many grids as it needs, shown as one image with its words. */
async function drawText() {
  const target = $("wordle-text-result");
  try {
    const result = await api("/api/wordle/doodle", request([], { text: $("wordle-text").value, random_seed: gridSeed, image: "svg" }));
    const image = el("img", { src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(result.image)}`, class: "picture",
      alt: `${result.grids.length} grid(s) spelling ${$("wordle-text").value}: ${result.rows.map((row) => row.word || "-----").join(" ")}` });
    target.replaceChildren(image);
    noteResult(result);
  } catch (error) {
    target.replaceChildren();
    setStatus(status, error.message, "error");
  }
}

/** Download the filled grid as an image the server draws (PNG or SVG), with each row's first choice of word
 * (the same seed and options as the grid; a row re-rolled on the page shows its first word again). */
async function saveImage(format) {
  try {
    const options = { random_seed: gridSeed, image: format, hard: $("wordle-hard").checked, distinct: $("wordle-distinct").checked };
    const result = await api("/api/wordle/doodle", request(patterns, options));
    const href = format === "png" ? result.image : `data:image/svg+xml;charset=utf-8,${encodeURIComponent(result.image)}`;
    const link = el("a", { href, download: `wordle-doodle-${answer()}.${format}` });
    document.body.append(link);
    link.click();
    link.remove();
  } catch (error) {
    setStatus(status, error.message, "error");
  }
}

async function copyEmoji() {
  const text = emoji.textContent;
  try {
    await navigator.clipboard.writeText(text);
    setStatus(status, "Copied the grid as emoji.");
  } catch (error) {
    const range = document.createRange();
    range.selectNodeContents(emoji);
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    setStatus(status, "Selected the emoji: press Ctrl+C (or \u2318C) to copy.");
  }
}
