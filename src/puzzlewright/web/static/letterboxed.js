// Letter Boxed: the box drawn as SVG, the solutions best first; choosing one draws its path. Play mode: the
// player's own words, each checked by /api/letterboxed/play, drawn as they go, with hints a step at a time.
import { el, latestOnly, setStatus } from "./common.js";

const ask = latestOnly();  // the tab's latest request wins: a slow earlier answer is dropped

const CENTRE = 160, RADIUS = 142, LABEL_OFFSET = 22, SHOWN = 300;
let panel, box, status, list;
let points = {};  // letter -> [x, y] of its dot
let game = null;  // play mode: { sides, played: [...], hints: n } (null when solving)

const $ = (id) => panel.querySelector(`#${id}`);

export function init(node) {
  panel = node;
  box = $("lb-box");
  status = $("lb-status");
  list = $("lb-solutions");
  $("lb-form").addEventListener("submit", (event) => { event.preventDefault(); solve(); });
  $("lb-generate").addEventListener("click", generate);
  addPlayControls();
  $("lb-sides").addEventListener("input", () => draw(parseSides($("lb-sides").value)));
  draw(parseSides($("lb-sides").value));
}

/** "RME-WCL-TGK-API", "RME WCL TGK API" or "RMEWCLTGKAPI" (3 per side) as a list of sides. */
function parseSides(text) {
  const cleaned = (text || "").trim().toUpperCase();
  if (/[^A-Z]/.test(cleaned)) return cleaned.split(/[^A-Z]+/).filter(Boolean);
  return cleaned.match(/.{1,3}/g) || [];
}

/** The corners of a regular polygon with flat top, clockwise from the top left. */
function corners(n) {
  const start = -Math.PI / 2 - Math.PI / n;
  return Array.from({ length: n }, (_, i) => {
    const angle = start + (2 * Math.PI * i) / n;
    return [CENTRE + RADIUS * Math.cos(angle), CENTRE + RADIUS * Math.sin(angle)];
  });
}

function draw(sides) {
  sides = sides.map((side) => side.toUpperCase());  // results give letters in small letters
  box.replaceChildren(el("title", { id: "lb-box-title" }, sides.length ? `Box: ${sides.join(" ")}` : "The box"));
  points = {};
  if (sides.length < 3) return;
  const vertices = corners(sides.length);
  box.append(el("polygon", { class: "edge", points: vertices.map((v) => v.join(",")).join(" ") }));
  sides.forEach((side, i) => {
    const [x1, y1] = vertices[i], [x2, y2] = vertices[(i + 1) % sides.length];
    const length = Math.hypot(x2 - x1, y2 - y1);
    const normal = [(y2 - y1) / length, -(x2 - x1) / length];  // points out of a clockwise polygon
    [...side].forEach((letter, j) => {
      const t = (j + 1) / (side.length + 1);
      const x = x1 + (x2 - x1) * t, y = y1 + (y2 - y1) * t;
      points[letter] = [x, y];
      box.append(el("circle", { class: "dot", cx: x, cy: y, r: 7, "data-letter": letter }));
      box.append(el("text", { class: "letter", x: x + normal[0] * LABEL_OFFSET, y: y + normal[1] * LABEL_OFFSET }, letter));
    });
  });
}

/** Draw a solution's path over the box, one colour per word. */
function drawPath(words) {
  box.querySelectorAll(".path, .start").forEach((node) => node.remove());
  box.querySelectorAll(".dot").forEach((dot) => dot.classList.remove("used"));
  const dots = box.querySelector(".dot");
  words.forEach((word, i) => {
    const coords = [...word.toUpperCase()].map((letter) => points[letter]).filter(Boolean);
    const line = el("polyline", { class: "path", points: coords.map((p) => p.join(",")).join(" "), stroke: `var(--path-${(i % 5) + 1})`, "data-word": word.toUpperCase() });
    box.insertBefore(line, dots);
    if (i === 0 && coords.length) box.insertBefore(el("circle", { class: "start path", cx: coords[0][0], cy: coords[0][1], r: 11, stroke: "var(--path-1)" }), dots);
  });
  const used = new Set(words.join("").toUpperCase());
  box.querySelectorAll(".dot").forEach((dot) => dot.classList.toggle("used", used.has(dot.dataset.letter)));
}

