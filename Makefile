# SnapPost: `make run` serves the app, `make test` runs every test, `make bench` prints the benchmarks.
# Each target installs the Debian and PyPI packages it needs when they are missing.

SHELL := /bin/bash
SWIFT ?= swift
PYTHON ?= python3
HOST ?= 0.0.0.0
PORT ?= 8080
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Debian's pack names (tesseract-ocr-NAME): Chinese has Simplified and Traditional, each with a vertical-text pack.
OCR_LANGS := eng osd deu fra spa ita por pol nld chi-sim chi-tra chi-sim-vert chi-tra-vert
RUN_DEBS := tesseract-ocr $(addprefix tesseract-ocr-,$(OCR_LANGS)) libtesseract-dev libleptonica-dev \
            libmagic-dev libheif-dev libsqlite3-dev zlib1g-dev pkg-config \
            libopencv-core-dev libopencv-imgproc-dev libopencv-photo-dev libopencv-objdetect-dev opencv-data flite1-dev \
            wamerican wbritish wfrench wngerman wspanish
TEST_DEBS := $(RUN_DEBS) chromium libheif-examples fonts-dejavu-core fonts-noto-cjk
TEST_PIPS := pytest pytest-timeout playwright jsonschema rapidfuzz numpy pillow scikit-image

.PHONY: run test bench deps test-deps build build-release lint format clean

define install_debs
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi
endef

deps:
	$(call install_debs,$(RUN_DEBS))

test-deps:
	$(call install_debs,$(TEST_DEBS))
	@$(PYTHON) -c "import pytest, pytest_timeout, playwright, jsonschema, rapidfuzz, numpy, PIL, skimage" 2>/dev/null || \
	  $(PYTHON) -m pip install -q $(TEST_PIPS)

build: deps
	$(SWIFT) build

build-release: deps
	$(SWIFT) build -c release --product snappost

## Serve on 0.0.0.0:8080 with the offline writer (a password is generated and logged; see README).
run: build-release
	$(SWIFT) run -c release --skip-build snappost serve --host $(HOST) --port $(PORT)

## Every test: Swift unit and router tests, then the Python suites (schema, hostile input, real browser).
test: test-deps lint
	$(PYTHON) tools/make_fixtures.py .build/fixtures/ocr
	$(PYTHON) tools/make_shelf_fixtures.py .build/fixtures/shelf
	$(PYTHON) tools/make_retouch_fixtures.py .build/fixtures/retouch
	$(SWIFT) build --build-tests
	timeout 1800 $(SWIFT) test --skip-build 2>&1 | tee .build/swift-test.log; test $${PIPESTATUS[0]} -eq 0
	$(PYTHON) -m pytest -q -s Tests/e2e

## Style: .swift-format (150 columns, ordered imports); `make format` rewrites, `make lint` (part of make test) checks.
lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

## OCR accuracy and speed against the tesseract CLI and the page-dewarp pipeline, HTTP latency, generation overhead,
## the shelf analyser.
bench: test-deps build-release
	@$(PYTHON) -c "import page_dewarp" 2>/dev/null || $(PYTHON) -m pip install -q page-dewarp
	$(PYTHON) bench/run.py $(BENCH_ARGS)

clean:
	rm -rf .build
