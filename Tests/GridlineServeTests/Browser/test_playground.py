"""The playground in headless Chromium, through real input events: the wheel, a pointer
that drags and lifts, clicks and key presses. Each check compares the page with numbers
`gl run` computes for the same script and gestures, not with numbers the page reports
about itself."""

import statistics
import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.mouse_button import MouseButton
from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import GL, ROOT, gl_run_json, screenshot


def settle(driver, timeout=30):
    """Waits until the engine has answered everything the page sent and nothing moves."""
    WebDriverWait(driver, timeout, poll_frequency=0.05).until(
        lambda d: d.execute_script("return !!(window.gridline && window.gridline.settled())"))


def latest(driver):
    return driver.execute_script("return window.gridline.latest")


def session_lines(driver):
    return driver.find_element(By.ID, "session").text.splitlines()


def on_screen(driver, selector):
    """Each matching element's box as drawn, in content coordinates: where it is on the
    page, back through the device's scale and the bounds' origin."""
    return driver.execute_script("""
        const g = window.gridline;
        const device = document.getElementById('device-view').getBoundingClientRect();
        const s = g.viewport.scale, b = g.latest.bounds;
        return [...document.querySelectorAll(arguments[0])].map((n) => {
          const r = n.getBoundingClientRect();
          return { path: n.dataset.indexPath, kind: n.dataset.kind, frame: n.dataset.frame,
            x: (r.left - device.left) / s + b.x, y: (r.top - device.top) / s + b.y,
            width: r.width / s, height: r.height / s };
        });""", selector)


def wheel(driver, dy):
    device = driver.find_element(By.ID, "device-view")
    ActionChains(driver).scroll_from_origin(ScrollOrigin.from_element(device), 0, dy).perform()


def test_wheel_scrolling_pins_each_header_where_gl_run_puts_it(serve, browser, tmp_path):
    server = serve("examples/sticky-headers.gl")
    browser.get(server.url)
    settle(browser)
    script = (ROOT / "examples/sticky-headers.gl").read_text()
    for dy in (-700, 200, 260):
        wheel(browser, dy)
        settle(browser)
        offset = latest(browser)["bounds"]
        shown = gl_run_json(
            script + f"\nscroll to ({offset['x']}, {offset['y']})\nshow visible\n", tmp_path)
        expected = [r for r in shown if r["type"] == "show"][-1]
        headers = {tuple(e["indexPath"]): e["frame"] for e in expected["elements"]
                   if e["kind"] == "header"}
        drawn = {tuple(map(int, h["path"].split("."))): h
                 for h in on_screen(browser, '.element[data-kind="header"]')}
        assert headers, f"no header is visible at {offset}"
        assert set(drawn) == set(headers), f"offset {offset}"
        for path, frame in headers.items():
            box = drawn[path]
            assert abs(box["y"] - frame["y"]) < 0.05, (path, box, frame)
            assert abs(box["x"] - frame["x"]) < 0.05, (path, box, frame)
            assert abs(box["height"] - frame["height"]) < 0.05, (path, box, frame)
    screenshot(browser, "sticky-headers-wheel")


def drag(driver, dy_steps, step_ms=16):
    """A pointer pressed in the device's middle, moved by each of `dy_steps` (CSS pixels)
    one frame apart, and lifted."""
    device = driver.find_element(By.ID, "device-view")
    actions = ActionBuilder(driver, duration=step_ms)
    pointer = actions.pointer_action
    pointer.move_to(device)
    pointer.pointer_down(MouseButton.LEFT)
    for dy in dy_steps:
        pointer.move_by(0, dy)
    pointer.pointer_up(MouseButton.LEFT)
    actions.perform()


def test_a_drag_released_with_speed_flings_to_where_the_engine_rests(serve, browser, tmp_path):
    server = serve(text="viewport 375 x 667\nlayout flow {\n  item size 100 x 100\n"
                        "  line spacing 10\n  interitem spacing 10\n}\nsection items 400\n")
    browser.get(server.url)
    settle(browser)
    before = latest(browser)["bounds"]["y"]
    drag(browser, [-30] * 8)
    # The motion's frames arrive one by one at the engine's frame rate.
    WebDriverWait(browser, 5, poll_frequency=0.01).until(
        lambda d: d.execute_script("return window.gridline.motion"))
    settle(browser)
    lines = session_lines(browser)
    assert any(l.startswith("drag by (0, -") for l in lines), lines
    releases = [l for l in lines if l.startswith("release velocity")]
    assert len(releases) == 1, lines
    rest = latest(browser)["bounds"]
    assert rest["y"] > before + 240, "the fling travelled beyond the drag"
    script = browser.execute_script("return document.getElementById('source').value")
    replay = gl_run_json(script + "\n" + "\n".join(lines) + "\nprint offset\n", tmp_path)
    printed = [r for r in replay if r["type"] == "print"][-1]["value"]
    assert (printed["x"], printed["y"]) == (rest["x"], rest["y"])
    frames = browser.execute_script("return document.getElementById('scrub').max")
    assert int(frames) > 10
    screenshot(browser, "fling-rest")


