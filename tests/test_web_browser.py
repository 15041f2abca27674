"""The page in a real browser: Playwright drives Debian's Chromium against a live server on loopback.

Skipped when /usr/bin/chromium or the playwright package is missing (never downloads a browser). With
PUZZLEWRIGHT_SCREENSHOTS=DIR set, each test also saves its tab as DIR/web-<tab>.png at 1280 px and
DIR/web-<tab>-phone.png at 390 px (docs/ keeps them).
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import re
import socket
import threading
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
if not CHROMIUM.exists() or importlib.util.find_spec("playwright") is None:
    pytest.skip("browser tests need /usr/bin/chromium and the playwright package", allow_module_level=True)

from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402

import puzzlewright as pw  # noqa: E402
from puzzlewright.grid.model import Grid  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
SCREENSHOTS = os.environ.get("PUZZLEWRIGHT_SCREENSHOTS")
TIMEOUT_MS = 20_000


def needs(puzzle: str) -> None:
    if importlib.util.find_spec(f"puzzlewright.{puzzle}.api") is None:
        pytest.skip(f"puzzlewright.{puzzle}.api is not there yet")


@contextlib.contextmanager
def live_server(search_seconds: float | None):
    """A real uvicorn server on a free loopback port, in a thread, giving each search ``search_seconds``
    (None: the server's defaults)."""
    import uvicorn

    from puzzlewright.web import create_app

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    app = create_app(loopback_only=True, search_seconds=search_seconds)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


@pytest.fixture(scope="module")
def server_url():
    """The server of the module's tests (10 s a search)."""
    with live_server(10) as url:
        yield url


@pytest.fixture(scope="module")
def setter_server_url():
    """A server as ``puzzlewright serve`` starts it (no ``--budget``): grid fills get their own 20 s, enough
    for the workbench's 15x15 fills, which take a few seconds (docs/web.md says so)."""
    with live_server(None) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser, server_url):
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.server_url = server_url
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def open_tab(page: Page, tab: str) -> None:
    page.goto(f"{page.server_url}/#{tab}")
    page.wait_for_selector("body[data-ready=true]")
    expect(page.locator(f"#panel-{tab}")).to_be_visible()


SCREENSHOT_SIZES = {"": {"width": 1280, "height": 800}, "-phone": {"width": 390, "height": 844}}


def screenshot(page: Page, tab: str) -> None:
    """With PUZZLEWRIGHT_SCREENSHOTS=DIR, save the tab as DIR/web-<tab>.png (1280 wide) and
    DIR/web-<tab>-phone.png (390 wide), then give the page its own size back."""
    if SCREENSHOTS:
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        size = page.viewport_size
        for suffix, viewport in SCREENSHOT_SIZES.items():
            page.set_viewport_size(viewport)
            page.wait_for_timeout(200)  # let the layout settle at the new width
            page.screenshot(path=str(Path(SCREENSHOTS) / f"web-{tab}{suffix}.png"), full_page=True)
        page.set_viewport_size(size)


def paint_impossible_row(page: Page) -> None:
    """Paint row 6 four greens and a yellow, which no guess can score: the row says why."""
    page.click(".swatch.g")
    for c in range(4):
        page.locator(f'#wordle-grid .cell[data-row="5"][data-col="{c}"]').click()
    page.click(".swatch.y")
    page.locator('#wordle-grid .cell[data-row="5"][data-col="4"]').click()
    expect(page.locator('[data-row-note="5"]')).to_contain_text("impossible")


def row_word(page: Page, row: int) -> str:
    return "".join(page.locator(f'#wordle-grid .cell[data-row="{row}"]').all_inner_texts()).lower()


def test_page_loads_with_tabs_and_keyboard_navigation(page):
    open_tab(page, "wordle")
    page.locator("#tab-wordle").focus()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#panel-letterboxed")).to_be_visible()
    expect(page.locator("#tab-letterboxed")).to_be_focused()
    assert page.url.endswith("#letterboxed")
    page.keyboard.press("End")
    expect(page.locator("#panel-grid")).to_be_visible()
    expect(page.locator("#panel-wordle")).to_be_hidden()


def settled_box(page: Page, locator) -> dict:
    """The element's box; a fill that lands meanwhile replaces the grid's cells (the box is then None, the
    element it measured being detached), so measure again."""
    for _ in range(100):
        box = locator.bounding_box()
        if box is not None:
            return box
        page.wait_for_timeout(50)
    raise AssertionError(f"{locator} never settled")


def test_wordle_painted_rows_fill_with_words_that_score_the_pattern(page):
    needs("wordle")
    from puzzlewright.wordle.scoring import feedback

    open_tab(page, "wordle")
    page.fill("#wordle-answer", "crane")
    page.click("#wordle-clear")
    cell = lambda r, c: page.locator(f'#wordle-grid .cell[data-row="{r}"][data-col="{c}"]')  # noqa: E731
    # Row 1 by clicks: G Y B B G.
    page.click(".swatch.g")
    cell(0, 0).click()
    cell(0, 4).click()
    page.click(".swatch.y")
    cell(0, 1).click()
    # Row 2 by dragging green across the whole row (should read CRANE).
    page.click(".swatch.g")
    boxes = [settled_box(page, cell(1, c)) for c in range(5)]  # measured first: painting re-renders the grid
    page.mouse.move(boxes[0]["x"] + 5, boxes[0]["y"] + 5)
    page.mouse.down()
    for box in boxes[1:]:
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=3)
    page.mouse.up()
    # Row 3 by keyboard: focus its first cell, press Y, move right, press G.
    cell(2, 0).focus()
    page.keyboard.press("y")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("g")
    expect(cell(1, 4)).to_have_class(re.compile(r"\bg\b"))
    for row, pattern in ((0, "GYBBG"), (1, "GGGGG"), (2, "YGBBB")):
        expect(page.locator(f'#wordle-grid .cell[data-row="{row}"][data-col="0"]')).not_to_have_text("",
                                                                                                   timeout=TIMEOUT_MS)
        page.wait_for_function(
            "([row, pattern]) => { const cells = [...document.querySelectorAll(`#wordle-grid .cell[data-row='${row}']`)];"
            " return cells.map(c => c.className.split(' ')[1].toUpperCase()).join('') === pattern"
            " && cells.every(c => c.textContent.length === 1); }", arg=[row, pattern])
        word = row_word(page, row)
        assert len(word) == 5 and str(feedback(word, "crane")) == pattern, (row, word)
    assert row_word(page, 1) == "crane"
    emoji = page.locator("#wordle-emoji").inner_text().splitlines()
    # Shared as Wordle shares a game: a header naming the row that solves it, then the emoji rows.
    assert emoji[0] == "Wordle Doodle 2/6" and emoji[1] == ""
    assert emoji[2] == "\U0001F7E9\U0001F7E8\u2B1B\u2B1B\U0001F7E9"
    # A solved row above the last is allowed (it was painted so) but warned about, as on the command line.
    expect(page.locator("#wordle-status")).to_contain_text("row 2 is solved (all green) but is not the last row")


