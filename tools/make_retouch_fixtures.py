#!/usr/bin/env python3
"""Write the retouch tool's test photos of people, from a package: scikit-image's astronaut (Eileen Collins, a NASA
portrait in the public domain), as it ships and as a portrait crop.

usage: make_retouch_fixtures.py OUTDIR      (make test writes to .build/fixtures/retouch)
Needs scikit-image and Pillow. Deterministic: the same bytes every run. Scenes without a person are rendered by the
tests themselves.
"""
import sys
from pathlib import Path

from PIL import Image
from skimage import data


def main(out):
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    astronaut = Image.fromarray(data.astronaut())
    astronaut.save(out / "astronaut.png")
    # A phone-shaped portrait (3:4) with the whole person in it, twice the size, as a camera JPEG.
    astronaut.crop((0, 0, 384, 512)).resize((768, 1024), Image.LANCZOS).save(out / "astronaut-portrait.jpg", quality=92)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
