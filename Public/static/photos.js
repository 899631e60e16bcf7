// The Lines view and the page outline editor: pinch, wheel or buttons to zoom, drag to pan; tap a box to find its
// line and a line to find its box; drag the outline's corners (or select one and use the arrow keys).
(function () {
  "use strict";

  function all(selector, root) { return Array.prototype.slice.call((root || document).querySelectorAll(selector)); }

  // --- Zoom and pan: a CSS transform on the svg inside a clipping frame.
  function zoomable(frame) {
    var svg = frame.querySelector("[data-zoomable]");
    if (!svg) return null;
    var state = { scale: 1, x: 0, y: 0 };
    var pointers = {};
    var last = null;

    function clamp() {
      var w = frame.clientWidth, h = frame.clientHeight;
      state.scale = Math.min(8, Math.max(1, state.scale));
      state.x = Math.min(0, Math.max(w - w * state.scale, state.x));
      state.y = Math.min(0, Math.max(h - h * state.scale, state.y));
    }
    function apply() {
      clamp();
      svg.style.transform = "translate(" + state.x + "px," + state.y + "px) scale(" + state.scale + ")";
      frame.classList.toggle("zooming", state.scale > 1.01);
    }
    function zoomAt(factor, cx, cy) {
      var next = Math.min(8, Math.max(1, state.scale * factor));
      state.x = cx - (cx - state.x) * (next / state.scale);
      state.y = cy - (cy - state.y) * (next / state.scale);
      state.scale = next;
      apply();
    }
    function local(event) {
      var r = frame.getBoundingClientRect();
      return { x: event.clientX - r.left, y: event.clientY - r.top };
    }
    frame.addEventListener("wheel", function (event) {
      if (!event.ctrlKey && state.scale === 1 && event.deltaY > 0) return;
      event.preventDefault();
      var p = local(event);
      zoomAt(event.deltaY < 0 ? 1.2 : 1 / 1.2, p.x, p.y);
    }, { passive: false });
    frame.addEventListener("pointerdown", function (event) {
      pointers[event.pointerId] = local(event);
      last = null;
    });
    frame.addEventListener("pointermove", function (event) {
      if (!pointers[event.pointerId]) return;
      var p = local(event);
      var ids = Object.keys(pointers);
      if (ids.length === 2) {
        var other = pointers[ids[0] == event.pointerId ? ids[1] : ids[0]];
        var distance = Math.hypot(p.x - other.x, p.y - other.y);
        if (last && last.distance) zoomAt(distance / last.distance, (p.x + other.x) / 2, (p.y + other.y) / 2);
        last = { distance: distance };
        event.preventDefault();
      } else if (state.scale > 1) {
        var before = pointers[event.pointerId];
        state.x += p.x - before.x;
        state.y += p.y - before.y;
        apply();
        event.preventDefault();
      }
      pointers[event.pointerId] = p;
    });
    function release(event) { delete pointers[event.pointerId]; last = null; }
    frame.addEventListener("pointerup", release);
    frame.addEventListener("pointercancel", release);
    frame.addEventListener("pointerleave", release);

    return {
      zoom: function (factor) { zoomAt(factor, frame.clientWidth / 2, frame.clientHeight / 2); },
      reset: function () { state = { scale: 1, x: 0, y: 0 }; apply(); },
      // Brings a box (in svg units) into the middle of the frame, zoomed in enough to read it.
      show: function (box) {
        var viewBox = svg.viewBox.baseVal;
        var unit = frame.clientWidth / viewBox.width;
        state.scale = Math.max(state.scale, Math.min(4, frame.clientWidth / Math.max(1, box.width * unit * 1.2)));
        state.x = frame.clientWidth / 2 - (box.x + box.width / 2) * unit * state.scale;
        state.y = frame.clientHeight / 2 - (box.y + box.height / 2) * unit * state.scale;
        apply();
      }
    };
  }

  // --- Lines view: boxes and list items point at each other.
  all(".photo-lines").forEach(function (section) {
    var frame = section.querySelector("[data-zoom-frame]");
    var zoom = frame ? zoomable(frame) : null;
    var tools = section.querySelector(".zoom-tools");
    if (tools && zoom) {
      tools.hidden = false;
      all("[data-zoom]", tools).forEach(function (button) {
        button.addEventListener("click", function () {
          var what = button.getAttribute("data-zoom");
          if (what === "in") zoom.zoom(1.5); else if (what === "out") zoom.zoom(1 / 1.5); else zoom.reset();
        });
      });
    }
    function select(number, from) {
      all(".current", section).forEach(function (el) { el.classList.remove("current"); });
      var rect = section.querySelector('.box[data-line="' + number + '"]');
      var item = section.querySelector('li[data-line="' + number + '"]');
      if (rect) rect.classList.add("current");
      if (item) item.classList.add("current");
      if (from === "box" && item) item.scrollIntoView({ block: "nearest", behavior: "smooth" });
      if (from === "list" && rect && zoom) {
        var area = rect.getBBox();
        zoom.show({ x: area.x, y: area.y, width: area.width, height: area.height });
        frame.scrollIntoView({ block: "nearest", behavior: "smooth" });
      }
    }
    all(".box[data-line]", section).forEach(function (rect) {
      rect.addEventListener("click", function () { select(rect.getAttribute("data-line"), "box"); });
    });
    all("li[data-line]", section).forEach(function (item) {
      item.tabIndex = 0;
      item.addEventListener("click", function () { select(item.getAttribute("data-line"), "list"); });
      item.addEventListener("keydown", function (event) {
        if (event.key === "Enter" || event.key === " ") { event.preventDefault(); select(item.getAttribute("data-line"), "list"); }
      });
    });
  });

  // --- Outline editor: four corners, dragged or nudged, mirrored into the form's fields. On a phone the photo is
  // sized to fit between the top bar and the action bar, so all four corners can be reached and dragged at once, and
  // each corner has a finger-sized grip (a transparent ring around the visible one).
  var outline = document.querySelector("[data-outline]");
  if (outline) {
    var width = Number(outline.getAttribute("data-width")), height = Number(outline.getAttribute("data-height"));
    var shape = outline.querySelector("[data-outline-shape]");
    var corners = all("[data-corner]", outline);
    var form = document.querySelector("[data-outline-form]");
    var frame = outline.closest(".zoom-frame");
    var ns = "http://www.w3.org/2000/svg";
    var grips = corners.map(function (corner) {
      var grip = document.createElementNS(ns, "circle");
      grip.setAttribute("class", "corner-grip");
      grip.setAttribute("aria-hidden", "true");
      grip.setAttribute("cx", corner.getAttribute("cx"));
      grip.setAttribute("cy", corner.getAttribute("cy"));
      outline.insertBefore(grip, corners[0]);
      return grip;
    });

    // Photo units per CSS pixel, as drawn now.
    function unitsPerPixel() {
      var matrix = outline.getScreenCTM();
      return matrix && matrix.a ? 1 / matrix.a : Math.max(width, height) / Math.max(1, outline.getBoundingClientRect().width);
    }
    function sizeHandles() {
      var unit = unitsPerPixel();
      corners.forEach(function (c) { c.setAttribute("r", 11 * unit); });
      grips.forEach(function (g) { g.setAttribute("r", 24 * unit); });
    }
    // The frame's height: whatever is left between the bars below the page's top, and at least 13 rem (scrolled to).
    function fit() {
      var bar = form.querySelector(".actionbar");
      var barTop = bar && window.getComputedStyle(bar).position === "fixed" ? bar.getBoundingClientRect().top : window.innerHeight;
      var topbar = document.querySelector(".topbar");
      var topBottom = topbar && window.getComputedStyle(topbar).position === "sticky" ? topbar.getBoundingClientRect().bottom : 0;
      var rem = parseFloat(window.getComputedStyle(document.documentElement).fontSize) || 16;
      var frameTop = frame.getBoundingClientRect().top + window.scrollY;
      var frameStyle = window.getComputedStyle(frame);
      var padding = (parseFloat(frameStyle.paddingTop) || 0) + (parseFloat(frameStyle.paddingBottom) || 0);
      var room = barTop - (frameTop - window.scrollY) - 12 - padding;
      var least = 13 * rem;
      if (room < least) room = Math.max(least, barTop - topBottom - 12 - padding);
      outline.style.maxHeight = Math.floor(room) + "px";
      outline.style.minHeight = "0px";
      sizeHandles();
      return room;
    }
    fit();
    window.addEventListener("resize", fit);
    window.addEventListener("load", fit);

    function field(name) { return form.querySelector('[name="' + name + '"]'); }
    function move(corner, x, y) {
      x = Math.round(Math.min(width, Math.max(0, x)));
      y = Math.round(Math.min(height, Math.max(0, y)));
      var i = corner.getAttribute("data-corner");
      corner.setAttribute("cx", x);
      corner.setAttribute("cy", y);
      grips[i].setAttribute("cx", x);
      grips[i].setAttribute("cy", y);
      corner.setAttribute("aria-valuetext", x + ", " + y);
      field("x" + i).value = x;
      field("y" + i).value = y;
      shape.setAttribute("points", corners.map(function (c) { return c.getAttribute("cx") + "," + c.getAttribute("cy"); }).join(" "));
    }
    function toSvg(event) {
      var point = outline.createSVGPoint();
      point.x = event.clientX;
      point.y = event.clientY;
      return point.matrixTransform(outline.getScreenCTM().inverse());
    }
    corners.forEach(function (corner, index) {
      // The grip under a finger is offset from the corner by where it was grabbed, so the corner does not jump.
      var offset = { x: 0, y: 0 };
      [corner, grips[index]].forEach(function (handle) {
        handle.addEventListener("pointerdown", function (event) {
          handle.setPointerCapture(event.pointerId);
          var p = toSvg(event);
          offset = { x: Number(corner.getAttribute("cx")) - p.x, y: Number(corner.getAttribute("cy")) - p.y };
          corner.classList.add("dragging");
          corner.focus({ preventScroll: true });
          event.preventDefault();
        });
        handle.addEventListener("pointermove", function (event) {
          if (!handle.hasPointerCapture(event.pointerId)) return;
          var p = toSvg(event);
          move(corner, p.x + offset.x, p.y + offset.y);
        });
        function end(event) {
          if (handle.hasPointerCapture(event.pointerId)) handle.releasePointerCapture(event.pointerId);
          corner.classList.remove("dragging");
        }
        handle.addEventListener("pointerup", end);
        handle.addEventListener("pointercancel", end);
      });
      corner.addEventListener("keydown", function (event) {
        var step = Math.max(width, height) * (event.shiftKey ? 0.02 : 0.004);
        var dx = { ArrowLeft: -step, ArrowRight: step }[event.key] || 0;
        var dy = { ArrowUp: -step, ArrowDown: step }[event.key] || 0;
        if (!dx && !dy) return;
        event.preventDefault();
        move(corner, Number(corner.getAttribute("cx")) + dx, Number(corner.getAttribute("cy")) + dy);
      });
    });
    // Typed numbers move the corners too.
    all(".corner-field input", form).forEach(function (input) {
      input.addEventListener("change", function () {
        var i = input.name.slice(1);
        move(corners[i], Number(field("x" + i).value), Number(field("y" + i).value));
      });
    });
  }
})();