def test_wordle_preset_text_and_saved_image(page):
    needs("wordle")
    from puzzlewright.wordle.pictures import preset_grid
    from puzzlewright.wordle.scoring import feedback

    open_tab(page, "wordle")
    page.fill("#wordle-answer", "crane")
    page.select_option("#wordle-preset", "smiley")
    smiley = preset_grid("smiley", 5)
    for row, pattern in enumerate(smiley):
        page.wait_for_function(
            "([row, pattern]) => { const cells = [...document.querySelectorAll(`#wordle-grid .cell[data-row='${row}']`)];"
            " return cells.map(c => c.className.split(' ')[1].toUpperCase()).join('') === pattern"
            " && cells.every(c => c.textContent.length === 1); }", arg=[row, pattern], timeout=TIMEOUT_MS)
        assert str(feedback(row_word(page, row), "crane")) == pattern
    # The heart's wildcard rows avoid the answer itself above the last row, as the whole-grid fill does.
    from puzzlewright.wordle import api

    page.select_option("#wordle-preset", "heart")
    heart = api.doodle({"answer": "crane", "patterns": [], "preset": "heart", "random_seed": 1,
                        "dict": "wordle-guesses"})
    assert [row.word for row in heart.rows[1:3]] == ["nacre", "nacre"]  # the command line's choice too
    for row in (1, 2):
        page.wait_for_function(
            "([row, word]) => [...document.querySelectorAll(`#wordle-grid .cell[data-row='${row}']`)]"
            ".map(c => c.textContent).join('').toLowerCase() === word", arg=[row, "nacre"], timeout=TIMEOUT_MS)
    page.fill("#wordle-text", "HI")
    page.click("#wordle-draw")
    image = page.locator("#wordle-text-result img")
    expect(image).to_have_attribute("src", re.compile(r"^data:image/svg\+xml"), timeout=TIMEOUT_MS)
    # Sized by a class, not an inline style (the page's Content-Security-Policy blocks those).
    assert image.get_attribute("style") is None and image.evaluate("i => getComputedStyle(i).maxWidth") == "100%"
    expect(image).to_have_attribute("alt", re.compile(r"^2 grid\(s\) spelling HI: count count crank"))
    with page.expect_download(timeout=TIMEOUT_MS) as download:
        page.click("#wordle-png")
    assert download.value.suggested_filename == "wordle-doodle-crane.png"
    assert Path(download.value.path()).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    page.fill("#wordle-text", "H~")
    page.click("#wordle-draw")
    expect(page.locator("#wordle-status")).to_contain_text("the pixel font has no '~'")


def test_wordle_reroll_and_impossible_row(page):
    needs("wordle")
    from puzzlewright.wordle.scoring import feedback

    open_tab(page, "wordle")
    page.fill("#wordle-answer", "crane")
    first = page.locator('#wordle-grid .cell[data-row="0"][data-col="0"]')
    expect(first).not_to_have_text("")
    expect(page.locator("#wordle-status")).to_contain_text("CRANE")
    before = row_word(page, 0)
    page.locator("#wordle-grid .reroll").first.click()
    page.wait_for_function("(before) => [...document.querySelectorAll(\"#wordle-grid .cell[data-row='0']\")]"
                           ".map(c => c.textContent).join('').toLowerCase() !== before", arg=before)
    after = row_word(page, 0)
    pattern = "".join(c.split()[1].upper() for c in
                      page.locator('#wordle-grid .cell[data-row="0"]').evaluate_all("cs => cs.map(c => c.className)"))
    assert str(feedback(after, "crane")) == pattern
    # Four greens and a yellow cannot happen: the row says why.
    page.click("#wordle-clear")
    paint_impossible_row(page)
    page.click("#wordle-copy")
    expect(page.locator("#wordle-status")).to_contain_text(re.compile("Copied|Selected"))
    # A random answer from the Wordle answers: the grid fills for it.
    page.click("#wordle-random")
    expect(page.locator("#wordle-answer")).not_to_have_value("crane")
    answer = page.input_value("#wordle-answer")
    assert re.fullmatch("[a-z]{5}", answer)
    expect(page.locator("#wordle-status")).to_contain_text(answer.upper())
    screenshot_grid(page)


def test_wordle_other_lengths_take_guesses_from_english_and_errors_sit_by_the_answer(page):
    needs("wordle")
    from puzzlewright.wordle.scoring import feedback

    open_tab(page, "wordle")
    page.fill("#wordle-answer", "puzzles")
    expect(page.locator("#wordle-status")).to_contain_text("PUZZLES")
    expect(page.locator("#wordle-dict-used")).to_contain_text("Using english")  # by the box that names the list
    expect(page.locator("#wordle-dict-used")).to_be_visible()
    word = row_word(page, 0)
    assert len(word) == 7 and str(feedback(word, "puzzles")) == "".join(
        c.split()[1].upper() for c in
        page.locator('#wordle-grid .cell[data-row="0"]').evaluate_all("cs => cs.map(c => c.className)"))
    page.fill("#wordle-answer", "ab")  # too short: the error is shown under the answer box
    expect(page.locator("#wordle-answer-error")).to_be_visible()
    expect(page.locator("#wordle-answer-error")).to_contain_text("answer")
    page.fill("#wordle-answer", "crane")
    expect(page.locator("#wordle-status")).to_contain_text("CRANE")
    expect(page.locator("#wordle-answer-error")).to_be_hidden()


def screenshot_grid(page: Page) -> None:
    """The docs' screenshot: the starting smiley, filled."""
    if SCREENSHOTS:
        open_tab(page, "wordle")
        page.reload()  # start again from the page's own picture
        page.wait_for_selector("body[data-ready=true]")
        expect(page.locator("#wordle-status")).to_contain_text("CRANE")
        screenshot(page, "wordle")


