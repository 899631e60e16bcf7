// The retouch editor: tools (wire, object, person, brush, line brush), zoom and pan by touch or mouse, the mask overlay,
// before/after, undo, redo, refine. Every edit goes to the server, which keeps it; this file only draws and asks.
(function () {
  "use strict";
  var root = document.querySelector("[data-retouch]");
  if (!root) return;

  function $(selector) { return root.querySelector(selector); }
  function $all(selector) { return Array.prototype.slice.call(root.querySelectorAll(selector)); }

  var api = root.getAttribute("data-api");
  var beforeSrc = root.getAttribute("data-before");
  var photoW = +root.getAttribute("data-photo-width"), photoH = +root.getAttribute("data-photo-height");
  var previewW = +root.getAttribute("data-preview-width"), previewH = +root.getAttribute("data-preview-height");
  var toPhoto = photoW / previewW;  // photo pixels per preview pixel

  var stage = $("[data-stage]"), canvasBox = $("[data-canvas]"), picture = $("[data-picture]");
  var overlay = $("[data-overlay]"), ink = overlay.getContext("2d");
  var busyNote = $("[data-busy]"), refiningNote = $("[data-refining]"), hint = $("[data-hint]");
  var buttons = { undo: $("[data-undo]"), redo: $("[data-redo]"), refine: $("[data-refine]"), compare: $("[data-compare]") };
  var sliders = { brush: $("[data-brush-size]"), wire: $("[data-wire-width]"), feather: $("[data-feather]") };
  var maskToggle = $("[data-mask-toggle]");
  var shadowToggle = $("[data-shadow]"), smartToggle = $("[data-smart]"), allPeople = $("[data-all-people]");
  var state = null, busy = false, afterSrc = picture.getAttribute("src");

  var hints = {
    wire: "Tap near a wire to remove it.",
    object: "Tap inside the thing to remove.",
    person: "Tap a person to remove them.",
    brush: "Paint over what should go.",
    "line-brush": "Draw along a wire; it is removed at the wire width."
  };

  // --- Messages -------------------------------------------------------------------------------------------------
  var toastTimer = null;
  function toast(message, long) {
    var el = document.getElementById("toast");
    if (!el) return;
    el.textContent = message;
    el.classList.add("show");
    clearTimeout(toastTimer);
    toastTimer = setTimeout(function () { el.classList.remove("show"); }, long ? 4500 : 1800);
  }

  function setBusy(on) {
    busy = on;
    busyNote.hidden = !on;
    root.classList.toggle("is-busy", on);
    refreshButtons();
  }

  function refreshButtons() {
    buttons.undo.disabled = busy || !state || !state.canUndo;
    buttons.redo.disabled = busy || !state || !state.canRedo;
    buttons.refine.disabled = busy || !state || !state.editCount;
  }

  // --- Talking to the server ------------------------------------------------------------------------------------
  function send(path, body) {
    if (busy) { toast("Still working on the last edit…"); return Promise.resolve(); }
    setBusy(true);
    polls = 0;
    return fetch(api + path, {
      method: path ? "POST" : "GET",
      credentials: "same-origin",
      headers: body ? { "Content-Type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (data) {
        if (!response.ok) {
          var message = data && data.error && data.error.message;
          throw new Error(message || "That did not work. Please try again.");
        }
        return data;
      });
    }).then(function (data) {
      if (data) apply(data);
    }).catch(function (error) {
      toast(error.message || "The server could not be reached. Check the connection and try again.", true);
      drawOverlay();
    }).then(function () { setBusy(false); });
  }

  function apply(next) {
    var changed = !state || state.version !== next.version;
    if (next.note && (!state || state.note !== next.note)) toast(next.note, true);
    if (!state || state.maskVersion !== next.maskVersion) loadMask(next);
    state = next;
    generation++;
    if (changed) {
      afterSrc = api.replace("/api/retouch/", "/retouch/") + "/preview.jpg?v=" + encodeURIComponent(next.version);
      if (!buttons.compare.classList.contains("is-pressed")) picture.src = afterSrc;
    }
    if (next.lastWireWidth) setSlider(sliders.wire, next.lastWireWidth / toPhoto);
    root.classList.toggle("is-refining", !next.refined);
    refiningNote.hidden = !!next.refined;
    if (!next.refined) awaitRefined();
    drawOverlay();
    refreshButtons();
  }

  // --- The refined fill ------------------------------------------------------------------------------------------
  // An edit comes back at once with a quick fill; the server refines it in the background. The editor asks now and
  // then and swaps the refined picture in once it has loaded, unless another edit came first.
  // Asked for about two minutes at most after each edit; past that the quick fill stays until the next visit.
  var generation = 0, refineTimer = null, polls = 0;
  function awaitRefined() {
    clearTimeout(refineTimer);
    if (++polls > 200) { refiningNote.hidden = true; root.classList.remove("is-refining"); return; }
    var asked = generation;
    refineTimer = setTimeout(function () {
      if (busy || asked !== generation) { if (!busy && state && !state.refined) awaitRefined(); return; }
      fetch(api, { credentials: "same-origin" }).then(function (response) {
        return response.ok ? response.json() : null;
      }).then(function (next) {
        if (!next || busy || asked !== generation) return;
        if (!next.refined) { awaitRefined(); return; }
        var src = api.replace("/api/retouch/", "/retouch/") + "/preview.jpg?v=" + encodeURIComponent(next.version);
        var loader = new Image();
        loader.onload = function () { if (!busy && asked === generation) apply(next); };
        loader.onerror = function () { if (!busy && asked === generation) apply(next); };
        loader.src = src;
      }).catch(function () { if (asked === generation) awaitRefined(); });
    }, 600);
  }

  // --- Zoom and pan ---------------------------------------------------------------------------------------------
  var view = { scale: 1, x: 0, y: 0, min: 0.1, max: 8 };

  // The stage is as tall as the photo needs at this width. On a wide screen it also fits beside everything else on the
  // page: what sits above it, the controls and the footnote below it, and the action bar when it is fixed to the
  // bottom (on a short screen it scrolls with the page and is measured with the rest). On a phone the photo comes
  // first: it may use the whole screen between the tool bar and the action bar (the page is scrolled to the tools
  // once, when the editor opens), so a portrait photo is as wide as the phone; the controls are below it.
  function phone() { return window.matchMedia("(max-width: 47.99rem)").matches; }

  function sizeStage() {
    var box = stage.getBoundingClientRect();
    var end = document.querySelector(".rt-footnote") || root;
    var bar = $(".rt-actions"), tools = $(".rt-tools");
    var fixedBar = bar && getComputedStyle(bar).position === "fixed" ? bar.getBoundingClientRect().height : 0;
    var room, needed = box.width * previewH / previewW;
    if (phone()) {
      room = window.innerHeight - tools.getBoundingClientRect().height - fixedBar - 8;
      // A photo that nearly fills that room gets all of it (the controls are one scroll away); a landscape one leaves
      // them in view below it.
      if (room - needed < 80) needed = room;
    } else {
      var above = box.top + window.scrollY;
      var below = Math.max(0, end.getBoundingClientRect().bottom - box.bottom);
      room = window.innerHeight - above - below - fixedBar - 12;
    }
    stage.style.height = Math.max(220, Math.min(room, needed)) + "px";
  }

  function scrollToTools() {
    if (!phone() || document.documentElement.scrollHeight <= window.innerHeight) return;
    window.scrollTo(0, $(".rt-tools").getBoundingClientRect().top + window.scrollY - 4);
  }

  function fit() {
    sizeStage();
    var box = stage.getBoundingClientRect();
    var scale = Math.min(box.width / previewW, box.height / previewH);
    view.min = scale * 0.5;
    view.scale = scale;
    view.x = (box.width - previewW * scale) / 2;
    view.y = (box.height - previewH * scale) / 2;
    place();
  }

  function place() {
    canvasBox.style.transform = "translate(" + view.x + "px," + view.y + "px) scale(" + view.scale + ")";
  }

  function zoomAt(clientX, clientY, factor) {
    var box = stage.getBoundingClientRect();
    var px = clientX - box.left, py = clientY - box.top;
    var scale = Math.min(view.max, Math.max(view.min, view.scale * factor));
    view.x = px - (px - view.x) * (scale / view.scale);
    view.y = py - (py - view.y) * (scale / view.scale);
    view.scale = scale;
    place();
  }

  // Screen point to preview pixels.
  function toPreview(clientX, clientY) {
    var box = stage.getBoundingClientRect();
    return { x: (clientX - box.left - view.x) / view.scale, y: (clientY - box.top - view.y) / view.scale };
  }

  stage.addEventListener("wheel", function (event) {
    event.preventDefault();
    zoomAt(event.clientX, event.clientY, Math.exp(-event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.0015)));
  }, { passive: false });

  // --- Pointers: tap, paint, pan, pinch -------------------------------------------------------------------------
  var pointers = {}, gesture = null;

  function tool() {
    var checked = root.querySelector("input[name=tool]:checked");
    return checked ? checked.value : "wire";
  }

  function pointerCount() { return Object.keys(pointers).length; }

  stage.addEventListener("pointerdown", function (event) {
    if (event.button === 2) return;
    stage.setPointerCapture(event.pointerId);
    pointers[event.pointerId] = { x: event.clientX, y: event.clientY };
    if (pointerCount() === 2) {
      // A second finger: pinch and pan; whatever the first one started is dropped.
      var ids = Object.keys(pointers), a = pointers[ids[0]], b = pointers[ids[1]];
      gesture = { kind: "pinch", distance: Math.hypot(a.x - b.x, a.y - b.y), cx: (a.x + b.x) / 2, cy: (a.y + b.y) / 2 };
      drawOverlay();
      return;
    }
    var painting = (tool() === "brush" || tool() === "line-brush") && event.button === 0 && !event.altKey;
    var panning = event.button === 1 || event.altKey || spaceHeld;
    gesture = {
      kind: panning ? "pan" : painting ? "paint" : "tap",
      startX: event.clientX, startY: event.clientY, lastX: event.clientX, lastY: event.clientY,
      points: painting ? [toPreview(event.clientX, event.clientY)] : null
    };
    if (painting) drawOverlay();
  });

  stage.addEventListener("pointermove", function (event) {
    if (!pointers[event.pointerId] || !gesture) return;
    pointers[event.pointerId] = { x: event.clientX, y: event.clientY };
    if (gesture.kind === "pinch") {
      var ids = Object.keys(pointers);
      if (ids.length < 2) return;
      var a = pointers[ids[0]], b = pointers[ids[1]];
      var distance = Math.hypot(a.x - b.x, a.y - b.y), cx = (a.x + b.x) / 2, cy = (a.y + b.y) / 2;
      view.x += cx - gesture.cx;
      view.y += cy - gesture.cy;
      place();
      if (gesture.distance > 0) zoomAt(cx, cy, distance / gesture.distance);
      gesture.distance = distance; gesture.cx = cx; gesture.cy = cy;
      return;
    }
    var moved = Math.hypot(event.clientX - gesture.startX, event.clientY - gesture.startY);
    if (gesture.kind === "tap" && moved > 8) gesture.kind = "pan";
    if (gesture.kind === "pan") {
      view.x += event.clientX - gesture.lastX;
      view.y += event.clientY - gesture.lastY;
      place();
    } else if (gesture.kind === "paint") {
      var p = toPreview(event.clientX, event.clientY), last = gesture.points[gesture.points.length - 1];
      if (Math.hypot(p.x - last.x, p.y - last.y) * view.scale >= 3) {
        gesture.points.push(p);
        drawOverlay();
      }
    }
    gesture.lastX = event.clientX;
    gesture.lastY = event.clientY;
  });

  function endPointer(event, cancelled) {
    if (!pointers[event.pointerId]) return;
    delete pointers[event.pointerId];
    if (!gesture) return;
    if (gesture.kind === "pinch") {
      if (pointerCount() === 0) gesture = null;
      return;
    }
    var done = gesture;
    gesture = null;
    if (cancelled) { drawOverlay(); return; }
    if (done.kind === "tap") {
      var p = toPreview(event.clientX, event.clientY);
      if (p.x < 0 || p.y < 0 || p.x > previewW || p.y > previewH) return;
      var t = tool();
      if (t === "wire" || t === "object" || t === "person") {
        var edit = { tool: t, tap: photoPoint(p), feather: feather() };
        if (t === "object") edit.shadow = shadowToggle.checked;
        send("/edits", edit);
      } else {
        send("/edits", { tool: t, points: [photoPoint(p)], width: strokeWidth(t), feather: feather(), smart: t === "brush" && smartToggle.checked });
      }
    } else if (done.kind === "paint") {
      var points = tool() === "line-brush" ? simplify(done.points, 1.5 / view.scale) : done.points;
      send("/edits", { tool: tool(), points: points.map(photoPoint), width: strokeWidth(tool()), feather: feather(),
        smart: tool() === "brush" && smartToggle.checked });
    }
  }
  stage.addEventListener("pointerup", function (event) { endPointer(event, false); });
  stage.addEventListener("pointercancel", function (event) { endPointer(event, true); });
  stage.addEventListener("contextmenu", function (event) { event.preventDefault(); });

  var spaceHeld = false;
  document.addEventListener("keydown", function (event) {
    if (event.target && /INPUT|TEXTAREA/.test(event.target.tagName) && event.target.type !== "radio") return;
    if (event.key === " " && document.activeElement === stage) { spaceHeld = true; event.preventDefault(); }
    var mod = event.ctrlKey || event.metaKey;
    if (mod && event.key.toLowerCase() === "z") { event.preventDefault(); send(event.shiftKey ? "/redo" : "/undo"); }
    if (mod && event.key.toLowerCase() === "y") { event.preventDefault(); send("/redo"); }
    if (event.key === "+" || event.key === "=") { var b = stage.getBoundingClientRect(); zoomAt(b.left + b.width / 2, b.top + b.height / 2, 1.25); }
    if (event.key === "-") { var c = stage.getBoundingClientRect(); zoomAt(c.left + c.width / 2, c.top + c.height / 2, 0.8); }
    if (event.key === "0") fit();
  });
  document.addEventListener("keyup", function (event) { if (event.key === " ") spaceHeld = false; });

  function photoPoint(p) { return { x: Math.round(p.x * toPhoto * 10) / 10, y: Math.round(p.y * toPhoto * 10) / 10 }; }
  function feather() { return +sliders.feather.value * toPhoto; }
  function strokeWidth(t) { return (t === "line-brush" ? +sliders.wire.value : +sliders.brush.value) * toPhoto; }

  // Douglas–Peucker: a steady hand's line brush becomes a few straight pieces.
  function simplify(points, tolerance) {
    if (points.length < 3) return points;
    var keep = points.map(function () { return false; });
    keep[0] = keep[points.length - 1] = true;
    var stack = [[0, points.length - 1]];
    while (stack.length) {
      var span = stack.pop(), a = points[span[0]], b = points[span[1]], far = -1, best = tolerance;
      var dx = b.x - a.x, dy = b.y - a.y, len = Math.hypot(dx, dy) || 1;
      for (var i = span[0] + 1; i < span[1]; i++) {
        var d = Math.abs((points[i].x - a.x) * dy - (points[i].y - a.y) * dx) / len;
        if (d > best) { best = d; far = i; }
      }
      if (far >= 0) { keep[far] = true; stack.push([span[0], far], [far, span[1]]); }
    }
    return points.filter(function (_, i) { return keep[i]; });
  }

  // --- The mask overlay -----------------------------------------------------------------------------------------
  function drawOverlay() {
    ink.clearRect(0, 0, overlay.width, overlay.height);
    ink.lineCap = "round";
    ink.lineJoin = "round";
    if (maskLayer && maskToggle.checked) ink.drawImage(maskLayer, 0, 0, overlay.width, overlay.height);
    if (gesture && gesture.kind === "paint" && gesture.points) {
      stroke(gesture.points, tool() === "line-brush" ? +sliders.wire.value : +sliders.brush.value, "rgba(40, 120, 230, 0.5)");
    }
  }

  // The edits in effect come as one grey picture (white where an edit is), tinted here: the editor's answers stay
  // small however many edits the photo has.
  var maskLayer = null, maskAsked = null;
  function loadMask(next) {
    var version = next.maskVersion;
    maskAsked = version;
    if (!next.editCount) { maskLayer = null; drawOverlay(); return; }
    var image = new Image();
    image.onload = function () {
      if (maskAsked !== version) return;
      var layer = document.createElement("canvas");
      layer.width = image.naturalWidth;
      layer.height = image.naturalHeight;
      var g = layer.getContext("2d");
      g.drawImage(image, 0, 0);
      var pixels = g.getImageData(0, 0, layer.width, layer.height), px = pixels.data;
      for (var i = 0; i < px.length; i += 4) {
        var on = px[i] > 127;
        px[i] = 230; px[i + 1] = 40; px[i + 2] = 60; px[i + 3] = on ? 115 : 0;
      }
      g.putImageData(pixels, 0, 0);
      maskLayer = layer;
      drawOverlay();
    };
    image.src = api.replace("/api/retouch/", "/retouch/") + "/mask.png?v=" + encodeURIComponent(version);
  }

  function stroke(points, width, colour) {
    if (!points.length) return;
    ink.strokeStyle = colour;
    ink.lineWidth = Math.max(1, width);
    ink.beginPath();
    ink.moveTo(points[0].x, points[0].y);
    if (points.length === 1) ink.lineTo(points[0].x + 0.01, points[0].y);
    for (var i = 1; i < points.length; i++) ink.lineTo(points[i].x, points[i].y);
    ink.stroke();
  }

  // --- Controls -------------------------------------------------------------------------------------------------
  function setSlider(input, value) {
    input.value = String(Math.round(value * 2) / 2);
    showValue(input);
  }

  function showValue(input) {
    var out = input.parentNode.querySelector("output");
    if (out) out.textContent = input.value + " px";
  }

  Object.keys(sliders).forEach(function (name) {
    var input = sliders[name];
    showValue(input);
    input.addEventListener("input", function () { showValue(input); drawOverlay(); });
  });

  // The width slider after a wire: the last wire is redone at the new width.
  sliders.wire.addEventListener("change", function () {
    var last = state && state.last;
    if (last && (last.tool === "wire" || last.tool === "line-brush") && last.width) {
      send("/refine", { width: +sliders.wire.value * toPhoto });
    }
  });

  maskToggle.addEventListener("change", drawOverlay);

  $all("input[name=tool]").forEach(function (radio) {
    radio.addEventListener("change", function () {
      hint.textContent = hints[tool()];
      $all("[data-for-tools]").forEach(function (el) {
        el.classList.toggle("is-off", el.getAttribute("data-for-tools").split(" ").indexOf(tool()) < 0);
      });
      $all("[data-only-for]").forEach(function (el) { el.hidden = el.getAttribute("data-only-for") !== tool(); });
      sizeStage();
    });
  });

  buttons.undo.addEventListener("click", function () { send("/undo"); });
  buttons.redo.addEventListener("click", function () { send("/redo"); });
  buttons.refine.addEventListener("click", function () { send("/refine"); });
  allPeople.addEventListener("click", function () { send("/edits", { tool: "person", all: true, feather: feather() }); });

  // Before/after: press and hold shows the photo before any edit.
  function showBefore(on) {
    picture.src = on ? beforeSrc : afterSrc;
    overlay.hidden = on;
    buttons.compare.classList.toggle("is-pressed", on);
  }
  buttons.compare.addEventListener("pointerdown", function (event) { event.preventDefault(); showBefore(true); });
  ["pointerup", "pointerleave", "pointercancel"].forEach(function (name) {
    buttons.compare.addEventListener(name, function () { showBefore(false); });
  });
  buttons.compare.addEventListener("keydown", function (event) { if (event.key === " " || event.key === "Enter") { event.preventDefault(); showBefore(true); } });
  buttons.compare.addEventListener("keyup", function () { showBefore(false); });

  $("[data-export]").addEventListener("click", function () { toast("Preparing the full-size photo… the download starts when it is ready.", true); });

  window.addEventListener("resize", fit);
  root.classList.add("is-ready");
  fit();
  scrollToTools();
  $all("input[name=tool]")[0].dispatchEvent(new Event("change"));
  send("");
})();
