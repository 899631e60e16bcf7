// SnapPost progressive enhancement: every page works without this file; with it, uploads show progress and can be
// retried, Copy and Share work in one tap, text and drafts save as you type, picking paragraphs works on the text as it
// is now, unsure words are underlined, and a server that is gone never takes the text with it. No framework, no
// inline code.
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  var base = document.body ? document.body.getAttribute("data-base") || "" : "";

  function $(selector, root) { return (root || document).querySelector(selector); }
  function $all(selector, root) { return Array.prototype.slice.call((root || document).querySelectorAll(selector)); }

  // Toast, announced through aria-live.
  var toastTimer = null;
  function toast(message) {
    var el = $("#toast");
    if (!el) return;
    el.textContent = message;
    el.classList.add("show");
    clearTimeout(toastTimer);
    toastTimer = setTimeout(function () { el.classList.remove("show"); }, 1800);
  }

  function showOverlay(text, withProgress) {
    var overlay = $("#overlay");
    if (!overlay) return;
    $("#overlay-status").textContent = text;
    var bar = $("#overlay-progress");
    bar.hidden = !withProgress;
    bar.value = 0;
    overlay.hidden = false;
  }
  function hideOverlay() { var o = $("#overlay"); if (o) o.hidden = true; }
  window.addEventListener("pageshow", hideOverlay);

  // Records a copy or share in history, in the background.
  function remember(action, text, button) {
    if (!button) return;
    var body = new URLSearchParams();
    body.set("action", action);
    body.set("text", text);
    body.set("tone", button.getAttribute("data-tone") || "");
    if (button.getAttribute("data-scan")) body.set("scan", button.getAttribute("data-scan"));
    try {
      fetch(base + "/history", { method: "POST", body: body, credentials: "same-origin", keepalive: true });
    } catch (e) { /* history is a convenience; the copy already happened */ }
  }

  function textOf(selector) {
    var el = $(selector);
    if (!el) return "";
    return el.value !== undefined && el.tagName === "TEXTAREA" ? el.value : el.textContent;
  }

  // Copy must happen synchronously inside the click: Safari refuses clipboard writes after an await.
  function copyText(text) {
    var done = false;
    if (navigator.clipboard && window.isSecureContext) {
      try { navigator.clipboard.writeText(text); done = true; } catch (e) { done = false; }
    }
    if (!done) {
      var area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.className = "visually-hidden";
      document.body.appendChild(area);
      area.select();
      try { done = document.execCommand("copy"); } catch (e) { done = false; }
      document.body.removeChild(area);
    }
    return done;
  }

  function confirmCopied(button) {
    var label = button.textContent;
    button.textContent = "Copied";
    setTimeout(function () { button.textContent = label; }, 1500);
    toast("Copied to clipboard");
    if (navigator.vibrate) { try { navigator.vibrate(15); } catch (e) { /* not supported */ } }
  }

  function onCopy(button) {
    var text = textOf(button.getAttribute("data-copy-from"));
    if (copyText(text)) {
      confirmCopied(button);
      if (button.hasAttribute("data-tone")) remember("copied", text, button);
    } else {
      toast("Could not copy. Select the text and copy it by hand.");
    }
  }

  function onShare(button) {
    var text = textOf(button.getAttribute("data-share-from"));
    if (navigator.share) {
      navigator.share({ text: text }).then(function () {
        toast("Shared");
        remember("shared", text, button);
      }).catch(function (error) {
        if (error && error.name === "AbortError") return;
        if (copyText(text)) { confirmCopied(button); remember("copied", text, button); }
      });
    } else if (copyText(text)) {
      confirmCopied(button);
      toast("Sharing isn't available here, so the text was copied");
      remember("copied", text, button);
    }
  }

  $all("[data-copy-from]").forEach(function (b) { b.hidden = false; b.addEventListener("click", function () { onCopy(b); }); });
  $all("[data-share-from]").forEach(function (b) { b.hidden = false; b.addEventListener("click", function () { onShare(b); }); });

  // Upload: picking a photo submits at once, with a progress bar while it uploads and a status while it is read.
  $all("form[data-upload]").forEach(function (form) {
    var inputs = $all("input[type=file]", form);
    inputs.forEach(function (input) {
      input.addEventListener("change", function () {
        if (!input.files || !input.files.length) return;
        upload(form, input);
      });
    });
    form.addEventListener("submit", function (event) {
      var chosen = inputs.filter(function (i) { return i.files && i.files.length; })[0];
      if (!chosen) { event.preventDefault(); toast("Choose a photo first"); return; }
      event.preventDefault();
      upload(form, chosen);
    });
    if (form.hasAttribute("data-scan-mode")) {
      var take = inputs[0];
      if (take) { try { take.click(); } catch (e) { /* needs a tap on most browsers */ } }
    }
  });

  // What went wrong, in the server's own words when it sent a page (its alert), else a plain sentence.
  function messageFrom(html, fallback) {
    try {
      var doc = new DOMParser().parseFromString(html || "", "text/html");
      var alert = doc.querySelector(".alert.error, [role=alert]");
      var text = alert && alert.textContent.replace(/\s+/g, " ").trim();
      return text || fallback;
    } catch (e) { return fallback; }
  }

  // A failed upload keeps the chosen photo: the message stays on screen with a Retry that sends it again.
  function showUploadFailure(form, file, message) {
    var box = $("[data-upload-failure]");
    if (!box) { toast(message); return; }
    $("[data-upload-message]", box).textContent = message;
    $("[data-upload-name]", box).textContent = file && file.name ? file.name : "your photo";
    box.hidden = false;
    var retry = $("[data-upload-retry]", box);
    retry.onclick = function () { box.hidden = true; sendPhoto(form, file); };
    retry.focus();
  }

  function upload(form, input) { sendPhoto(form, input.files[0]); }

  function sendPhoto(form, file) {
    if (!window.FormData || !window.XMLHttpRequest) { form.submit(); return; }
    var data = new FormData();
    data.append("photo", file, file.name || "photo.jpg");
    var lang = form.elements.namedItem("lang");
    if (lang && lang.value) data.append("lang", lang.value);
    var xhr = new XMLHttpRequest();
    xhr.open("POST", form.getAttribute("action"));
    showOverlay("Uploading the photo…", true);
    xhr.upload.onprogress = function (event) {
      if (event.lengthComputable) $("#overlay-progress").value = Math.round((event.loaded / event.total) * 100);
    };
    xhr.upload.onload = function () {
      $("#overlay-progress").value = 100;
      $("#overlay-status").textContent = form.getAttribute("data-processing") || "Reading the page…";
    };
    xhr.onload = function () {
      if (xhr.status >= 200 && xhr.status < 300 && xhr.responseURL) {
        window.location.assign(xhr.responseURL);
        return;
      }
      hideOverlay();
      showUploadFailure(form, file, messageFrom(xhr.responseText, "The photo could not be read (error " + xhr.status + ")."));
    };
    xhr.onerror = function () {
      hideOverlay();
      showUploadFailure(form, file, "The upload did not reach the server. Check the connection, then retry: your photo is still chosen.");
    };
    xhr.send(data);
  }

  // Generate: sent in the background so that a server that is gone cannot take the page (and the text) with it.
  $all("form[data-generate]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      var submitter = event.submitter;
      if (submitter && submitter.getAttribute("formaction")) return;
      if (!window.fetch || !window.URLSearchParams) { showOverlay("Writing five drafts…", false); return; }
      event.preventDefault();
      var data;
      try { data = new FormData(form, submitter); } catch (e) {
        data = new FormData(form);
        if (submitter && submitter.name) data.append(submitter.name, submitter.value);
      }
      var alert = $("[data-offline-alert]");
      if (alert) alert.hidden = true;
      showOverlay(submitter && submitter.value === "offline" ? "Writing five drafts offline…" : "Writing five drafts…", false);
      fetch(form.getAttribute("action"), { method: "POST", body: new URLSearchParams(data), credentials: "same-origin" })
        .then(function (response) {
          if (response.ok && /\/posts\/[^/]+$/.test(response.url)) { window.location.assign(response.url); return; }
          return response.text().then(function (html) { document.open(); document.write(html); document.close(); });
        })
        .catch(function () {
          hideOverlay();
          if (alert) {
            alert.textContent = "The server can't be reached, so no drafts were written. Your text is still here, unchanged; "
              + "press Generate posts again when the server is back.";
            alert.hidden = false;
            alert.scrollIntoView({ block: "nearest" });
          } else {
            toast("The server can't be reached. Your text is still here.");
          }
        });
    });
  });

  // Autosave: what is typed is stored on the server a moment after typing stops, and before leaving the page.
  $all("textarea[data-autosave]").forEach(function (area) {
    var form = area.form;
    var state = $("[data-save-state]");
    var timer = null;
    var saved = area.value;
    function fields() {
      var body = new URLSearchParams();
      body.set("text", area.value);
      ["book", "author"].forEach(function (name) {
        var input = form && form.elements[name];
        if (input) body.set(name, input.value);
      });
      return body;
    }
    function save(beacon) {
      clearTimeout(timer);
      var body = fields();
      var key = body.toString();
      if (key === saved) return;
      if (state) state.textContent = "Saving…";
      fetch(area.getAttribute("data-autosave"), {
        method: "POST", body: body, credentials: "same-origin", keepalive: !!beacon,
        headers: { "X-SnapPost-Autosave": "1" }
      }).then(function (response) {
        if (response.ok) { saved = key; if (state) state.textContent = "Saved"; }
        else if (state) { state.textContent = "Not saved — use Save text"; }
      }).catch(function () { if (state) state.textContent = "Offline — not saved yet"; });
    }
    saved = fields().toString();
    form.addEventListener("input", function () {
      if (state) state.textContent = "Editing…";
      clearTimeout(timer);
      timer = setTimeout(save, 1200);
    });
    window.addEventListener("pagehide", function () { save(true); });
  });

  // Text boxes grow with their text (no inner scrollbar, so an underlay lines up with the words).
  function autosize(area) {
    function fit() {
      // Measure from nothing (not from the rows attribute), keeping the page where it is while the box shrinks.
      var scroll = window.scrollY;
      area.style.height = "0px";
      area.style.height = area.scrollHeight + 2 + "px";
      window.scrollTo(window.scrollX, scroll);
    }
    area.addEventListener("input", fit);
    window.addEventListener("resize", fit);
    fit();
    return fit;
  }

  function escapeHTML(text) {
    return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  }

  // An underlay behind a textarea, drawn by `paint(text)` as HTML: marks line up with the words above them.
  function underlay(area, paint) {
    var wrap = area.parentNode;
    var back = document.createElement("div");
    back.className = area.className + " backdrop";
    back.setAttribute("aria-hidden", "true");
    wrap.insertBefore(back, area);
    wrap.classList.add("has-backdrop");
    function draw() { back.innerHTML = paint(area.value) + "\n "; back.scrollTop = area.scrollTop; }
    area.addEventListener("input", draw);
    area.addEventListener("scroll", function () { back.scrollTop = area.scrollTop; });
    draw();
    return draw;
  }

  // Words as the server counts them: letters and digits, apostrophes inside ("don't", "l’eau").
  var WORD = /[\p{L}\p{M}\p{N}]+(?:['’]\p{L}[\p{L}\p{M}\p{N}]*)*/gu;
  function wordsOf(text) {
    var found = [], seen = {}, match;
    WORD.lastIndex = 0;
    while ((match = WORD.exec(text))) {
      var n = seen[match[0]] || 0;
      seen[match[0]] = n + 1;
      found.push({ word: match[0], occurrence: n, start: match.index, end: match.index + match[0].length });
    }
    return found;
  }

  // Unsure words: underlined while they stay as read; tapping one shows that line of the photo.
  $all("[data-unsure]").forEach(function (list) {
    var area = $("#text");
    if (!area) return;
    var entries = $all("li", list).map(function (li) {
      return {
        word: li.getAttribute("data-word"), occurrence: +li.getAttribute("data-occurrence"),
        confidence: li.getAttribute("data-confidence"), box: (li.getAttribute("data-box") || "").split(" ").map(Number),
        preview: li.getAttribute("data-preview"), width: li.getAttribute("data-width"), height: li.getAttribute("data-height")
      };
    });
    var key = function (w, n) { return w + "\u0000" + n; };
    var byKey = {};
    entries.forEach(function (e) { byKey[key(e.word, e.occurrence)] = e; });
    var panel = $("[data-unsure-panel]");
    var note = $("[data-unsure-note]");
    if (note) note.hidden = false;
    var current = [];
    function paint(text) {
      current = wordsOf(text).filter(function (w) { return byKey[key(w.word, w.occurrence)]; });
      var html = "", at = 0;
      current.forEach(function (w) {
        html += escapeHTML(text.slice(at, w.start)) + '<mark class="unsure">' + escapeHTML(w.word) + "</mark>";
        at = w.end;
      });
      return html + escapeHTML(text.slice(at));
    }
    autosize(area);
    underlay(area, paint);
    function show() {
      var caret = area.selectionStart;
      var hit = current.filter(function (w) { return caret >= w.start && caret <= w.end; })[0];
      if (!hit) { panel.hidden = true; return; }
      var entry = byKey[key(hit.word, hit.occurrence)];
      panel.textContent = "";
      var p = document.createElement("p");
      p.textContent = "The camera was unsure of “" + hit.word + "” (" + entry.confidence + "). "
        + (entry.preview && entry.box.length === 4 ? "This is the line on the photo:" : "No photo of it is kept.");
      panel.appendChild(p);
      if (entry.preview && entry.box.length === 4) {
        var ns = "http://www.w3.org/2000/svg", b = entry.box, pad = Math.round(b[3] * 0.3);
        var svg = document.createElementNS(ns, "svg");
        svg.setAttribute("class", "unsure-crop");
        svg.setAttribute("role", "img");
        svg.setAttribute("aria-label", "The line of the photo with “" + hit.word + "”");
        svg.setAttribute("viewBox", (b[0] - pad) + " " + (b[1] - pad) + " " + (b[2] + 2 * pad) + " " + (b[3] + 2 * pad));
        var image = document.createElementNS(ns, "image");
        image.setAttribute("href", entry.preview);
        image.setAttribute("width", entry.width);
        image.setAttribute("height", entry.height);
        image.setAttribute("preserveAspectRatio", "none");
        svg.appendChild(image);
        panel.appendChild(svg);
      }
      var close = document.createElement("button");
      close.type = "button";
      close.className = "btn ghost small";
      close.textContent = "Close";
      close.addEventListener("click", function () { panel.hidden = true; area.focus(); });
      panel.appendChild(close);
      panel.hidden = false;
    }
    ["click", "keyup"].forEach(function (type) { area.addEventListener(type, show); });
  });

  // Paragraph picking works on the text as it is now: typed fixes are in every paragraph, kept or left out.
  $all("[data-passages]").forEach(function (details) {
    var area = $("#text");
    var holder = $("[data-paragraph-list]", details);
    if (!area || !holder) return;
    var parts = null;
    function paragraphsOf(text) {
      return text.replace(/\r\n/g, "\n").split("\n\n").map(function (p) { return p.trim(); }).filter(function (p) { return p; });
    }
    function render() {
      holder.textContent = "";
      parts.forEach(function (part, index) {
        var label = document.createElement("label");
        label.className = "passage";
        var box = document.createElement("input");
        box.type = "checkbox";
        box.name = "keep";
        box.value = String(index);
        box.checked = part.kept;
        box.setAttribute("data-paragraph", "");
        var span = document.createElement("span");
        span.className = "passage-text";
        span.textContent = part.text;
        label.appendChild(box);
        label.appendChild(document.createTextNode(" "));
        label.appendChild(span);
        holder.appendChild(label);
        box.addEventListener("change", function () { pick(index, box); });
      });
    }
    // Brings the list up to date with the text: kept paragraphs take what was typed in them.
    function sync() {
      var now = paragraphsOf(area.value);
      if (!parts) {
        parts = now.map(function (t) { return { text: t, kept: true }; });
      } else {
        var kept = parts.filter(function (p) { return p.kept; });
        if (kept.length === now.length) {
          kept.forEach(function (p, i) { p.text = now[i]; });
        } else {
          var left = parts.filter(function (p) { return !p.kept; });
          parts = now.map(function (t) { return { text: t, kept: true }; }).concat(left);
        }
      }
      render();
    }
    function pick(index, box) {
      parts[index].kept = box.checked;
      var kept = parts.filter(function (p) { return p.kept; });
      if (!kept.length) { parts[index].kept = true; box.checked = true; toast("Keep at least one paragraph"); return; }
      area.value = kept.map(function (p) { return p.text; }).join("\n\n");
      area.dispatchEvent(new Event("input", { bubbles: true }));
      toast(kept.length + " of " + parts.length + " paragraphs kept");
    }
    details.addEventListener("toggle", function () { if (details.open) sync(); });
    area.addEventListener("input", function () { if (parts) { var open = document.activeElement === area; if (open) sync(); } });
    sync();
  });

  // Drafts: each grows with its text, counts as you type (red past the limit), shows where the feed folds it behind
  // "see more", and saves itself a moment after typing stops, and before leaving the page.
  function charCount(text) {
    if (window.Intl && Intl.Segmenter) {
      var n = 0, it = new Intl.Segmenter().segment(text)[Symbol.iterator]();
      while (!it.next().done) n++;
      return n;
    }
    return Array.from(text).length;
  }

  $all("textarea[data-draft-text]").forEach(function (area) {
    var form = area.form;
    var card = area.closest("[data-card]");
    var count = $("[data-count]", card);
    var state = $("[data-save-state]", card);
    var limit = +area.getAttribute("data-limit") || 900;
    var fold = +area.getAttribute("data-see-more") || 210;
    autosize(area);
    underlay(area, function (text) {
      var chars = Array.from(text);
      var cut = Math.min(fold, chars.length);
      var head = chars.slice(0, cut).join(""), middle = chars.slice(cut, Math.max(cut, limit)).join(""), tail = chars.slice(Math.max(cut, limit)).join("");
      var html = escapeHTML(head);
      if (chars.length > fold) html += '<span class="fold" title="“see more”"></span><mark class="after-fold">' + escapeHTML(middle) + "</mark>";
      if (tail) html += '<mark class="over">' + escapeHTML(tail) + "</mark>";
      return html;
    });
    function recount() {
      var n = charCount(area.value);
      count.textContent = n + "/" + limit;
      count.classList.toggle("over", n > limit);
    }
    var saved = area.value, timer = null;
    function save(beacon) {
      clearTimeout(timer);
      var text = area.value;
      if (text === saved || !text.trim()) return;
      if (state) state.textContent = "Saving…";
      var body = new URLSearchParams();
      body.set("text", text);
      fetch(form.getAttribute("action"), {
        method: "POST", body: body, credentials: "same-origin", keepalive: !!beacon, headers: { "X-SnapPost-Autosave": "1" }
      }).then(function (response) {
        if (response.ok) { saved = text; if (state) state.textContent = "Saved"; }
        else if (state) { state.textContent = "Not saved — try again"; }
      }).catch(function () { if (state) state.textContent = "Offline — not saved yet"; });
    }
    area.addEventListener("input", function () {
      recount();
      if (state) state.textContent = "Editing…";
      clearTimeout(timer);
      timer = setTimeout(save, 800);
    });
    // Copy and Share use what is in the box; make sure it is saved too.
    $all("[data-copy-from], [data-share-from]", card).forEach(function (b) { b.addEventListener("click", function () { save(); }); });
    window.addEventListener("pagehide", function () { save(true); });
    form.addEventListener("submit", function (event) {
      var submitter = event.submitter;
      var busy = submitter && submitter.getAttribute("data-busy-text");
      if (busy) showOverlay(busy, false);
    });
    recount();
  });
  // The offline shell: a service worker that shows the offline page when the server cannot be reached.
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register(base + "/sw.js", { scope: base + "/" }).catch(function () {});
  }
  // Remembered choices (the page's language on Home): restored when the option still exists, saved on change.
  $all("select[data-remember]").forEach(function (select) {
    var key = select.getAttribute("data-remember");
    try {
      var saved = window.localStorage.getItem(key);
      if (saved && $all("option", select).some(function (o) { return o.value === saved; })) select.value = saved;
      select.addEventListener("change", function () { window.localStorage.setItem(key, select.value); });
    } catch (e) { /* storage may be off: the server's default stays selected */ }
  });
})();