def test_letterboxed_solve_and_draw_a_solution(page):
    needs("letterboxed")
    open_tab(page, "letterboxed")
    page.fill("#lb-sides", "RME-WCL-TGK-API")
    expect(page.locator("#lb-box text.letter")).to_have_count(12)
    expect(page.locator("#lb-dict")).to_have_value("english-letterboxed")  # the library's default (#29)
    page.click("#lb-form button[type=submit]")
    solutions = page.locator("#lb-solutions button")
    expect(solutions.first).to_be_visible()
    texts = [t.replace("\u2013", "-").split() for t in solutions.all_inner_texts()]
    picks = [" ".join(t[:3]) for t in texts]
    assert "PRAGMATIC - CAKEWALK" in picks and "MARKETPLACE - EARWIG" in picks
    assert len(picks) == pw.letterboxed.solve("RME-WCL-TGK-API").count == 5  # what Python and the CLI say
    expect(page.locator("#lb-status")).to_contain_text("of 2 words")
    # Click MARKETPLACE - EARWIG: its two words are drawn as two paths, and it is marked chosen.
    choice = solutions.nth(picks.index("MARKETPLACE - EARWIG"))
    choice.click()
    expect(choice).to_have_attribute("aria-pressed", "true")
    drawn = page.locator("#lb-box polyline.path").evaluate_all("lines => lines.map(l => l.dataset.word)")
    assert [w.upper() for w in drawn] == ["MARKETPLACE", "EARWIG"]
    points = page.locator("#lb-box polyline.path").first.get_attribute("points").split()
    assert len(points) == len("MARKETPLACE")
    screenshot(page, "letterboxed")


def test_letterboxed_bad_sides_show_the_error(page):
    needs("letterboxed")
    open_tab(page, "letterboxed")
    page.fill("#lb-sides", "RME-WCL-TGK-APR")
    page.click("#lb-form button[type=submit]")
    expect(page.locator("#lb-status")).to_contain_text("twice")
    expect(page.locator("#lb-status")).to_have_class(re.compile("error"))


def test_letterboxed_new_puzzle_and_solve_count_the_same_solutions(page):
    """New puzzle counts two-word solutions in the dictionary it generated with; Solve (at most 2 words) then
    lists as many, in that dictionary, even after the menu was switched (the tab once counted 47 and listed
    24: it generated in english-letterboxed and solved in english)."""
    needs("letterboxed")
    open_tab(page, "letterboxed")
    page.select_option("#lb-dict", "english")
    page.click("#lb-generate")
    status = page.locator("#lb-status")
    expect(status).to_contain_text("two-word solutions")
    expect(page.locator("#lb-dict")).to_have_value("english-letterboxed")
    pairs = int(re.search(r"([\d,]+) two-word solutions", status.inner_text()).group(1).replace(",", ""))
    page.click("#lb-form button[type=submit]")
    expect(status).to_contain_text("fewest words first")
    assert status.inner_text().startswith(f"{pairs:,} solution")


SLOW_SOLVES = """
// Hold back the answer to any request naming the 5x5 box ABCDE-... by 1.5 s, so that it arrives after the
// request sent next: the race a user meets when a long search ends after they typed a new box.
const realFetch = window.fetch;
window.fetch = async (url, options) => {
  const response = await realFetch(url, options);
  if (options && String(options.body).includes("ABCDE")) await new Promise((done) => setTimeout(done, 1500));
  return response;
};
"""


def test_a_late_answer_does_not_overwrite_the_newer_one(page):
    """Solve a box, then a bad box before the first answer is back: the error stays, the late answer is dropped."""
    needs("letterboxed")
    page.add_init_script(SLOW_SOLVES)
    open_tab(page, "letterboxed")
    page.fill("#lb-sides", "ABCDE-FGHIJ-KLMNO-PQRST-UVWXY")
    page.click("#lb-form button[type=submit]")
    page.fill("#lb-sides", "RME-WCL-TGK-APR")
    page.click("#lb-form button[type=submit]")
    status = page.locator("#lb-status")
    expect(status).to_contain_text("twice")
    page.wait_for_timeout(2500)  # past the held-back answer
    expect(status).to_contain_text("twice")
    expect(status).to_have_class(re.compile("error"))


HELD_GRID_FILLS = """
// Hold back the answers to the first and third grid fills by 1.5 s, so that each arrives after what the
// user did next (a new grid and its own fill; a new grid alone).
const realFetch = window.fetch;
let fills = 0;
window.fetch = async (url, options) => {
  const response = await realFetch(url, options);
  if (String(url).includes("/api/grid/fill") && [0, 2].includes(fills++)) await new Promise((done) => setTimeout(done, 1500));
  return response;
};
"""


def test_a_late_grid_fill_does_not_land_on_a_new_grid(page):
    """Fill a 4x4 grid, start a 3x3 one and fill it before the first answer is back: the late 4x4 answer
    is dropped (it drew its rows over the new grid). A fill still pending when the grid is redrawn is
    dropped too: the new grid stays empty and no longer says it is filling."""
    needs("grid")
    page.add_init_script(HELD_GRID_FILLS)
    open_tab(page, "grid")
    page.fill("#gr-min-score", "")
    status, cells = page.locator("#gr-status"), page.locator("#gr-grid button .letter")
    for rows in ("4", "3"):
        page.fill("#gr-rows", rows)
        page.fill("#gr-cols", rows)
        page.click("#gr-new")
        page.click("#gr-form button[type=submit]")
    expect(status).to_contain_text("Filled", timeout=30_000)
    expect(cells).to_have_count(9)
    shown, said = cells.all_inner_texts(), status.inner_text()
    page.wait_for_timeout(2500)  # past the held-back answer
    assert (cells.all_inner_texts(), status.inner_text()) == (shown, said)
    page.click("#gr-form button[type=submit]")  # held back, then a new grid before it is answered
    page.click("#gr-new")
    page.wait_for_timeout(2500)
    assert [text.strip() for text in cells.all_inner_texts()] == [""] * 9
    expect(status).not_to_contain_text("Fill")


def test_acrostic_seed_puzzle(page):
    needs("acrostic")
    open_tab(page, "acrostic")
    page.fill("#ac-seed", "eras")
    page.fill("#ac-pool", "ceeiklmorstw")
    page.select_option("#ac-dict", "acrostic-4")
    page.press("#ac-pool", "Enter")  # the form submits from the keyboard
    expect(page.locator("#ac-status")).to_contain_text("1 solution")
    cells = page.locator("#ac-grid span")
    expect(cells.first).to_have_text("e")
    assert "".join(cells.all_inner_texts()).lower() == "eraslickmorestew"
    expect(page.locator("#ac-words")).to_contain_text("elms, riot, acre, skew")