async function solve() {
  if (game) stopGame();
  const sides = parseSides($("lb-sides").value);
  draw(sides);
  list.replaceChildren();
  setStatus(status, "Solving\u2026");
  try {
    const result = await ask("/api/letterboxed/solve", {
      sides: $("lb-sides").value.trim(), max_words: Number($("lb-max").value), dict: $("lb-dict").value || undefined, limit: SHOWN, explain: true,
    });
    showSolutions(result);
  } catch (error) {
    setStatus(status, error.message, "error");
  }
}

function showSolutions(result) {
  const solutions = result.solutions || [];
  draw(result.sides);  // the box as the server read it
  if (!solutions.length) {
    setStatus(status, result.message || `No solution within ${$("lb-max").value} words.`);
    return;
  }
  const more = result.count > solutions.length ? ` (showing the best ${solutions.length})` : "";
  const partial = result.complete === false ? " The search stopped early: there may be more." : "";
  const plural = (n, thing) => `${n.toLocaleString()} ${thing}${n === 1 ? "" : "s"}`;
  const sizes = Object.entries(result.by_words || {}).map(([k, n]) => `${n.toLocaleString()} of ${plural(Number(k), "word")}`);
  const kinds = sizes.length > 1 ? ` (${sizes.join(", ")})` : ` of ${plural(result.min_words, "word")}`;
  setStatus(status, `${plural(result.count, "solution")}${kinds}, fewest words first, then best first${more}. Choose one to draw it.${partial}`);
  solutions.forEach((solution) => {
    const button = el("button", { type: "button", "aria-pressed": "false", onclick: () => choose(button, solution.words) },
      el("span", { class: "words" }, solution.words.flatMap((w, i) => [i ? " \u2013 " : "", el("span", { class: `w${(i % 5) + 1}` }, w.toUpperCase())])),
      solution.score === undefined ? null : el("span", { class: "score", title: explanation(solution) }, `score ${Number(solution.score).toFixed(2)}`));
    list.append(el("li", {}, button));
  });
  choose(list.querySelector("button"), solutions[0].words);
}

const FEATURE_NAMES = {
  lowest_zipf: "how often text uses the rarest word", unused_familiarity: "familiarity only dictionaries vouch for",
  shortfall: "familiarity below everyday", letters: "letters", length_gap: "length gap",
  shortest: "shortest word's letters", plurals: "plurals", ed_ing: "-ED/-ING words", obscure: "obscure words",
  rarest_level: "rarest SCOWL level", not_wordnet: "words WordNet does not list",
  not_known: "words outside the 40,000 most people know", repeats: "repeated letters",
  letter_surprisal: "rare letters (Z, X, K over E, T)", rarer_word_surprisal: "rare letters in the least-used word",
  join_surprisal: "rare letters joining the words", box_letter_surprisal: "letters few of the box's words hold",
  shared: "words shared with other solutions", commoner_first: "the more used word first (of a pair that goes either way)",
  flagged: "offensive, vulgar or proper words",
};

function explanation(solution) {
  // The score's make-up for the tooltip: each ranking feature's contribution, largest first.
  const parts = Object.entries(solution.contributions || {}).filter(([, value]) => value !== 0);
  parts.sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]));
  const lines = parts.map(([name, value]) => `${value > 0 ? "+" : ""}${value.toFixed(2)}  ${FEATURE_NAMES[name] || name}`);
  return ["Score = sum of (higher: a likelier setter's pick):", ...lines].join("\n");
}

function choose(button, words) {
  list.querySelectorAll("button").forEach((b) => b.setAttribute("aria-pressed", String(b === button)));
  drawPath(words);
}