def test_a_click_taps_the_item_and_the_inspector_shows_its_attributes(serve, browser):
    server = serve()
    browser.get(server.url)
    settle(browser)
    cell = browser.find_element(By.CSS_SELECTOR, '.element.cell[data-index-path="0.4"]')
    frame = cell.get_attribute("data-frame")
    ActionChains(browser).move_to_element(cell).click().perform()
    settle(browser)
    inspector = browser.find_element(By.ID, "inspector").text
    assert "[0, 4]" in inspector
    x, y, w, h = frame.split(",")
    assert f"({x}, {y}, {w}, {h})" in inspector
    assert any(l.startswith("tap (") for l in session_lines(browser))
    WebDriverWait(browser, 5).until(
        lambda d: "didSelectItemAt: [0, 4]" in d.find_element(By.ID, "inspector").text)
    # How the layout placed it, step by step, with the rules (why item [0, 4]).
    inspector = browser.find_element(By.ID, "inspector").text
    assert "Why here" in inspector and "[FLOW-5" in inspector, inspector
    assert f"({x}, {y}, {w}, {h})." in inspector
    # The view showing it and the pool it came from (DISP-3).
    assert "reuseIdentifier Cell" in inspector, inspector
    assert "selected" in browser.find_element(
        By.CSS_SELECTOR, '.element.cell[data-index-path="0.4"]').get_attribute("class")
    screenshot(browser, "inspector")


HOVER_SCRIPT = """viewport 375 x 600
layout flow {
  item size 100 x 50
  line spacing 6
  interitem spacing 12
  insets (top: 16, left: 24, bottom: 20, right: 16)
}
section items 8
"""


def test_hovering_an_item_outlines_its_line_its_spacing_and_the_section_insets(
        serve, browser, tmp_path):
    server = serve(text=HOVER_SCRIPT)
    browser.get(server.url)
    settle(browser)
    cell = browser.find_element(By.CSS_SELECTOR, '.element.cell[data-index-path="0.4"]')
    ActionChains(browser).move_to_element(cell).perform()
    WebDriverWait(browser, 10).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, ".boxes .box.inset"))
    drawn = browser.execute_script("""
        const g = window.gridline;
        const device = document.getElementById('device-view').getBoundingClientRect();
        const s = g.viewport.scale, b = g.latest.bounds;
        return [...document.querySelectorAll('.boxes .box')].map((n) => {
          const r = n.getBoundingClientRect();
          return { role: n.dataset.role, label: n.dataset.label,
            x: (r.left - device.left) / s + b.x, y: (r.top - device.top) / s + b.y,
            width: r.width / s, height: r.height / s };
        });""")
    # The boxes are where gl run's frames put them: the gap before item 4 runs from item
    # 3's right edge to item 4's left, the line gap above from item 1's bottom to item 4's
    # top, and the top inset from the content's top to the first line.
    shown = gl_run_json(HOVER_SCRIPT + "show visible\n", tmp_path)
    frames = {tuple(e["indexPath"]): e["frame"]
              for e in [r for r in shown if r["type"] == "show"][-1]["elements"]}
    f0, f1, f3, f4 = frames[(0, 0)], frames[(0, 1)], frames[(0, 3)], frames[(0, 4)]

    def find(role, x, y, width, height):
        match = [b for b in drawn if b["role"] == role and abs(b["x"] - x) < 0.05
                 and abs(b["y"] - y) < 0.05 and abs(b["width"] - width) < 0.05
                 and abs(b["height"] - height) < 0.05]
        assert match, (role, x, y, width, height, drawn)
        return match[0]

    find("item", f4["x"], f4["y"], f4["width"], f4["height"])
    gap = find("spacing", f3["x"] + f3["width"], f4["y"],
               f4["x"] - f3["x"] - f3["width"], f4["height"])
    assert gap["label"] == f"minimumInteritemSpacing 12 → {f4['x'] - f3['x'] - f3['width']:g}"
    line_gap = find("spacing", f3["x"], f1["y"] + f1["height"], 335, f4["y"] - f1["y"] - f1["height"])
    assert line_gap["label"] == "minimumLineSpacing 6"
    top = find("inset", 0, 0, 375, f0["y"])
    assert top["label"] == "sectionInset.top 16"
    # The caption lists what is drawn, one line a box.
    info = browser.find_element(By.ID, "box-info").text
    assert "sectionInset.left 24" in info and "line 2: 3 items" in info, info
    screenshot(browser, "hover-boxes")
    # Off the items, the boxes go.
    ActionChains(browser).move_to_element(browser.find_element(By.ID, "geometry")).perform()
    WebDriverWait(browser, 5).until(
        lambda d: not d.find_elements(By.CSS_SELECTOR, ".boxes .box"))
    assert not browser.find_element(By.ID, "box-info").is_displayed()