def test_acrostic_browse_solutions_and_generate(page):
    needs("acrostic")
    open_tab(page, "acrostic")
    page.fill("#ac-seed", "hahs")
    page.fill("#ac-pool", "aceeeknopsty")
    page.select_option("#ac-dict", "english-large")  # two squares there (a random square of it, seed 13)
    page.click("#ac-form button[type=submit]")
    expect(page.locator("#ac-status")).to_contain_text("2 solutions")
    squares = set()
    for _ in range(2):
        squares.add("".join(page.locator("#ac-grid span").all_inner_texts()).lower())
        page.click("#ac-next")
    expect(page.locator("#ac-position")).to_contain_text("solution 1 of 2")
    assert len(squares) == 2 and "hahsopencasekyte" in squares
    screenshot(page, "acrostic")
    page.fill("#ac-size", "4")
    page.click("#ac-generate-form button[type=submit]")
    expect(page.locator("#ac-status")).to_contain_text("New 4\u00D74 puzzle")
    assert len(page.input_value("#ac-seed")) == 4 and len(page.input_value("#ac-pool")) == 12


def test_jumble_paper_puzzle(page):
    needs("jumble")
    open_tab(page, "jumble")
    page.click("#jb-example")
    rows = page.locator("#jb-words .jumble")
    expect(rows).to_have_count(4)
    # The circles of SHACE's answer are positions 1, 4 and 5: toggle one off and on again by clicking.
    circle = rows.nth(1).locator(".position").nth(3)
    expect(circle).to_have_attribute("aria-pressed", "true")
    circle.click()
    expect(circle).to_have_attribute("aria-pressed", "false")
    circle.click()
    expect(circle).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#jb-pattern")).to_have_value("----- -------")
    page.click("#jb-form button[type=submit]")
    answers = page.locator("#jb-answers button .words")
    expect(answers.first).to_have_text("SESUG ATLANTA")
    expect(page.locator("#jb-candidates")).to_contain_text("CHASE")
    # The chosen answer's unscramblings fill the letter boxes: SHACE reads ACHES.
    assert "".join(rows.nth(1).locator(".position").all_inner_texts()) == "ACHES"
    screenshot(page, "jumble")
    # The example's extra words are for it alone: a new puzzle starts without them.
    expect(page.locator("#jb-extra")).to_have_value("sesug, atlanta")
    expect(page.locator("#jb-example-help")).to_contain_text("the article this solver grew from")
    rows.nth(0).locator("input").fill("OLHEL")
    expect(page.locator("#jb-extra")).to_have_value("")
    page.click("#jb-example")
    expect(page.locator("#jb-extra")).to_have_value("sesug, atlanta")


def test_jumble_tab_makes_a_puzzle_from_an_answer_and_prints_it(page):
    needs("jumble")
    open_tab(page, "jumble")
    page.fill("#jb-gen-answer", "LOST {HIS} BALANCE")
    page.fill("#jb-gen-caption", "THE TIGHTROPE WALKER SNEEZED AND - - -")
    page.check("#jb-gen-key")
    page.click("#jb-generate-form button[type=submit]")
    expect(page.locator("#jb-gen-status")).to_contain_text("the solver ranks the answer")
    picture = page.locator("#jb-picture img")
    expect(picture).to_have_count(1)
    assert page.evaluate("document.querySelector('#jb-picture img').naturalWidth") > 0  # the SVG drew
    assert "---- {HIS} -------" in picture.get_attribute("alt")
    # Print: the page asks the browser to print, with the picture alone shown for it.
    page.evaluate("() => { window.printed = []; window.print = () => window.printed.push(document.body.className); }")
    page.click("#jb-print")
    assert page.evaluate("window.printed") == ["print-picture"]
    page.emulate_media(media="print")
    assert page.evaluate("getComputedStyle(document.querySelector('#jb-generate-form')).visibility") == "hidden"
    assert page.evaluate("getComputedStyle(document.querySelector('#jb-picture img')).visibility") == "visible"
    page.emulate_media(media="screen")
    # Solve it: the made puzzle goes into the solver's form, and the solver finds the answer.
    page.click("#jb-load")
    expect(page.locator("#jb-words .jumble")).to_have_count(4)
    expect(page.locator("#jb-pattern")).to_have_value("---- {HIS} -------")
    page.click("#jb-form button[type=submit]")
    expect(page.locator("#jb-answers button .words").first).to_have_text("LOST BALANCE")


def test_api_docs_page_works_offline(page):
    page.goto(f"{page.server_url}/docs")
    expect(page.locator("#endpoints section.endpoint").first).to_be_visible()
    headings = page.locator("#endpoints h2").all_inner_texts()
    assert "POST /api/letterboxed/solve" in headings and "GET /api/dict/lookup" in headings
    lookup = page.locator("section.endpoint", has_text="GET /api/dict/lookup")
    lookup.locator("button").click()
    expect(lookup.locator("pre")).to_contain_text('"found": true')
    expect(lookup.locator("pre")).to_contain_text("HTTP 200")


def test_phone_width_has_no_sideways_scrolling(browser, server_url):
    context = browser.new_context(viewport={"width": 375, "height": 740})
    page = context.new_page()
    page.server_url = server_url
    for tab in ("wordle", "letterboxed", "acrostic", "jumble", "grid"):
        open_tab(page, tab)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), tab
    context.close()


def test_wordle_any_paint_lets_the_filler_pick_the_colours(page):
    needs("wordle")
    from puzzlewright.wordle.scoring import feedback
    from puzzlewright.wordle.model import Pattern

    open_tab(page, "wordle")
    page.fill("#wordle-answer", "crane")
    page.click("#wordle-clear")
    page.click(".swatch.a")
    for c in (0, 2, 4):
        page.locator(f'#wordle-grid .cell[data-row="0"][data-col="{c}"]').click()
    page.wait_for_function("() => document.querySelectorAll(\"#wordle-grid .cell.wild[data-row='0']\").length === 3"
                           " && [...document.querySelectorAll(\"#wordle-grid .cell[data-row='0']\")]"
                           ".every(c => c.textContent.length === 1)", timeout=TIMEOUT_MS)
    word = row_word(page, 0)
    classes = page.locator('#wordle-grid .cell[data-row="0"]').evaluate_all("cs => cs.map(c => c.className)")
    shown = "".join(c.split()[1].upper() for c in classes)
    pattern = str(feedback(word, "crane"))
    assert shown == pattern and pattern[1] == pattern[3] == "B", (word, shown)
    assert page.locator("#wordle-emoji").inner_text().splitlines()[2] == Pattern.parse(pattern).emoji()


