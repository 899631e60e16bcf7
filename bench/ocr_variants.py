"""Does the OCR hold when the same photos are taken a little differently? A check on mechanisms, not a score to tune.

    python3 bench/ocr_variants.py [PHOTOS_DIR] [--binary .build/release/snappost] [--only resaved,half,...]

Makes thirteen copies of every photo in PHOTOS_DIR (default ../shared/photos/pages) in a temporary folder, with
EXIF applied and stripped, re-encoded as JPEG q85: `resaved` (nothing else: what a messenger's recompression does, and
what every other copy has on top of its own change), `twice` (re-saved once more: nothing a reader would see changes,
so how far it reads from `resaved` is the noise floor under every other set's differences), `half` (half the pixels on
each side, an older phone or a zoomed-out shot), `dim` (brightness 0.55, contrast 0.7: a badly lit room), `grainy`
(0.4 of the light and a small sensor's grain of σ 7 grey levels, seeded from the photo: a dim room as a phone sees
it), `warm` (green 0.82, blue 0.55: a tungsten lamp and no white balance), `rot90`, `rot180`, `rot270` (turned in the
pixels while EXIF says upright), `tilt` (turned 7°, the corners filled with the photo's own border grey), `keystone`
(the top edge 12 % narrower than the bottom: the phone held at an angle to the page), `shadow` (brightness falling
from 1.0 at the right edge to 0.45 at the left: a hand or the phone in the light), `blur` (a Gaussian blur of radius
1/1000 of the long side: a shaken hand or a missed focus). Each set is read with `snappost eval` (the same scoring as
../shared/tools/ocr_eval.py) and one TOTAL line per set is printed, then the photos whose CER is more than 0.05 worse
than the untouched photo's, then (when both ran) how far `twice` reads from `resaved`, photo by photo.
Nothing is kept: the copies are made at run time and deleted (photos from ../shared are never committed).
"""
import argparse
import io
import re
import shutil
import subprocess
import tempfile
import zlib
from pathlib import Path

import numpy as np
from PIL import Image, ImageChops, ImageEnhance, ImageFilter, ImageOps, ImageStat

ROOT = Path(__file__).resolve().parent.parent


def border_grey(im):
    """The mean colour of the photo's outermost rows and columns: what lies beyond the frame, more or less."""
    strips = [im.crop((0, 0, im.width, 8)), im.crop((0, im.height - 8, im.width, im.height)),
              im.crop((0, 0, 8, im.height)), im.crop((im.width - 8, 0, im.width, im.height))]
    means = [ImageStat.Stat(s).mean for s in strips]
    return tuple(int(sum(m[c] for m in means) / len(means)) for c in range(3))


def keystone(im, narrowing=0.12):
    """The top edge narrowed by `narrowing` of the width, the bottom kept: a perspective map from output to input."""
    w, h = im.width, im.height
    inset = w * narrowing / 2
    # Output corners (0,0) (w,0) (w,h) (0,h) come from input corners: the input's top is stretched to the full width.
    quad = (-inset, 0, 0, h, w, h, w + inset, 0)
    return im.transform((w, h), Image.QUAD, quad, Image.BICUBIC, fillcolor=border_grey(im))


def shadow(im, darkest=0.45):
    """Brightness falling linearly from 1 at the right edge to `darkest` at the left."""
    ramp = Image.linear_gradient("L").rotate(90).resize(im.size)  # 255 at the left, 0 at the right
    factor = ramp.point(lambda v: int(255 * (1 - (1 - darkest) * v / 255)))
    return ImageChops.multiply(im, Image.merge("RGB", (factor, factor, factor)))


def resaved_once_more(im, quality=85):
    """One more round of JPEG q85 before the set's own save: the copy a second messenger passes on. It changes
    nothing a reader sees, so what it changes in the text is the noise floor every other set's differences sit on."""
    buffer = io.BytesIO()
    im.save(buffer, "JPEG", quality=quality)
    buffer.seek(0)
    return Image.open(buffer).convert("RGB")


def warm(im, gains=(1.0, 0.82, 0.55)):
    """A tungsten lamp and no white balance: the paper turns orange, blue is lost first."""
    a = np.asarray(im, dtype=np.float32) * np.array(gains, dtype=np.float32)
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))


def grainy(im, light=0.4, grain=7.0, colour_grain=3.0):
    """A dim room: `light` of the light, and a small sensor's grain (σ `grain` grey levels, plus `colour_grain` per
    channel). The grain is seeded from the photo itself, so every run makes the same copy."""
    rng = np.random.default_rng(zlib.crc32(im.resize((16, 16)).tobytes()))
    a = np.asarray(im, dtype=np.float32) * light + 10
    a += rng.normal(0, grain, a.shape[:2])[..., None] + rng.normal(0, colour_grain, a.shape)
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))


VARIANTS = {
    "resaved": lambda im: im,
    "twice": resaved_once_more,
    "half": lambda im: im.resize((im.width // 2, im.height // 2), Image.LANCZOS),
    "dim": lambda im: ImageEnhance.Contrast(ImageEnhance.Brightness(im).enhance(0.55)).enhance(0.7),
    "grainy": grainy,
    "warm": warm,
    "rot90": lambda im: im.transpose(Image.ROTATE_270),
    "rot180": lambda im: im.transpose(Image.ROTATE_180),
    "rot270": lambda im: im.transpose(Image.ROTATE_90),
    "tilt": lambda im: im.rotate(7, resample=Image.BICUBIC, expand=True, fillcolor=border_grey(im)),
    "keystone": keystone,
    "shadow": shadow,
    "blur": lambda im: im.filter(ImageFilter.GaussianBlur(max(im.size) / 1000)),
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
    parser.add_argument("--only", default="", help="comma-separated sets to make (default: all)")
    args = parser.parse_args()
    only = [name for name in args.only.split(",") if name]
    unknown = [name for name in only if name not in VARIANTS]
    if unknown:
        parser.error(f"unknown set(s) {', '.join(unknown)}; known: {', '.join(VARIANTS)}")
    source = Path(args.photos)
    baseline, total = evaluate(args.binary, source)
    print(f"{'untouched':10} {total}")
    with tempfile.TemporaryDirectory(prefix="snappost-variants-") as tmp:
        worse, read = [], {}
        for name, change in VARIANTS.items():
            if only and name not in only:
                continue
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
            read[name] = per_photo
            print(f"{name:10} {total}", flush=True)
            worse += [(name, stem, baseline.get(stem, 0), cer) for stem, cer in per_photo.items() if cer > baseline.get(stem, 0) + 0.05]
    for name, stem, before, after in worse:
        print(f"  {name:8} {stem}: CER {before:.3f} untouched, {after:.3f} here")
    if "resaved" in read and "twice" in read:
        once, again = read["resaved"], read["twice"]
        shifts = sorted(((abs(again[s] - once[s]), s) for s in once if s in again), reverse=True)
        if shifts:
            mean = sum(d for d, _ in shifts) / len(shifts)
            print(f"noise floor (twice against resaved): mean |CER change| {mean:.3f}, "
                  f"{sum(d > 0.02 for d, _ in shifts)} of {len(shifts)} photos move more than 0.02")
            for d, stem in shifts[:5]:
                if d > 0.02:
                    print(f"  {stem}: {once[stem]:.3f} re-saved, {again[stem]:.3f} re-saved twice")


if __name__ == "__main__":
    main()
