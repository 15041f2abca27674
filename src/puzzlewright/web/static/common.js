// Shared helpers of the page: calling the API, building elements, status lines.

/** POST (or GET when body is undefined) a JSON API path; resolves to the result, rejects with the server's message. */
export async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  };
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    throw new Error("the server cannot be reached (is `puzzlewright serve` still running?)");
  }
  let data = null;
  try { data = await response.json(); } catch (error) { /* not JSON: reported below */ }
  if (!response.ok || response.status === 202) {  // 202: not an answer yet (`progress`: asking again continues)
    const failure = new Error((data && data.error) || `request failed (HTTP ${response.status})`);
    failure.data = data;  // the whole JSON body: e.g. `progress` when asking again continues the work
    throw failure;
  }
  return data;
}

/** An `api` for one tab whose callers see only the latest call's outcome: when the form is sent again before
 * the server has answered, the older answer is dropped (its promise never settles), so a slow search that
 * ends late cannot overwrite the result or error of the request that replaced it. Its `drop()` drops the
 * answers of every call in flight (what they answer has been changed or thrown away) and says whether
 * there were any. */
export function latestOnly() {
  let latest = 0, inFlight = 0;
  const never = new Promise(() => {});
  const ask = async (path, body) => {
    const call = ++latest;
    inFlight += 1;
    try {
      const result = await api(path, body);
      return call === latest ? result : never;
    } catch (error) {
      if (call === latest) throw error;
      return never;
    } finally {
      inFlight -= 1;
    }
  };
  ask.drop = () => {
    latest += 1;
    return inFlight > 0;
  };
  return ask;
}

/** An element with attributes (on* keys become listeners) and children (strings become text). */
export function el(tag, attributes = {}, ...children) {
  const svg = ["svg", "line", "polyline", "circle", "text", "rect", "polygon", "g", "title", "path"].includes(tag);
  const node = svg ? document.createElementNS("http://www.w3.org/2000/svg", tag) : document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

/** Show a message in a status line; kind "error" colours it. */
export function setStatus(node, message, kind = "") {
  node.textContent = message;
  node.classList.toggle("error", kind === "error");
}

/** fn, called at most once per `wait` ms after the last call. */
export function debounce(fn, wait) {
  let timer = null;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), wait);
  };
}

/** What the user typed, trimmed and lower case: the server says clearly what is wrong with it, if anything. */
export function typed(text) {
  return (text || "").trim().toLowerCase();
}

/** A comma/space separated word list as an array. */
export function wordList(text) {
  return (text || "").split(/[\s,]+/).map(typed).filter(Boolean);
}

/** Move focus between a group's items with the arrow keys (roving tabindex). */
export function rovingFocus(items, index, key) {
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[key];
  if (step === undefined && key !== "Home" && key !== "End") return null;
  const next = key === "Home" ? 0 : key === "End" ? items.length - 1 : (index + step + items.length) % items.length;
  items.forEach((item, i) => item.setAttribute("tabindex", i === next ? "0" : "-1"));
  items[next].focus();
  return next;
}