def test_grid_draw_blocks_fix_a_letter_fill_reroll_and_export(page):
    needs("grid")
    from puzzlewright.grid import api
    from puzzlewright.lexicon import load_lexicon
    from puzzlewright.lexicon.phrases import crossword_phrases

    api.fill({"grid": "../.."})  # the server runs in this process: load the compiled filler before timing it
    open_tab(page, "grid")
    page.fill("#gr-rows", "4")
    page.fill("#gr-cols", "5")
    page.click("#gr-new")
    cells = page.locator("#gr-grid button")
    expect(cells).to_have_count(20)
    cells.nth(4).click()  # a block in a corner: with symmetric blocks (the default) the opposite corner follows
    assert grid_letters(page) == "....#" + "." * 10 + "#...."
    cells.nth(0).click(modifiers=["Shift"])
    page.keyboard.press("s")  # a fixed letter
    page.fill("#gr-min-score", "")
    page.click("#gr-form button[type=submit]")
    expect(page.locator("#gr-status")).to_contain_text("Filled", timeout=30_000)
    letters = [text.strip().lower() for text in page.locator("#gr-grid button .letter").all_inner_texts()]
    assert letters[4] == letters[15] == "" and letters[0] == "s"
    rows = ["".join(letter or "#" for letter in letters[r * 5:(r + 1) * 5]) for r in range(4)]
    columns = ["".join(row[c] for row in rows) for c in range(5)]
    words = [run for line in rows + columns for run in line.split("#") if len(run) >= 2]
    english = load_lexicon("english")
    phrases = crossword_phrases("english")  # a fill's entries are words or crossword phrases (EAT IT)
    assert all(word in english or word in phrases for word in words) and len(set(words)) == len(words), rows
    cells.nth(6).click()  # select 5-Across (row 2), then re-roll it
    page.click("#gr-reroll")
    expect(page.locator("#gr-status")).to_contain_text("Re-rolled 5-Across")
    with page.expect_download() as download:
        page.click("#gr-export")
    assert download.value.suggested_filename == "grid.ipuz"
    screenshot(page, "grid")


def no_sideways_scroll(page: Page) -> bool:
    """Whether the page fits the viewport's width (nothing scrolls sideways)."""
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def submit_for_an_error(page: Page, tab: str, values: dict[str, str]) -> None:
    """Fill a tab's form (its id prefix ``tab``) with bad ``values``, submit, and wait for the error."""
    for selector, value in values.items():
        page.fill(selector, value)
    page.click(f"#{tab}-form button[type=submit]")
    expect(page.locator(f"#{tab}-status")).to_have_class(re.compile("error"))


def _wordle_states(page: Page):
    page.fill("#wordle-answer", "crane")
    expect(page.locator("#wordle-status")).to_contain_text("CRANE")
    yield "filled for CRANE"
    page.fill("#wordle-answer", "accomplished")  # 12 letters: the widest grid
    expect(page.locator("#wordle-status")).not_to_be_empty()
    yield "a 12-letter answer"
    page.click("#wordle-clear")
    page.fill("#wordle-answer", "crane")
    paint_impossible_row(page)
    yield "an impossible row's reason"
    page.fill("#wordle-text", "HELLO WORLD")
    page.click("#wordle-draw")
    expect(page.locator("#wordle-text-result img")).to_be_visible()
    yield "drawn text (its image, CSP on)"


def _letterboxed_states(page: Page):
    page.fill("#lb-sides", "RME-WCL-TGK-API")
    page.click("#lb-form button[type=submit]")
    expect(page.locator("#lb-solutions button").first).to_be_visible()
    yield "solved"
    page.fill("#lb-sides", "ABCDE-FGHIJ-KLMNO-PQRST-UVWXY")
    page.click("#lb-form button[type=submit]")
    expect(page.locator("#lb-status")).not_to_be_empty()
    yield "a 5x5 box"
    submit_for_an_error(page, "lb", {"#lb-sides": "RME-WCL-TGK-APR"})
    yield "an error"


def _acrostic_states(page: Page):
    page.fill("#ac-seed", "eras")
    page.fill("#ac-pool", "ceeiklmorstw")
    page.select_option("#ac-dict", "acrostic-4")
    page.click("#ac-form button[type=submit]")
    expect(page.locator("#ac-status")).to_contain_text("1 solution")
    yield "solved"
    page.fill("#ac-size", "5")
    page.click("#ac-generate-form button[type=submit]")
    expect(page.locator("#ac-status")).to_contain_text("New 5\u00D75 puzzle")
    yield "generated 5x5"
    submit_for_an_error(page, "ac", {"#ac-seed": "eras", "#ac-pool": "q" * 47})
    yield "an error"


def _jumble_states(page: Page):
    page.click("#jb-example")
    page.click("#jb-form button[type=submit]")
    expect(page.locator("#jb-answers button .words").first).to_be_visible()
    yield "solved"
    submit_for_an_error(page, "jb", {"#jb-pattern": "-"})
    yield "an error"


def _grid_states(page: Page):
    page.click("#gr-form button[type=submit]")
    expect(page.locator("#gr-status")).not_to_be_empty()
    yield "filled"
    page.fill("#gr-rows", "21")
    page.fill("#gr-cols", "21")
    page.click("#gr-new")
    expect(page.locator("#gr-grid button")).to_have_count(441)
    yield "a 21x21 grid"


PHONE_WIDTH = int(os.environ.get("PUZZLEWRIGHT_PHONE_WIDTH", "390"))  # 360-430 are common; 390 by default
PHONE_STATES = {"wordle": _wordle_states, "letterboxed": _letterboxed_states, "acrostic": _acrostic_states,
                "jumble": _jumble_states, "grid": _grid_states}


CSP_VIOLATIONS = """window.cspViolations = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));"""


