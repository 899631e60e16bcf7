#!/usr/bin/env python3
"""The page-dewarp anchor from issue 15, assembled from public parts (a comparison tool, never the product's path).

usage: pagedewarp_pipeline.py PHOTO [LANG]      prints the recognised text on stdout
Steps: EXIF applied (Pillow); Tesseract OSD on a copy whose long side is 2000 px, the page turned when OSD names a
rotation; `page-dewarp` (PyPI: Matt Zucker's cubic-sheet model fitted to the text lines) writes a thresholded,
flattened page; `tesseract --psm 3 --dpi 300 -l LANG` reads it (each tesseract with OMP_THREAD_LIMIT=1, its fastest
here). When page-dewarp finds no page model it exits without output, and the turned photo is read instead (as a
person running the pipeline by hand would).
Needs: pip install page-dewarp pillow; the tesseract CLI with LANG and osd.
"""
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image, ImageOps


def osd_rotation(png: Path) -> int:
    """Degrees tesseract says the page is turned (0, 90, 180, 270), 0 when OSD cannot tell."""
    with Image.open(png) as im:
        scale = 2000 / max(im.size)
        small = im.resize((max(1, round(im.width * scale)), max(1, round(im.height * scale))), Image.Resampling.LANCZOS)
    copy = png.with_name(png.stem + "-osd.png")
    small.save(copy)
    out = subprocess.run(["tesseract", str(copy), "-", "--psm", "0", "--dpi", "300"], capture_output=True, text=True,
                         env={**os.environ, "OMP_THREAD_LIMIT": "1"})
    m = re.search(r"Rotate:\s*(\d+)", out.stdout)
    return int(m.group(1)) if m else 0


def main():
    photo = Path(sys.argv[1])
    lang = sys.argv[2] if len(sys.argv) > 2 else "eng"
    with tempfile.TemporaryDirectory(prefix="pagedewarp-") as work:
        work = Path(work)
        upright = work / "upright.png"
        with Image.open(photo) as im:
            ImageOps.exif_transpose(im).convert("RGB").save(upright)
        rotate = osd_rotation(upright)
        if rotate:
            with Image.open(upright) as im:
                # OSD's "Rotate: N" is the clockwise turn that makes the page upright; PIL turns anticlockwise.
                im.rotate(-rotate, expand=True).save(upright)
        subprocess.run(["page-dewarp", "-o", str(work), str(upright)], capture_output=True, text=True, timeout=600)
        outputs = sorted(p for p in work.glob("upright_thresh*") if p.is_file())
        source = outputs[0] if outputs else upright
        out = subprocess.run(["tesseract", str(source), "-", "--psm", "3", "--dpi", "300", "-l", lang],
                             capture_output=True, text=True, env={**os.environ, "OMP_THREAD_LIMIT": "1"})
        sys.stdout.write(out.stdout)
        if not outputs:
            print("pagedewarp_pipeline: page-dewarp gave no output; read the turned photo", file=sys.stderr)
        return out.returncode


if __name__ == "__main__":
    sys.exit(main())