REPLAY_SCRIPT = """viewport 375 x 400
layout flow {
  item size 375 x 60
  line spacing 0
}
section items 5
scroll to y 0
batch over 4 frames {
  insert items [0, 0]
}
scroll to y 100
"""


def test_an_animation_of_the_run_plays_again_on_the_timeline(serve, browser, tmp_path):
    server = serve(text=REPLAY_SCRIPT)
    browser.get(server.url)
    settle(browser)
    # The run went to its end; the batch it animated is offered to play again.
    assert latest(browser)["bounds"]["y"] == 100
    # A gesture first, so the session has a line of its own before the replay.
    wheel(browser, -40)
    settle(browser)
    assert any(l.startswith("scroll to") for l in session_lines(browser))
    replay = Select(browser.find_element(By.ID, "replay"))
    replay.select_by_visible_text("line 8: batch over 4 frames {")
    settle(browser)
    # A new session: the gesture's line went with the old one.
    assert not any(l.startswith("scroll to") for l in session_lines(browser)), session_lines(browser)
    # The script ran up to the batch and its frames came one by one: the start and 4.
    scrub = browser.find_element(By.ID, "scrub")
    assert scrub.get_attribute("max") == "4"
    assert "frame 4 of 4" in browser.find_element(By.ID, "frame-label").text
    assert latest(browser)["bounds"]["y"] == 0
    # The statement's line is marked as a stepped one is.
    assert browser.execute_script(
        "return document.querySelector('.line-stepped') && document.querySelector('.line-stepped').textContent"
    ).startswith("batch over 4 frames")
    # Back two frames with the keyboard: frame 2 of 4, the new item at half its opacity.
    scrub.click()
    scrub.send_keys(Keys.END, Keys.ARROW_LEFT, Keys.ARROW_LEFT)
    WebDriverWait(browser, 5).until(
        lambda d: "frame 2 of 4" in d.find_element(By.ID, "frame-label").text)
    inserted = browser.find_element(By.CSS_SELECTOR, '.element.cell[data-change="inserted"]')
    assert inserted.value_of_css_property("opacity") == "0.5"
    # At its last frame the page shows what gl run shows after the same statements.
    scrub.send_keys(Keys.END)
    WebDriverWait(browser, 5).until(
        lambda d: "frame 4 of 4" in d.find_element(By.ID, "frame-label").text)
    upto = REPLAY_SCRIPT.split("scroll to y 100")[0]
    shown = gl_run_json(upto + "show visible\n", tmp_path)
    expected = sorted((tuple(e["indexPath"]), e["frame"]["y"])
                      for e in [r for r in shown if r["type"] == "show"][-1]["elements"])
    drawn = sorted((tuple(map(int, b["path"].split("."))), round(b["y"], 2))
                   for b in on_screen(browser, ".element.cell"))
    assert drawn == expected
    screenshot(browser, "replay-timeline")


def test_a_long_press_picks_an_item_up_and_moves_it(serve, browser, tmp_path):
    server = serve("examples/sticky-headers.gl")
    browser.get(server.url)
    settle(browser)
    wheel(browser, -2000)  # back to the top, where items [0, 0] and [0, 2] are
    settle(browser)
    first = browser.find_element(By.CSS_SELECTOR, '.element.cell[data-index-path="0.0"]')
    third = browser.find_element(By.CSS_SELECTOR, '.element.cell[data-index-path="0.2"]')
    actions = ActionBuilder(browser, duration=16)
    pointer = actions.pointer_action
    pointer.move_to(first)
    pointer.pointer_down(MouseButton.LEFT)
    pointer.pause(0.7)  # held still: a long press
    for _ in range(6):
        pointer.move_by(int((third.location["x"] - first.location["x"]) / 6), 0)
    pointer.pause(0.2)
    pointer.pointer_up(MouseButton.LEFT)
    actions.perform()
    settle(browser)
    lines = session_lines(browser)
    assert "move begin item [0, 0]" in lines and lines[-1] == "move end", lines
    # The page shows what gl run shows after the same lines.
    script = (ROOT / "examples/sticky-headers.gl").read_text()
    shown = gl_run_json(script + "\n" + "\n".join(lines) + "\nshow visible\n", tmp_path)
    expected = {tuple(e["indexPath"]): e["frame"] for e in [r for r in shown if r["type"] == "show"][-1]["elements"]
                if e["category"] == "cell"}
    drawn = {tuple(map(int, c["path"].split("."))): c for c in on_screen(browser, ".element.cell")}
    assert set(drawn) == set(expected)
    for path, frame in expected.items():
        assert abs(drawn[path]["x"] - frame["x"]) < 0.05 and abs(drawn[path]["y"] - frame["y"]) < 0.05, path
    trace = browser.find_element(By.ID, "trace").get_attribute("textContent")
    assert "moveItemAt: [0, 0]" in trace, trace


