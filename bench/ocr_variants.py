"""Does the OCR hold when the same photos are taken a little differently? A check on mechanisms, not a score to tune.

    python3 bench/ocr_variants.py [PHOTOS_DIR] [--binary .build/release/snappost]

Makes five copies of every photo in PHOTOS_DIR (default ../shared/photos/pages) in a temporary folder, with EXIF
applied and stripped, re-encoded as JPEG q85: `half` (half the pixels on each side, an older phone or a zoomed-out
shot), `dim` (brightness 0.55, contrast 0.7: a badly lit room), `rot90`, `rot180`, `rot270` (turned in the pixels
while EXIF says upright). Each set is read with `snappost eval` (the same scoring as ../shared/tools/ocr_eval.py) and
one TOTAL line per set is printed, then the photos whose CER is more than 0.05 worse than the untouched photo's.
Nothing is kept: the copies are made at run time and deleted (photos from ../shared are never committed).
"""
import argparse
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from PIL import Image, ImageEnhance, ImageOps

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = {
    "half": lambda im: im.resize((im.width // 2, im.height // 2), Image.LANCZOS),
    "dim": lambda im: ImageEnhance.Contrast(ImageEnhance.Brightness(im).enhance(0.55)).enhance(0.7),
    "rot90": lambda im: im.transpose(Image.ROTATE_270),
    "rot180": lambda im: im.transpose(Image.ROTATE_180),
    "rot270": lambda im: im.transpose(Image.ROTATE_90),
}
LINE = re.compile(r"^(\S+)\s+cer=([\d.]+)")


def evaluate(binary, folder):
    run = subprocess.run([binary, "eval", str(folder)], capture_output=True, text=True, timeout=1800)
    if run.returncode != 0:
        raise SystemExit(f"snappost eval {folder} failed ({run.returncode}): {run.stderr.strip()[-2000:]}")
    out = run.stdout
    per_photo = {Path(m.group(1)).stem: float(m.group(2)) for m in map(LINE.match, out.splitlines()) if m}
    total = next((l for l in out.splitlines() if l.startswith("TOTAL")), "TOTAL (none)")
    return per_photo, total


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("photos", nargs="?", default=str(ROOT.parent / "shared" / "photos" / "pages"))
    parser.add_argument("--binary", default=str(ROOT / ".build" / "release" / "snappost"))
    args = parser.parse_args()
    source = Path(args.photos)
    baseline, total = evaluate(args.binary, source)
    print(f"{'untouched':10} {total}")
    with tempfile.TemporaryDirectory(prefix="snappost-variants-") as tmp:
        worse = []
        for name, change in VARIANTS.items():
            folder = Path(tmp) / name
            folder.mkdir()
            for path in sorted(source.iterdir()):
                if path.suffix in (".txt", ".lang"):
                    shutil.copy(path, folder)
                elif path.suffix.lower() in (".jpg", ".jpeg", ".png", ".heic", ".webp", ".tif", ".tiff"):
                    try:
                        image = ImageOps.exif_transpose(Image.open(path)).convert("RGB")
                    except OSError as error:  # e.g. HEIC without pillow-heif
                        print(f"  skipped {path.name}: {error}")
                        continue
                    change(image).save(folder / (path.stem + ".jpg"), quality=85)
            per_photo, total = evaluate(args.binary, folder)
            print(f"{name:10} {total}", flush=True)
            worse += [(name, stem, baseline.get(stem, 0), cer) for stem, cer in per_photo.items() if cer > baseline.get(stem, 0) + 0.05]
    for name, stem, before, after in worse:
        print(f"  {name:8} {stem}: CER {before:.3f} untouched, {after:.3f} here")


if __name__ == "__main__":
    main()
