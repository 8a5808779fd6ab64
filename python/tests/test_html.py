"""The page Jupyter shows (`Solution._repr_html_`) draws in headless
Chromium like the command line's pages (tests/browser.rs): a notebook-like
page holds the iframe; the screenshot must show the pieces, and the
console no error."""

import struct
import subprocess
import zlib

import jigsat
from conftest import PUZZLES

NOTEBOOK = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>notebook</title></head>
<body style="background: white; margin: 0">
<div class="output_html">{}</div>
</body></html>
"""


def pixels(png):
    """(width, height, rows of RGB tuples) of an 8-bit RGB or RGBA PNG."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pos, data, header = 8, b"", None
    while pos < len(png):
        (length,) = struct.unpack(">I", png[pos : pos + 4])
        kind = png[pos + 4 : pos + 8]
        body = png[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            data += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0
    step = 3 if colour == 2 else 4
    raw = zlib.decompress(data)
    rows, prev, stride = [], bytearray(width * step), width * step
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - step] if i >= step else 0
            b = prev[i]
            c = prev[i - step] if i >= step else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[i : i + 3]) for i in range(0, stride, step)])
        prev = line
    return width, height, rows


def test_repr_html_draws_the_box_in_chromium(chromium, tmp_path):
    solution = jigsat.Puzzle.from_file(PUZZLES / "soma.toml").solve()
    html = solution._repr_html_()
    assert html.startswith("<iframe") and "srcdoc=" in html
    page = tmp_path / "notebook.html"
    page.write_text(NOTEBOOK.format(html))
    shot = tmp_path / "shot.png"
    done = subprocess.run(
        [
            chromium,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--enable-logging=stderr",
            "--v=0",
            "--window-size=900,600",
            "--virtual-time-budget=3000",
            f"--screenshot={shot}",
            page.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert shot.exists(), done.stderr
    console = [l for l in done.stderr.splitlines() if "CONSOLE" in l]
    assert not [l for l in console if "rror" in l], console
    _, _, rows = pixels(shot.read_bytes())
    colours = {p for row in rows for p in row}
    drawn = sum(1 for row in rows for p in row if p != (255, 255, 255))
    # The seven pieces in colours of their own, over a good part of the page.
    assert len(colours) > 50, len(colours)
    assert drawn > 20000, drawn