@contextlib.contextmanager
def watched_page(browser, server_url: str, width: int, touch: bool):
    """A page ``width`` px wide (a touch screen, a phone's, with ``touch``) on ``server_url``, failing on
    page errors and on anything the page's own Content-Security-Policy blocks (an inline style, say, which
    would leave an image wider than the page)."""
    context = browser.new_context(viewport={"width": width, "height": 844 if touch else 900}, has_touch=touch,
                                  is_mobile=touch, accept_downloads=True)
    context.add_init_script(CSP_VIOLATIONS)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.server_url = server_url
    yield page
    errors += page.evaluate("window.cspViolations")
    context.close()
    assert not errors, f"errors on the page: {errors}"


@pytest.fixture
def phone(browser, server_url):
    """A 390 px touch screen (a phone's), CSP violations and page errors failing the test."""
    with watched_page(browser, server_url, PHONE_WIDTH, touch=True) as page:
        yield page


@pytest.mark.parametrize("tab", list(PHONE_STATES))
def test_phone_tabs_never_scroll_sideways(phone, tab):
    """At 390x844 (a common phone, touch screen, the page's CSP on) no tab scrolls sideways: on arrival,
    after its main task, with long answers, and after an error; the tab bar fits on one line."""
    needs({"grid": "grid"}.get(tab, tab))
    page = phone
    open_tab(page, tab)
    tops = page.locator("[role=tab]").evaluate_all("tabs => tabs.map(t => t.getBoundingClientRect().top)")
    problems = [] if max(tops) - min(tops) < 4 else [f"the tab bar wraps: {tops}"]
    problems += [] if no_sideways_scroll(page) else ["on arrival"]
    for state in PHONE_STATES[tab](page):
        if not no_sideways_scroll(page):
            width = page.evaluate("document.documentElement.scrollWidth")
            problems.append(f"{state} ({width} px)")
    assert not problems, f"{tab} scrolls sideways at {PHONE_WIDTH} px: {problems}"


# -- Touch: a phone paints by tapping and dragging, and types letters with its own keyboard ---------------



def centre(page: Page, selector: str) -> tuple[float, float]:
    box = settled_box(page, page.locator(selector))
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def touch_drag(page: Page, points: list[tuple[float, float]]) -> None:
    """One finger down on the first point, through the others (in small steps), and up: real touch input
    through the DevTools protocol, so the browser makes its pointer events (and would scroll, were the
    grid not marked touch-action: none)."""
    cdp = page.context.new_cdp_session(page)
    touch = lambda kind, at: cdp.send("Input.dispatchTouchEvent", {  # noqa: E731
        "type": kind, "touchPoints": [{"x": at[0], "y": at[1]}] if at else []})
    touch("touchStart", points[0])
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        for step in range(1, 5):
            touch("touchMove", (x0 + (x1 - x0) * step / 4, y0 + (y1 - y0) * step / 4))
    touch("touchEnd", None)
    cdp.detach()


def wordle_cell(r: int, c: int) -> str:
    return f'#wordle-grid .cell[data-row="{r}"][data-col="{c}"]'


def test_phone_wordle_touch_paints_cells(phone):
    """On a touch screen a tap paints one Doodle cell and a finger dragged along a row paints each cell it
    crosses; the page does not scroll sideways meanwhile."""
    needs("wordle")
    open_tab(phone, "wordle")
    phone.fill("#wordle-answer", "crane")
    phone.tap("#wordle-clear")
    expect(phone.locator("#wordle-grid .cell.g")).to_have_count(0)
    phone.tap(".swatch.g")
    phone.touchscreen.tap(*centre(phone, wordle_cell(0, 0)))
    expect(phone.locator(wordle_cell(0, 0))).to_have_class(re.compile(r"\bg\b"))
    phone.tap(".swatch.y")
    touch_drag(phone, [centre(phone, wordle_cell(2, c)) for c in range(5)])
    for c in range(5):
        expect(phone.locator(wordle_cell(2, c))).to_have_class(re.compile(r"\by\b"))
    expect(phone.locator(wordle_cell(1, 0))).to_have_class(re.compile(r"\bb\b"))  # the row above is untouched
    assert phone.evaluate("window.scrollX") == 0 and no_sideways_scroll(phone)
    assert phone.locator("#wordle-emoji").inner_text().splitlines()[4] == "\U0001F7E8" * 5


def grid_cell(index: int) -> str:
    return f'#gr-grid button[data-index="{index}"]'


def new_grid(page: Page, rows: int, columns: int) -> None:
    """Open the Grid tab on a new empty grid of this size."""
    open_tab(page, "grid")
    page.fill("#gr-rows", str(rows))
    page.fill("#gr-cols", str(columns))
    page.click("#gr-new")
    expect(page.locator("#gr-grid button")).to_have_count(rows * columns)


def grid_letters(page: Page) -> str:
    """The grid's cells as one string: a letter, '#' for a block, '.' for an empty cell."""
    return "".join(page.locator("#gr-grid button").evaluate_all(
        "cs => cs.map(c => c.classList.contains('block') ? '#' : "
        "(c.querySelector('.letter').textContent.trim().toLowerCase() || '.'))"))


def test_phone_grid_touch_draws_blocks_and_types_letters_in_a_text_field(phone):
    """On a touch screen a finger drawn across the grid makes blocks and a tap takes one away; in letter
    mode a tap opens a real text field over the cell (a phone's keyboard comes up: inputmode, capitals),
    text typed there (as an on-screen keyboard sends it: input events, no key codes) fixes letters
    along the word, a second tap turns typing downwards, and Backspace clears."""
    needs("grid")
    new_grid(phone, 4, 5)
    touch_drag(phone, [centre(phone, grid_cell(i)) for i in (0, 1, 2)])
    assert grid_letters(phone) == "###" + "." * 14 + "###"  # symmetric blocks: the opposite cells follow
    phone.touchscreen.tap(*centre(phone, grid_cell(1)))
    assert grid_letters(phone) == "#.#" + "." * 14 + "#.#"
    phone.tap("#gr-tap-letters")
    phone.touchscreen.tap(*centre(phone, grid_cell(5)))
    field = phone.locator("#gr-letter")
    expect(field).to_be_focused()
    assert phone.locator("#gr-grid button.slot").count() == 5  # typing across row 2
    assert field.evaluate("f => [f.tagName, f.inputMode, f.autocapitalize]") == ["INPUT", "text", "characters"]
    for letter in "cat":
        phone.keyboard.insert_text(letter)
    assert grid_letters(phone)[5:10] == "cat.."
    expect(phone.locator(grid_cell(5))).to_have_class(re.compile(r"\bfixed\b"))
    field_box, cell_box = settled_box(phone, field), settled_box(phone, phone.locator(grid_cell(8)))
    assert abs(field_box["x"] - cell_box["x"]) < 1 and abs(field_box["y"] - cell_box["y"]) < 1  # over the next cell
    phone.keyboard.press("Backspace")  # on an empty cell: the letter before it goes
    assert grid_letters(phone)[5:10] == "ca..."
    phone.touchscreen.tap(*centre(phone, grid_cell(6)))
    phone.touchscreen.tap(*centre(phone, grid_cell(6)))  # the same cell again: type down
    slot = phone.locator("#gr-grid button.slot").evaluate_all("cs => cs.map(c => Number(c.dataset.index))")
    assert slot == [1, 6, 11, 16], slot  # the word the letters go into is outlined: column 2, all open
    phone.keyboard.insert_text("r")
    phone.keyboard.insert_text("e")
    letters = grid_letters(phone)
    assert letters[6] == "r" and letters[11] == "e", letters
    phone.touchscreen.tap(*centre(phone, grid_cell(11)))
    expect(field).to_have_value("e")
    phone.keyboard.press("Backspace")  # the field holds the cell's letter: Backspace deletes it (an input event)
    assert grid_letters(phone)[11] == "."
    assert no_sideways_scroll(phone)


