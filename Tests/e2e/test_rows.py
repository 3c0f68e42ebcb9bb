"""Justified rows: a group's tiles keep their photos' shapes with CSS alone, at a phone's and a
desktop's width, with JavaScript on and off, in each tile size, and right to left."""
import subprocess

import pytest
from selenium.webdriver.common.by import By

from conftest import DESKTOP, PHONE, follow, make_driver, own_library_server, screenshot, sign_in

# Width and height of each photo, in turn: what a camera roll holds.
SHAPES = [(400, 300), (450, 300), (300, 450), (480, 270), (300, 300), (300, 400), (270, 480), (900, 300), (630, 270), (400, 300)]
COUNT = 30
# A row's height before it stretches (ViewMode.rowHeight): phone, desktop.
HEIGHTS = {"small": (80, 120), "medium": (120, 180), "large": (180, 260)}


def fill(library, work) -> None:
    folder = library / "Shapes"
    folder.mkdir(parents=True)
    args = []
    for i in range(COUNT):
        w, h = SHAPES[i % len(SHAPES)]
        path = folder / f"S{i:02d}.jpg"
        subprocess.run(["convert", "-size", f"{w}x{h}", f"gradient:rgb({i * 8},120,{250 - i * 8})-rgb(240,{i * 8},60)", str(path)], check=True)
        args += ["-overwrite_original", f"-DateTimeOriginal=2024:07:{1 + i // 10:02d} {8 + i % 10:02d}:00:00", str(path), "-execute"]
    (work / "exif-args").write_text("\n".join(args))
    subprocess.run(["exiftool", "-q", "-@", str(work / "exif-args")], check=True)


@pytest.fixture(scope="module")
def base():
    yield from own_library_server("photolala-e2e-rows-", fill)


LAYOUT = """
const ul = document.querySelector('ul.photos'), box = ul.getBoundingClientRect();
const tiles = [...ul.querySelectorAll(':scope > li:not(.rowend)')].map(li => {
  if (li.classList.contains('dayhead')) return {day: true, y: li.getBoundingClientRect().top};
  const r = li.querySelector('img').getBoundingClientRect();
  return {shape: parseInt(li.className.slice(1)) / 100, x: r.left, right: r.right, y: r.top, w: r.width, h: r.height};
});
return {left: box.left, right: box.right, tiles: tiles, rtl: getComputedStyle(ul).direction === 'rtl'};
"""


def lines(layout):
    """The tiles in lines, each with whether a day's heading follows it (so it may end short)."""
    out, line = [], []
    for tile in layout["tiles"]:
        if tile.get("day"):
            if line:
                out.append((line, True))
            line = []
            continue
        if line and abs(tile["y"] - line[0]["y"]) > 1:
            out.append((line, False))
            line = []
        line.append(tile)
    if line:
        out.append((line, True))
    return out


def check_rows(d, height):
    """Every tile has its photo's shape, a line's tiles are one height, and a line fills the width
    unless it ends the page or a day."""
    layout = d.execute_script(LAYOUT)
    width = layout["right"] - layout["left"]
    found = lines(layout)
    assert len(found) >= 3, found
    for line, may_end_short in found:
        for tile in line:
            assert abs(tile["w"] / tile["h"] - tile["shape"]) < 0.02, tile
        heights = [tile["h"] for tile in line]
        assert max(heights) - min(heights) < 1, line
        if len(line) == 1 and line[0]["w"] >= width - 1:
            continue  # a panorama wider than the line, drawn as wide as the line
        assert height - 1 <= heights[0], (heights[0], height)
        fills = (min(t["x"] for t in line) <= layout["left"] + 1 and max(t["right"] for t in line) >= layout["right"] - 1)
        if not may_end_short:
            # however few photos share a line (a wide one alone), they fill it
            assert fills, line
    return layout, found


@pytest.mark.parametrize("size,javascript", [(PHONE, False), (PHONE, True), (DESKTOP, False), (DESKTOP, True)],
                         ids=["phone-nojs", "phone-js", "desktop-nojs", "desktop-js"])
def test_tiles_keep_their_shapes_in_rows_that_fill_the_width(base, size, javascript):
    d = make_driver(size, javascript=javascript)
    try:
        sign_in(d, base, "ada")
        d.get(base + "/folders/Shapes")
        wide = size == DESKTOP
        check_rows(d, HEIGHTS["medium"][wide])
        name = f"rows-{'desktop' if wide else 'phone'}-{'js' if javascript else 'nojs'}"
        screenshot(d, name)
        # a month's days head their photos, and each day's photos are rows of their own
        d.get(base + "/timeline/months")
        follow(d, ".months li a")
        _, found = check_rows(d, HEIGHTS["medium"][wide])
        assert len(d.find_elements(By.CSS_SELECTOR, ".photos .dayhead")) == 3
        screenshot(d, name + "-month")
    finally:
        d.quit()


def test_each_tile_size_sets_its_rows_height_and_the_rows_mirror_right_to_left(base):
    d = make_driver(PHONE, javascript=False)
    try:
        sign_in(d, base, "ada")
        d.get(base + "/folders/Shapes")
        for mode in ["small", "large", "medium"]:
            follow(d, f".viewbar button[value={mode}]")
            layout, found = check_rows(d, HEIGHTS[mode][0])
            # the last line is not stretched: its tiles are the row's own height
            assert abs(found[-1][0][0]["h"] - HEIGHTS[mode][0]) < 1, (mode, found[-1])
            screenshot(d, f"rows-phone-{mode}")
    finally:
        d.quit()
    d = make_driver(PHONE, javascript=False, language="ar")
    try:
        sign_in(d, base, "ada")
        d.get(base + "/folders/Shapes")
        layout, found = check_rows(d, HEIGHTS["medium"][0])
        assert layout["rtl"]
        first = found[0][0][0]
        assert first["right"] >= layout["right"] - 1, "the first tile starts at the right"
        screenshot(d, "rows-phone-rtl")
    finally:
        d.quit()
