// Jumble: scrambled words with clickable circled positions, the answer pattern, and ranked answers; and
// making a Jumble from its final answer, shown as its printable picture.
import { el, latestOnly, setStatus, typed, wordList } from "./common.js";

const ask = latestOnly();  // the tab's latest request wins: a slow earlier answer is dropped
const make = latestOnly();  // the same for making puzzles
let made = null;  // the last puzzle made

const EXAMPLE = {
  words: [["LASRN", [0, 1, 2]], ["SHACE", [0, 3, 4]], ["HOTGUF", [2, 3, 5]], ["CLATHE", [2, 3, 5]]],
  pattern: "----- -------", extra: "sesug, atlanta", caption: "You are here.",
};
let panel, wordsNode, status;
let showingExample = false;  // the worked example is on the page, unchanged

const $ = (id) => panel.querySelector(`#${id}`);

export function init(node) {
  panel = node;
  wordsNode = $("jb-words");
  status = $("jb-status");
  $("jb-add").addEventListener("click", () => { leaveExample(); addWord("", []).querySelector("input").focus(); });
  wordsNode.addEventListener("input", leaveExample);
  $("jb-example").addEventListener("click", loadExample);
  $("jb-form").addEventListener("submit", (event) => { event.preventDefault(); solve(); });
  $("jb-generate-form").addEventListener("submit", (event) => { event.preventDefault(); generate(); });
  $("jb-print").addEventListener("click", printPicture);
  $("jb-load").addEventListener("click", loadMade);
  loadExample();
}

function loadExample() {
  wordsNode.replaceChildren();
  for (const [scrambled, circles] of EXAMPLE.words) addWord(scrambled, circles);
  $("jb-pattern").value = EXAMPLE.pattern;
  $("jb-extra").value = EXAMPLE.extra;
  $("jb-caption").value = EXAMPLE.caption;
  showingExample = true;
}

/** The example's extra words belong to it alone: changing its words makes a new puzzle without them. */
function leaveExample() {
  if (showingExample && $("jb-extra").value === EXAMPLE.extra) $("jb-extra").value = "";
  if (showingExample && $("jb-caption").value === EXAMPLE.caption) $("jb-caption").value = "";
  showingExample = false;
}

/** One scrambled word: its letters, and a toggle per position of its answer (circled or not). */
function addWord(scrambled, circles) {
  const row = el("div", { class: "jumble", role: "group" });
  const input = el("input", { value: scrambled, "aria-label": "scrambled word", autocomplete: "off", spellcheck: "false", maxlength: "12" });
  const positions = el("div", { class: "positions", role: "group", "aria-label": "circled positions of the answer" });
  const remove = el("button", { type: "button", class: "remove", "aria-label": "remove this word", title: "remove this word", onclick: () => { leaveExample(); row.remove(); } }, "\u00D7");
  const relabel = () => {
    row.setAttribute("aria-label", `word ${[...wordsNode.children].indexOf(row) + 1}`);
    const n = Math.min(12, typed(input.value).length);
    const keep = [...positions.children].map((b) => b.getAttribute("aria-pressed") === "true");
    positions.replaceChildren(...Array.from({ length: n }, (_, i) => el("button", {
      type: "button", class: "position", "aria-pressed": String(keep[i] ?? circles.includes(i)),
      "aria-label": `position ${i + 1} circled`, "data-position": i,
      onclick: (event) => {
        const b = event.currentTarget;
        b.setAttribute("aria-pressed", String(b.getAttribute("aria-pressed") !== "true"));
      },
    }, "")));
  };
  input.addEventListener("input", relabel);
  row.append(input, positions, remove);
  wordsNode.append(row);
  relabel();
  return row;
}

function jumbles() {
  return [...wordsNode.children].map((row) => ({
    scrambled: typed(row.querySelector("input").value).toUpperCase(),
    circles: [...row.querySelectorAll(".position")].filter((b) => b.getAttribute("aria-pressed") === "true").map((b) => Number(b.dataset.position)),
  })).filter((j) => j.scrambled);
}

async function solve() {
  $("jb-candidates").replaceChildren();
  $("jb-answers").replaceChildren();
  setStatus(status, "Solving\u2026");
  try {
    const result = await ask("/api/jumble/solve", {
      jumbles: jumbles(), answer_pattern: $("jb-pattern").value, extra_words: wordList($("jb-extra").value), top: 20,
      caption: $("jb-caption").value.trim() || null, explain: true,
    });
    show(result);
  } catch (error) {
    setStatus(status, error.message, "error");
  }
}