def test_grid_mouse_drag_draws_blocks_and_letter_mode_takes_typed_keys(page):
    """With a mouse, a drag draws blocks across the cells it passes and a drag from a block clears them;
    in letter mode a click opens the letter field, where typed keys fix letters along the word and the
    arrow keys move the field."""
    needs("grid")
    new_grid(page, 3, 4)
    points = [centre(page, grid_cell(i)) for i in (0, 1, 2)]
    page.mouse.move(*points[0])
    page.mouse.down()
    for point in points[1:]:
        page.mouse.move(*point, steps=4)
    page.mouse.up()
    assert grid_letters(page) == "###." + "...." + ".###"  # symmetric blocks: the opposite cells follow
    page.mouse.move(*points[1])
    page.mouse.down()  # from a block: the stroke clears
    page.mouse.move(*points[2], steps=4)
    page.mouse.up()
    assert grid_letters(page) == "#..." + "...." + "...#"
    page.mouse.move(*centre(page, grid_cell(9)))  # a stroke's end leaves the next move alone
    assert grid_letters(page) == "#..." + "...." + "...#"
    page.uncheck("#gr-symmetric")  # one cell alone
    page.click(grid_cell(11))
    assert grid_letters(page) == "#..." + "...." + "...."
    page.check("#gr-tap-letters")
    page.click(grid_cell(4))
    expect(page.locator("#gr-letter")).to_be_focused()
    page.keyboard.type("Ox")
    page.keyboard.press("ArrowDown")
    page.keyboard.type("t")
    assert grid_letters(page) == "#..." + "ox.." + "..t."


@pytest.mark.parametrize("width", [1000, PHONE_WIDTH])
def test_letterboxed_play_mode_checks_words_gives_hints_and_finishes(browser, server_url, width):
    """Play: a refused word says why and is not drawn; a hint gives one more fact; the solver's answer,
    typed in, is drawn word by word and finishes at par; the page never scrolls sideways on a phone."""
    needs("letterboxed")
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.server_url = server_url
    open_tab(page, "letterboxed")
    page.fill("#lb-sides", "RME-WCL-TGK-API")
    page.click("#lb-play-start")
    status = page.locator("#lb-play-status")
    expect(status).to_contain_text("0/12 letters used, 0 words; fewest possible: 2 words.")
    page.fill("#lb-word", "time")
    page.press("#lb-word", "Enter")
    expect(status).to_contain_text("Not played: TIME has ME from the same side in a row")
    expect(status).to_have_class(re.compile("error"))
    expect(page.locator("#lb-box polyline.path")).to_have_count(0)
    page.fill("#lb-word", "wigwam")
    page.click("#lb-play button[type=submit]")
    expect(status).to_contain_text("WIGWAM 5/12 letters used, 1 word; fewest possible: 2 words.")
    page.click("#lb-hint")
    expect(status).to_contain_text("Hint: the next word starts with M and has 11 letters.")
    page.click("#lb-hint")
    expect(status).to_contain_text("and ends with E.")
    for _ in range(3):  # the word, then the word again (never a request the server refuses)
        page.click("#lb-hint")
        expect(status).to_contain_text("Hint: the next word: MARKETPLACE.")
        expect(status).not_to_have_class(re.compile("error"))
    page.fill("#lb-word", "marketplace")
    page.press("#lb-word", "Enter")
    expect(status).to_contain_text("Solved in 2 words; fewest possible: 2 words!")
    drawn = page.locator("#lb-box polyline.path").evaluate_all("lines => lines.map(l => l.dataset.word)")
    assert drawn == ["WIGWAM", "MARKETPLACE"]
    page.click("#lb-undo")
    expect(status).to_contain_text("WIGWAM 5/12 letters used")
    assert no_sideways_scroll(page)
    page.click("#lb-stop")
    expect(page.locator("#lb-play")).to_be_hidden()
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


# -- The setter's workbench: pattern, numbers, candidates, clues, a .puz another program reads -------------


@pytest.fixture(params=[1280, PHONE_WIDTH], ids=["desktop", "phone"])
def setter(request, browser, setter_server_url):
    """The page at 1280 px (mouse) or at phone width (touch), failing on page errors and CSP violations."""
    with watched_page(browser, setter_server_url, request.param, touch=request.param < 600) as page:
        yield page


def page_numbers(page: Page) -> dict[int, int]:
    """The clue numbers drawn in the grid's cells: cell index -> number."""
    return {int(index): int(number) for index, number in page.locator("#gr-grid button").evaluate_all(
        "cs => cs.filter(c => c.querySelector('.num')).map(c => [c.dataset.index, c.querySelector('.num').textContent])")}