def test_typing_reruns_the_script_and_a_mistake_shows_at_its_line(serve, browser):
    server = serve()
    browser.get(server.url)
    settle(browser)
    count = len(on_screen(browser, ".element"))
    source = browser.find_element(By.ID, "source")
    text = source.get_attribute("value")
    at = text.index("item size 116") + len("item size ")
    browser.execute_script("arguments[0].focus(); arguments[0].setSelectionRange(arguments[1], arguments[1])",
                           source, at)
    source.send_keys(Keys.DELETE * 3 + "80")
    WebDriverWait(browser, 10).until(lambda d: any(
        abs(e["width"] - 80) < 0.05 for e in on_screen(d, ".element.cell")))
    settle(browser)
    widths = {round(e["width"], 3) for e in on_screen(browser, ".element.cell")}
    assert widths == {80}
    # A mistake: the problem is listed with its place and code; the picture stays.
    source.send_keys(Keys.CONTROL + Keys.END)
    source.send_keys("\nscroll to itme [0, 3]\n")
    WebDriverWait(browser, 10).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "#problems li.error"))
    problem = browser.find_element(By.CSS_SELECTOR, "#problems li.error")
    lines = browser.execute_script("return document.getElementById('source').value").split("\n")
    line = lines.index("scroll to itme [0, 3]") + 1
    assert problem.text.startswith(f"{line}:"), problem.text
    assert problem.get_attribute("data-code").startswith("GL")
    assert {round(e["width"], 3) for e in on_screen(browser, ".element.cell")} == {80}
    assert len(on_screen(browser, ".element")) >= count // 2
    screenshot(browser, "problem")


def test_saving_the_file_runs_it_again(serve, browser, tmp_path):
    server = serve("examples/sticky-headers.gl")
    browser.get(server.url)
    settle(browser)
    path = tmp_path / "sticky-headers.gl"
    path.write_text(path.read_text().replace("item size 110 x 110", "item size 100 x 100"))
    WebDriverWait(browser, 10).until(lambda d: any(
        abs(e["width"] - 100) < 0.05 for e in on_screen(d, ".element.cell")))
    assert "item size 100 x 100" in browser.find_element(By.ID, "source").get_attribute("value")


def test_input_to_drawn_frame_at_a_million_items(serve, browser):
    """Reported, not asserted: a timing is a benchmark's business (issue 33 asks ≤ 16 ms)."""
    server = serve(text="viewport 390 x 844\nlayout flow {\n  item size 120 x 120\n}\n"
                        "section items 1000000\n")
    browser.get(server.url)
    settle(browser, timeout=60)
    for _ in range(30):
        wheel(browser, 240)
        time.sleep(0.03)
    settle(browser)
    drawn = browser.execute_script("return window.gridline.latencies")
    shown = browser.execute_script("return window.gridline.frameLatencies")
    trips = browser.execute_script("return window.gridline.roundTrips")
    held = browser.execute_script("return window.gridline.inputDelays")
    assert drawn and shown and trips and held, "no input was answered"
    print(f"\ninput to drawn at 1M items: median {statistics.median(drawn):.1f} ms "
          f"(of which the browser held the event {statistics.median(held):.1f} ms, and "
          f"message sent to reply drawn {statistics.median(trips):.1f} ms); "
          f"to the next animation frame: median {statistics.median(shown):.1f} ms "
          f"({len(drawn)} inputs, gl built {'release' if '/release/' in GL else 'debug'})")
    assert latest(browser)["bounds"]["y"] > 0


@pytest.mark.skipif("not config.getoption('--docs-screenshot')")
def test_readme_screenshot(serve, browser):
    """`make browser-screenshot` writes docs/playground.png: the starter script, scrolled
    so a pinned header shows, an item inspected."""
    server = serve()
    browser.get(server.url)
    settle(browser)
    wheel(browser, 380)
    settle(browser)
    cell = browser.find_elements(By.CSS_SELECTOR, ".element.cell")[4]
    ActionChains(browser).move_to_element(cell).click().perform()
    settle(browser)
    time.sleep(0.3)
    browser.save_screenshot(str(ROOT / "docs/playground.png"))