function show(result) {
  const answers = result.answers || [];
  (result.words || []).forEach((word, i) => {
    const candidates = word.candidates || [];
    $("jb-candidates").append(el("div", {}, `${word.scrambled.toUpperCase()} \u2192 `,
      candidates.length ? el("b", {}, candidates.map((c) => c.toUpperCase()).join(" / ")) : el("span", { class: "error" }, "no unscrambling")));
    if (answers.length && answers[0].unscrambled) fillPositions(i, answers[0].unscrambled[i]);
  });
  const notes = (result.notes || []).join(" ");
  const summary = answers.length ? `${answers.length} answer${answers.length === 1 ? "" : "s"}, best first.` : "No answer fits the pattern.";
  setStatus(status, notes ? `${summary} ${notes}` : summary);
  answers.forEach((answer, i) => {
    const button = el("button", { type: "button", "aria-pressed": String(i === 0), title: why(answer), onclick: () => choose(button, answer) },
      el("span", { class: "words" }, answer.words.map((w) => w.toUpperCase()).join(" ")),
      answer.score === undefined ? null : el("span", { class: "score" }, `score ${Number(answer.score).toFixed(2)}`));
    $("jb-answers").append(el("li", {}, button));
  });
}

/** A tooltip: the play a pun answer makes, and what each ranking feature adds to the answer's score
 * (0 = a typical true answer). */
function why(answer) {
  const parts = Object.entries(answer.contributions || {}).filter(([, v]) => Math.abs(v) >= 0.01)
    .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1])).map(([k, v]) => `${v > 0 ? "+" : ""}${v.toFixed(2)} ${k.replaceAll("_", " ")}`);
  const score = parts.length ? `score ${Number(answer.score).toFixed(2)} = ${parts.join(", ")}` : "";
  return [answer.play ? `a pun: ${answer.play}` : "", score].filter(Boolean).join("; ");
}

/** Write an unscrambling into a word's position boxes. */
function fillPositions(index, word) {
  const row = wordsNode.children[index];
  if (!row || !word) return;
  row.querySelectorAll(".position").forEach((b, i) => { b.textContent = (word[i] || "").toUpperCase(); });
}

function choose(button, answer) {
  $("jb-answers").querySelectorAll("button").forEach((b) => b.setAttribute("aria-pressed", String(b === button)));
  (answer.unscrambled || []).forEach((word, i) => fillPositions(i, word));
}

async function generate() {
  const picture = $("jb-picture"), genStatus = $("jb-gen-status");
  picture.replaceChildren();
  $("jb-print").disabled = $("jb-load").disabled = true;
  made = null;
  setStatus(genStatus, "Making a Jumble\u2026");
  try {
    const result = await make("/api/jumble/generate", {
      answer: $("jb-gen-answer").value, caption: $("jb-gen-caption").value.trim() || null,
      lengths: $("jb-gen-lengths").value, show_answers: $("jb-gen-key").checked, svg: true,
      random_seed: Math.floor(Math.random() * 2 ** 31),
    });
    made = result.puzzles[0];
    const words = made.jumbles.map((w) => w.scrambled.toUpperCase()).join(" ");  // results give small letters
    picture.append(el("img", { src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(made.svg)}`, alt: `Jumble: ${words}, answer ${made.answer_pattern.toUpperCase()}` }));
    setStatus(genStatus, `${words}: ${made.recovery}. Print it, or solve it here.`);
    $("jb-print").disabled = $("jb-load").disabled = false;
  } catch (error) {
    setStatus(genStatus, error.message, "error");
  }
}

/** Print the made puzzle's picture alone (the print style hides the rest of the page). */
function printPicture() {
  document.body.classList.add("print-picture");
  window.addEventListener("afterprint", () => document.body.classList.remove("print-picture"), { once: true });
  window.print();
}

/** Put the made puzzle into the solver's form (its words, circles, pattern and caption). */
function loadMade() {
  if (!made) return;
  wordsNode.replaceChildren();
  for (const word of made.jumbles) addWord(word.scrambled.toUpperCase(), word.circles);
  $("jb-pattern").value = made.answer_pattern.toUpperCase();
  $("jb-extra").value = "";
  $("jb-caption").value = made.caption || "";
  showingExample = false;
}