def test_grid_pattern_menu_draws_the_shipped_pattern_with_the_librarys_numbers(setter):
    """Every shipped pattern, picked from the menu, is drawn block for block with the library's clue numbers
    (Grid.clue_numbers, what the exports write); a block drawn with symmetric blocks on keeps it symmetric."""
    needs("grid")
    from puzzlewright.grid.patterns import PATTERNS, pattern_grid

    page = setter
    open_tab(page, "grid")
    for name in PATTERNS:
        page.select_option("#gr-pattern", name)
        shape = pattern_grid(name)
        expect(page.locator("#gr-grid button")).to_have_count(shape.height * shape.width)
        assert grid_letters(page) == shape.cells
        assert page_numbers(page) == shape.clue_numbers(), name
        expect(page.locator("#gr-american")).to_be_checked()
        assert no_sideways_scroll(page), name
    page.select_option("#gr-pattern", "american-1")
    page.locator(grid_cell(16)).click()  # a new block at row 2, column 2: its opposite follows
    letters = grid_letters(page)
    assert letters[16] == letters[224 - 16] == "#"
    drawn = Grid.parse("/".join(letters[r * 15:(r + 1) * 15] for r in range(15)), min_length=2)
    assert drawn.rotationally_symmetric() and page_numbers(page) == drawn.clue_numbers()


def puzzle_rows(page: Page, width: int) -> list[str]:
    letters = grid_letters(page)
    return [letters[r:r + width] for r in range(0, len(letters), width)]


def test_grid_workbench_fill_pick_a_candidate_write_clues_and_download_a_puz(setter, tmp_path):
    """A setter's session: a grid (a shipped 15x15 pattern at desktop width; a small drawn one on a phone),
    filled; a slot selected lists its candidates, best fill score first; picking one puts it in and fills
    its crossings again (or, when no fill fits it, says so and leaves the grid as it was); clues, title and
    author typed on the page come out in the downloaded .puz, which puzpy (another program) reads."""
    needs("grid")
    import puz

    from puzzlewright.grid import api

    api.fill({"grid": "../.."})  # the server runs in this process: load the compiled filler first
    page = setter
    phone_sized = page.viewport_size["width"] < 600
    open_tab(page, "grid")
    page.fill("#gr-min-score", "")
    if phone_sized:
        new_grid(page, 4, 5)
        page.locator(grid_cell(4)).tap()  # a block in a corner, and its opposite
        width, first = 5, 0
    else:
        page.select_option("#gr-pattern", "american-1")
        width, first = 15, 1
    page.click("#gr-form button[type=submit]")
    expect(page.locator("#gr-status")).to_contain_text("Filled", timeout=90_000)
    filled = puzzle_rows(page, width)
    assert "." not in "".join(filled) and pw.grid.verify(filled, min_length=3 if width == 15 else 2).valid

    click = page.locator(grid_cell(first)).tap if phone_sized else page.locator(grid_cell(first)).click
    click()  # select 1-Across
    expect(page.locator("#gr-candidates-title")).to_contain_text("Candidates for 1-Across (")
    buttons = page.locator("#gr-candidates button")
    expect(buttons.first).to_be_visible()
    scores = [float(text) for text in page.locator("#gr-candidates button small").all_inner_texts()]
    assert scores == sorted(scores, reverse=True) and len(scores) > 1
    status = page.locator("#gr-status")
    page.fill("#gr-min-score", "0")  # a fill round a pick stops at floor 1.5 unless asked: ask, as a setter may
    slot = Grid.parse("/".join(filled), min_length=3 if width == 15 else 2).slot_name("1A")
    for word in buttons.evaluate_all("bs => bs.map(b => b.dataset.word)"):  # about half fit the grid kept
        assert len(word) == slot.length and word.isalpha()
        before = grid_letters(page)
        page.locator(f'#gr-candidates button[data-word="{word}"]').click()
        expect(status).to_contain_text(re.compile(f"Put {word.upper()} in 1-Across|{word.upper()} cannot go in 1-Across"),
                                       timeout=90_000)
        if "cannot go" in status.inner_text():  # the true state: no fill, the grid as it was, not an error
            expect(status).not_to_have_class(re.compile("error"))
            assert grid_letters(page) == before and "The grid is unchanged." in status.inner_text()
            continue
        break
    else:
        pytest.fail("none of the candidates could be placed")
    rows = puzzle_rows(page, width)
    grid = Grid.parse("/".join(rows), min_length=3 if width == 15 else 2)
    assert grid.pattern(slot) == word and pw.grid.verify(rows, min_length=grid.min_length).valid

    page.fill('#gr-clues input[data-slot="1A"]', "It\u2019s in the list")
    page.fill('#gr-clues input[data-slot="1D"]', "Going down")
    page.fill("#gr-title", "Workbench test")
    page.fill("#gr-author", "A. Setter")
    with page.expect_download() as download:
        page.click("#gr-export-puz")
    assert download.value.suggested_filename == "grid.puz"
    path = tmp_path / "grid.puz"
    download.value.save_as(path)
    puzzle = puz.read(str(path))
    assert (puzzle.width, puzzle.height, puzzle.title, puzzle.author) == (width, len(rows), "Workbench test", "A. Setter")
    assert puzzle.solution == "".join(rows).upper().replace("#", ".")
    numbering = puzzle.clue_numbering()
    across = {clue["num"]: clue["clue"] for clue in numbering.across}
    down = {clue["num"]: clue["clue"] for clue in numbering.down}
    assert across[1] == "It's in the list" and down[1] == "Going down"
    assert len(numbering.across) + len(numbering.down) == len(grid.slots)
    assert no_sideways_scroll(page)
    if not phone_sized:
        screenshot(page, "grid-workbench")


def test_grid_candidates_while_typing_letters_are_typed_in_when_picked(page):
    """Before any fill, in letter mode, the selected word lists what fits its typed letters; picking one
    types it in (fixed letters), and the list follows the grid."""
    needs("grid")
    new_grid(page, 3, 4)
    page.check("#gr-tap-letters")
    page.click(grid_cell(4))
    page.keyboard.type("l")
    expect(page.locator("#gr-candidates-title")).to_contain_text("Candidates for 5-Across (L...)")
    first = page.locator("#gr-candidates button").first
    word = first.get_attribute("data-word")
    library = pw.grid.candidates(["....", "l...", "...."], "5-Across", limit=60)
    assert [b for b in page.locator("#gr-candidates button").evaluate_all("bs => bs.map(b => b.dataset.word)")] == [
        c.word for c in library]
    first.click()
    expect(page.locator("#gr-status")).to_contain_text(f"{word.upper()} typed into 5-Across")
    assert grid_letters(page) == "...." + word + "...."
    expect(page.locator(grid_cell(5))).to_have_class(re.compile(r"\bfixed\b"))
