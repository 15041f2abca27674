// Acrostic: seed row and pool in, the square out; browse every solution; generate new puzzles.
import { el, latestOnly, setStatus, typed } from "./common.js";

const ask = latestOnly();  // the tab's latest request wins: a slow earlier answer is dropped

const LIMIT = 500;  // solutions fetched per solve (the count still covers them all)
const STALLED_TRIES = 3;  // requests in a row without progress before a listing is given up
let panel, status, gridNode, pager, wordsNode;
let solutions = [], shown = 0, seedLength = 0;

const $ = (id) => panel.querySelector(`#${id}`);

export function init(node) {
  panel = node;
  status = $("ac-status");
  gridNode = $("ac-grid");
  pager = $("ac-pager");
  wordsNode = $("ac-words");
  $("ac-form").addEventListener("submit", (event) => { event.preventDefault(); solve(); });
  $("ac-generate-form").addEventListener("submit", (event) => { event.preventDefault(); generate(); });
  $("ac-prev").addEventListener("click", () => showSolution(shown - 1));
  $("ac-next").addEventListener("click", () => showSolution(shown + 1));
  showEmpty(typed($("ac-seed").value));
}

function renderSquare(rows) {
  gridNode.replaceChildren();
  gridNode.style.setProperty("--cols", String(rows.length));
  gridNode.style.gridTemplateColumns = `repeat(${rows.length}, auto)`;
  gridNode.setAttribute("role", "img");
  gridNode.setAttribute("aria-label", `square: ${rows.join(" ")}`);
  rows.forEach((row, r) => [...row].forEach((letter) => gridNode.append(el("span", { class: r === 0 ? "seed" : "" }, letter))));
}

function showEmpty(seed) {
  const n = seed.length;
  if (n < 2) { gridNode.replaceChildren(); return; }
  renderSquare([seed, ...Array.from({ length: n - 1 }, () => " ".repeat(n))]);
}

function showSolution(index) {
  if (!solutions.length) return;
  shown = (index + solutions.length) % solutions.length;
  const solution = solutions[shown];
  renderSquare(solution.rows);
  $("ac-position").textContent = `solution ${shown + 1} of ${solutions.length}`;
  const columns = solution.columns || columnsOf(solution.rows);
  wordsNode.textContent = `Rows: ${solution.rows.join(", ")} \u00B7 Columns: ${columns.join(", ")}`;
}

function columnsOf(rows) {
  return [...rows[0]].map((_, c) => rows.map((row) => row[c]).join(""));
}

async function solve() {
  const seed = typed($("ac-seed").value), pool = typed($("ac-pool").value);
  solutions = [];
  pager.hidden = true;
  wordsNode.textContent = "";
  showEmpty(seed);
  setStatus(status, "Solving\u2026");
  try {
    const result = await ask("/api/acrostic/solve", {
      seed, pool, dict: $("ac-dict").value || undefined, limit: LIMIT,
      distinct: $("ac-distinct").checked, symmetric: $("ac-symmetric").checked,
    });
    solutions = result.solutions || [];
    seedLength = seed.length;
    const complete = !result.complete ? " (search stopped early: there may be more)"
      : result.count >= LIMIT ? ` (the first ${LIMIT}: there may be more)` : "";
    if (!solutions.length) {
      setStatus(status, `No square: this pool cannot complete "${seed}" with ${$("ac-dict").value}${complete}.`);
      return;
    }
    const listed = solutions.length < result.count ? `, the first ${solutions.length} listed` : "";
    setStatus(status, `${result.count.toLocaleString()} solution${result.count === 1 ? "" : "s"}${listed}${complete}.`);
    pager.hidden = solutions.length < 2;
    showSolution(0);
  } catch (error) {
    setStatus(status, error.message, "error");
  }
}

/** Ask for a puzzle; while the server is listing every square of the words (once, then kept: each request
 * continues the listing), show how far it got and ask again, until it stops moving forward. */
async function generateWithProgress(request) {
  let best = -1, stalled = 0;
  for (;;) {
    try {
      return await ask("/api/acrostic/generate", request);
    } catch (error) {
      const progress = error.data && error.data.progress;
      if (typeof progress !== "number") throw error;
      stalled = progress > best ? 0 : stalled + 1;
      best = Math.max(best, progress);
      if (stalled >= STALLED_TRIES) throw error;
      const n = request.size;
      setStatus(status, `Listing every ${n}\u00D7${n} square of these words (once; later puzzles are quick): ${Math.floor(best * 100)} %\u2026`);
    }
  }
}

async function generate() {
  setStatus(status, "Generating\u2026");
  try {
    const result = await generateWithProgress({
      size: Number($("ac-size").value), count: 1, unique: $("ac-unique").checked,
      min_commonness: Number($("ac-floor").value), random_seed: Math.floor(Math.random() * 2 ** 31),
    });
    const puzzle = result.puzzles[0];
    $("ac-seed").value = puzzle.seed;
    $("ac-pool").value = puzzle.pool;
    if (result.dictionary) $("ac-dict").value = result.dictionary;  // the one the puzzle was generated with
    solutions = [];
    pager.hidden = true;
    wordsNode.textContent = "";
    showEmpty(puzzle.seed);
    setStatus(status, `New ${puzzle.size}\u00D7${puzzle.size} puzzle${puzzle.unique ? " with exactly one solution" : ""}. Press Solve to see it.`);
  } catch (error) {
    setStatus(status, error.message, "error");
  }
}