async function generate() {
  if (game) stopGame();
  setStatus(status, "Making a new puzzle\u2026");
  list.replaceChildren();
  try {
    const result = await ask("/api/letterboxed/generate", { count: 1, random_seed: Math.floor(Math.random() * 2 ** 31) });
    const puzzle = result.puzzles[0];
    if (result.dictionary) $("lb-dict").value = result.dictionary;  // Solve then counts what New puzzle counted
    $("lb-sides").value = puzzle.sides.map((s) => s.toUpperCase()).join("-");
    draw(parseSides($("lb-sides").value));
    const pairs = puzzle.two_word_solutions ? `${puzzle.two_word_solutions.toLocaleString()} two-word solutions` : "";
    const par = puzzle.par ? `par ${puzzle.par}` : "";
    setStatus(status, `New puzzle (${[pairs, par].filter(Boolean).join(", ")}). Press Play to play it, or Solve to see the solutions.`);
  } catch (error) {
    setStatus(status, error.message, "error");
  }
}

// -- play mode ---------------------------------------------------------------------------------------

/** The Play button beside Solve and the play form under the controls (hidden until a game starts). */
function addPlayControls() {
  $("lb-generate").before(el("button", { type: "button", id: "lb-play-start", onclick: startGame }, "Play"));
  const form = el("form", { class: "controls", id: "lb-play", hidden: true, onsubmit: (event) => { event.preventDefault(); playWord(); } },
    el("label", {}, "Your word ", el("input", { id: "lb-word", type: "text", autocomplete: "off", spellcheck: "false", autocapitalize: "characters", enterkeyhint: "send", size: "14" })),
    el("button", { type: "submit", class: "primary" }, "Play word"),
    el("button", { type: "button", id: "lb-hint", onclick: hint }, "Hint"),
    el("button", { type: "button", id: "lb-undo", onclick: undo }, "Take back"),
    el("button", { type: "button", id: "lb-stop", onclick: stopGame }, "Stop"));
  const progress = el("p", { class: "status", role: "status", "aria-live": "polite", id: "lb-play-status", hidden: true });
  $("lb-policy").after(form, progress);
}

/** Start a game of the box in the Sides box: the solutions are hidden, the path drawn is the player's. */
function startGame() {
  game = { sides: $("lb-sides").value.trim(), played: [], hints: 0 };
  list.replaceChildren();
  setStatus(status, "");
  $("lb-play").hidden = $("lb-play-status").hidden = false;
  move({});
  $("lb-word").focus();
}

function stopGame() {
  game = null;
  $("lb-play").hidden = $("lb-play-status").hidden = true;
  drawPath([]);
}

function playWord() {
  const word = $("lb-word").value.trim();
  if (word) move({ word });
}

function hint() {
  const last = game.hint;  // once the word is out (or there is none), asking again repeats the last hint
  if (!(last && (last.word || last.step === 0))) game.hints += 1;
  move({ hints: game.hints });
}

function undo() {
  game.played.pop();
  game.hints = 0;
  move({});
}

/** Ask the server about the game after `extra` (a word to play, hints to show) and show the answer. */
async function move(extra) {
  if (!game) return;
  const node = $("lb-play-status");
  try {
    const result = await ask("/api/letterboxed/play", { sides: game.sides, played: game.played, dict: $("lb-dict").value || undefined, ...extra });
    if (result.played.length !== game.played.length) { game.hints = 0; $("lb-word").value = ""; }
    game.played = result.played;
    game.hint = result.hint;
    draw(result.sides);
    drawPath(result.played);
    const par = result.fewest_words ? `; fewest possible: ${result.fewest_words} word${result.fewest_words === 1 ? "" : "s"}` : "";
    const count = `${result.played.length} word${result.played.length === 1 ? "" : "s"}`;
    const state = result.done ? `Solved in ${count}${par}!` : `${result.letters_used}/${result.letters} letters used, ${count}${par}.`;
    const said = result.refused ? ` Not played: ${result.refused.message}.` : result.hint ? ` Hint: ${result.hint.message}.` : "";
    const partial = result.complete === false ? " The search ran out of time: the par or the hint may be missing." : "";
    setStatus(node, `${result.played.join(" \u2013 ").toUpperCase()} ${state}${said}${partial}`.trim(), result.refused ? "error" : "");
  } catch (error) {
    setStatus(node, error.message, "error");
  }
}
