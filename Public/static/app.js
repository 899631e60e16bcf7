// SnapPost progressive enhancement: every page works without this file; with it, uploads show progress,
// Copy and Share work in one tap, and picking paragraphs updates the text live. No framework, no inline code.
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

  function upload(form, input) {
    if (!window.FormData || !window.XMLHttpRequest) { form.submit(); return; }
    var data = new FormData();
    data.append("photo", input.files[0], input.files[0].name || "photo.jpg");
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
      } else {
        // Show the server's own error page (it has the message and the way forward).
        document.open();
        document.write(xhr.responseText);
        document.close();
      }
    };
    xhr.onerror = function () {
      hideOverlay();
      toast("The upload failed. Check the connection and try again.");
      input.value = "";
    };
    xhr.send(data);
  }

  // Generate: the form posts normally; show what is happening meanwhile.
  $all("form[data-generate]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      var submitter = event.submitter;
      var action = submitter && submitter.getAttribute("formaction");
      if (action) return;
      showOverlay("Writing five drafts…", false);
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

  // Paragraph picking: ticking a box rebuilds the text from the ticked paragraphs.
  $all("[data-passages]").forEach(function (details) {
    var area = $("#text");
    var boxes = $all("input[data-paragraph]", details);
    if (!area || !boxes.length) return;
    boxes.forEach(function (box) {
      box.addEventListener("change", function () {
        var kept = boxes.filter(function (b) { return b.checked; }).map(function (b) {
          return b.parentNode.querySelector(".passage-text").textContent;
        });
        if (!kept.length) { box.checked = true; toast("Keep at least one paragraph"); return; }
        area.value = kept.join("\n\n");
        area.dispatchEvent(new Event("input", { bubbles: true }));
        toast(kept.length + " of " + boxes.length + " paragraphs kept");
      });
    });
  });
  // The offline shell: a service worker that shows the offline page when the server cannot be reached.
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register(base + "/sw.js", { scope: base + "/" }).catch(function () {});
  }
})();
