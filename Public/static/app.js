// SnapPost progressive enhancement: every page works without this file; with it, uploads show progress and can be
// retried, Copy and Share work in one tap, text and drafts save as you type and on every way out (kept in the browser
// until the server has them, with a choice when two tabs changed the same text), picking paragraphs works on the text
// as it is now, unsure words are underlined, and a server that is gone never takes the text with it. No framework, no
// inline code.
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  var base = document.body ? document.body.getAttribute("data-base") || "" : "";

  function $(selector, root) { return (root || document).querySelector(selector); }
  function $all(selector, root) { return Array.prototype.slice.call((root || document).querySelectorAll(selector)); }

  // Fields only a browser without this script sends (the revision a plain form's text was typed over: this script
  // names its own with each save, and a form it lets through saves as it stands).
  $all("[data-plain-only]").forEach(function (field) { field.remove(); });
  // The footer's language switch belongs to the page's text form only without this script (which saves the text
  // itself before the page changes): with it, the switch is its own form again.
  $all("[data-plain-form]").forEach(function (field) { field.removeAttribute("form"); field.removeAttribute("formaction"); });

  // Words come from the server's catalogue in the reader's language (the JSON in the page's `#messages` meta
  // element, `js.*` keys):
  // `{{name}}` placeholders, and `key_one` / `key_other` forms chosen by the browser's plural rules.
  var LANG = document.documentElement.lang || "en";
  var MESSAGES = (function () {
    var meta = $("#messages");
    try { return JSON.parse((meta && meta.getAttribute("content")) || "{}"); } catch (e) { return {}; }
  })();
  function msg(key, vars) {
    var text = MESSAGES[key];
    if (vars && typeof vars.count === "number" && window.Intl && Intl.PluralRules) {
      text = MESSAGES[key + "_" + new Intl.PluralRules(LANG).select(vars.count)] || MESSAGES[key + "_other"] || text;
    }
    if (text === undefined) text = key;
    return text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, function (_, name) { return vars && vars[name] !== undefined ? String(vars[name]) : ""; });
  }
  window.SnapPostMessages = msg;
  // What a kept copy is ("scan", "draft", "correction"), in the reader's words; copies kept before this named
  // themselves in English and stay as they are.
  function labelOf(name) {
    if (!name) return msg("label.typed");
    return MESSAGES["label." + name] ? msg("label." + name) : name;
  }

  // Toast, announced through aria-live. It goes where it covers no button, link or field: above the action bar (or
  // the bottom edge), else under the top bar, else wherever it covers the fewest.
  var toastTimer = null;
  function toast(message) {
    var el = $("#toast");
    if (!el) return;
    el.textContent = message;
    placeToast(el);
    el.classList.add("show");
    clearTimeout(toastTimer);
    toastTimer = setTimeout(function () { el.classList.remove("show"); }, 1800);
  }
  function barEdge(selector, side) {
    var bar = $(selector);
    if (!bar || bar.hidden) return null;
    var position = window.getComputedStyle(bar).position;
    if (position !== "fixed" && position !== "sticky") return null;
    var rect = bar.getBoundingClientRect();
    return rect.height ? rect[side] : null;
  }
  function placeToast(el) {
    var height = window.innerHeight, width = el.offsetWidth, tall = el.offsetHeight;
    var barTop = barEdge(".actionbar", "top");
    var topBottom = barEdge(".topbar", "bottom");
    var spots = [(barTop === null ? height : barTop) - 12 - tall, (topBottom === null ? 0 : topBottom) + 12];
    var controls = $all("button, a[href], input:not([type=hidden]), select, summary").filter(function (c) { return !c.closest("#toast"); });
    var left = (window.innerWidth - width) / 2, best = null;
    spots.forEach(function (top) {
      var covered = controls.filter(function (c) {
        var r = c.getBoundingClientRect();
        return r.width && r.height && r.left < left + width && r.right > left && r.top < top + tall && r.bottom > top;
      }).length;
      if (!best || covered < best.covered) best = { top: top, covered: covered };
    });
    el.style.top = Math.max(0, best.top) + "px";
    el.style.bottom = "auto";
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
    button.textContent = msg("copied");
    setTimeout(function () { button.textContent = label; }, 1500);
    toast(msg("copiedToast"));
    if (navigator.vibrate) { try { navigator.vibrate(15); } catch (e) { /* not supported */ } }
  }

  function onCopy(button) {
    var text = textOf(button.getAttribute("data-copy-from"));
    if (copyText(text)) {
      confirmCopied(button);
      if (button.hasAttribute("data-tone")) remember("copied", text, button);
    } else {
      toast(msg("copyFailed"));
    }
  }

  function onShare(button) {
    var text = textOf(button.getAttribute("data-share-from"));
    if (navigator.share) {
      navigator.share({ text: text }).then(function () {
        toast(msg("shared"));
        remember("shared", text, button);
      }).catch(function (error) {
        if (error && error.name === "AbortError") return;
        if (copyText(text)) { confirmCopied(button); remember("copied", text, button); }
      });
    } else if (copyText(text)) {
      confirmCopied(button);
      toast(msg("shareCopied"));
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
      if (!chosen) { event.preventDefault(); toast(msg("chooseFirst")); return; }
      event.preventDefault();
      upload(form, chosen);
    });
    if (form.hasAttribute("data-scan-mode")) {
      var take = inputs[0];
      if (take) { try { take.click(); } catch (e) { /* needs a tap on most browsers */ } }
    }
  });

  // What went wrong, in the server's own words when it sent a page (its alert), else a plain sentence; and whether
  // trying the same photo again can help (the server says so on its page; without one, a busy or failing server can).
  function failureFrom(html, status, fallback) {
    var retryable = status === 0 || status === 408 || status === 429 || status >= 500;
    try {
      var doc = new DOMParser().parseFromString(html || "", "text/html");
      var alert = doc.querySelector(".alert.error, [role=alert]");
      var text = alert && alert.textContent.replace(/\s+/g, " ").trim();
      if (alert && alert.hasAttribute("data-retryable")) retryable = alert.getAttribute("data-retryable") === "true";
      return { message: text || fallback, retryable: retryable };
    } catch (e) { return { message: fallback, retryable: retryable }; }
  }

  // A failed upload keeps the chosen photo: the message stays on screen with a Retry that sends it again, when that
  // can help (a dropped connection, a busy server); a file that can never be read gets "Choose another photo" instead.
  function showUploadFailure(form, file, failure) {
    var box = $("[data-upload-failure]");
    if (!box) { toast(failure.message); return; }
    $("[data-upload-message]", box).textContent = failure.message;
    $("[data-upload-name]", box).textContent = file && file.name ? file.name : msg("yourPhoto");
    box.hidden = false;
    var retry = $("[data-upload-retry]", box);
    var other = $("[data-upload-choose]", box);
    retry.hidden = !failure.retryable;
    retry.onclick = function () { box.hidden = true; sendPhoto(form, file); };
    if (other) {
      other.hidden = failure.retryable;
      other.onclick = function () {
        box.hidden = true;
        var input = $("input[type=file]:not([capture])", form) || $("input[type=file]", form);
        if (input) input.click();
      };
    }
    (failure.retryable || !other ? retry : other).focus();
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
    showOverlay(msg("uploading"), true);
    xhr.upload.onprogress = function (event) {
      if (event.lengthComputable) $("#overlay-progress").value = Math.round((event.loaded / event.total) * 100);
    };
    xhr.upload.onload = function () {
      $("#overlay-progress").value = 100;
      $("#overlay-status").textContent = form.getAttribute("data-processing") || msg("reading");
    };
    xhr.onload = function () {
      if (xhr.status >= 200 && xhr.status < 300 && xhr.responseURL) {
        window.location.assign(xhr.responseURL);
        return;
      }
      hideOverlay();
      showUploadFailure(form, file, failureFrom(xhr.responseText, xhr.status, msg("uploadError", { status: xhr.status })));
    };
    xhr.onerror = function () {
      hideOverlay();
      showUploadFailure(form, file, {
        message: msg("uploadUnreached"), retryable: true
      });
    };
    xhr.send(data);
  }

  // Generate: sent in the background so that a server that is gone cannot take the page (and the text) with it.
  $all("form[data-generate]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      var submitter = event.submitter;
      if (submitter && submitter.getAttribute("formaction")) return;
      if (!window.fetch || !window.URLSearchParams) { showOverlay(msg("writing"), false); return; }
      event.preventDefault();
      var data;
      try { data = new FormData(form, submitter); } catch (e) {
        data = new FormData(form);
        if (submitter && submitter.name) data.append(submitter.name, submitter.value);
      }
      var alert = $("[data-offline-alert]");
      if (alert) alert.hidden = true;
      showOverlay(msg(submitter && submitter.value === "offline" ? "writingOffline" : "writing"), false);
      fetch(form.getAttribute("action"), { method: "POST", body: new URLSearchParams(data), credentials: "same-origin" })
        .then(function (response) {
          if (response.ok && /\/posts\/[^/]+$/.test(response.url)) { window.location.assign(response.url); return; }
          return response.text().then(function (html) { document.open(); document.write(html); document.close(); });
        })
        .catch(function () {
          hideOverlay();
          if (alert) {
            alert.textContent = msg("generateUnreached");
            alert.hidden = false;
            alert.scrollIntoView({ block: "nearest" });
          } else {
            toast(msg("generateUnreachedShort"));
          }
        });
    });
  });

  // Never lose a keystroke. Every box that saves itself is a "keeper": what is typed is copied at once into this
  // browser's storage (one copy per scan or draft and per page, kept until the server has it), saved a moment after
  // typing stops, and sent when the page is left (a beacon, or a fetch that outlives the page). Links and buttons that
  // leave wait for the save. Each save names the revision its text was typed over, so a stale tab gets a conflict
  // (409) and the person chooses between the two texts: newer text on the server is never overwritten unseen. A copy
  // left by a page that is gone is sent when the page is opened again, or by any SnapPost page when the network
  // returns; a page back from the browser's cache first asks the server what it has.
  var UNSAVED = "snappost.unsaved.";
  var TYPED = "snappost.typed.";
  var store = {
    put: function (key, record) { try { window.localStorage.setItem(key, JSON.stringify(record)); return true; } catch (e) { return false; } },
    get: function (key) { try { return JSON.parse(window.localStorage.getItem(key) || "null"); } catch (e) { return null; } },
    drop: function (key) { try { window.localStorage.removeItem(key); } catch (e) { /* storage off */ } },
    keys: function (prefix) {
      var found = [];
      try {
        for (var i = 0; i < window.localStorage.length; i++) {
          var key = window.localStorage.key(i);
          if (key && key.indexOf(prefix) === 0) found.push(key);
        }
      } catch (e) { /* storage off: nothing kept */ }
      return found;
    }
  };
  function randomId() {
    var bytes = new Uint8Array(12);
    if (window.crypto && crypto.getRandomValues) crypto.getRandomValues(bytes);
    else for (var i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }
  // This page's id: the server lets a page's later save overtake its own earlier one, never another page's.
  var editor = randomId();

  // Which other pages are open (their copies are theirs to send): each answers for its own id.
  var channel = null;
  function openChannel() {
    if (!window.BroadcastChannel || channel) return;
    channel = new BroadcastChannel("snappost.editors");
    channel.addEventListener("message", function (event) {
      if (event.data && event.data.ask === editor) channel.postMessage({ alive: editor });
    });
  }
  openChannel();
  function aliveEditors(ids, then) {
    if (!channel || !ids.length) { then({}); return; }
    var alive = {};
    function heard(event) { if (event.data && event.data.alive) alive[event.data.alive] = true; }
    channel.addEventListener("message", heard);
    ids.forEach(function (id) { channel.postMessage({ ask: id }); });
    setTimeout(function () { if (channel) channel.removeEventListener("message", heard); then(alive); }, 200);
  }

  var keepers = [];
  function sameValues(fields, a, b) { return fields.every(function (f) { return (a[f] || "") === (b[f] || ""); }); }
  function keepState(k, text, kind) {
    if (!k.state) return;
    k.state.textContent = text;
    k.state.setAttribute("data-kind", kind || "");
  }
  function dirty(k) { return !sameValues(k.fields, k.read(), k.confirmed); }
  function sendable(k) { return !k.conflict && dirty(k) && (!k.canSave || k.canSave(k.read())); }
  function keepCopy(k) {
    if (dirty(k)) {
      store.put(k.storeKey, {
        key: k.key, url: k.url, values: k.read(), base: k.base, editor: k.sendAs || editor, at: Date.now(), label: k.label,
        page: location.pathname
      });
    } else {
      store.drop(k.storeKey);
    }
  }
  function formBody(fields, values, base, who) {
    var body = new URLSearchParams();
    fields.forEach(function (f) { body.set(f, values[f] || ""); });
    body.set("base", String(base.revision));
    if (base.version !== undefined) body.set("version", String(base.version));
    body.set("editor", who);
    body.set("autosave", "1");
    return body;
  }
  function baseOf(copy) {
    return copy.version !== undefined ? { revision: copy.revision, version: copy.version } : { revision: copy.revision };
  }

  // Sends what is unsaved now. Resolves to "saved", "conflict", "failed" or "idle".
  function save(k) {
    clearTimeout(k.timer);
    if (k.inFlight) return k.inFlight.then(function () { return save(k); });
    if (k.conflict) return Promise.resolve("conflict");
    if (!dirty(k)) { store.drop(k.storeKey); return Promise.resolve("idle"); }
    if (k.canSave && !k.canSave(k.read())) { keepState(k, k.cannotSave, "warn"); return Promise.resolve("idle"); }
    var values = k.read();
    keepState(k, msg("saving"));
    var abort = window.AbortController ? new AbortController() : null;
    var deadline = setTimeout(function () { if (abort) abort.abort(); }, 15000);
    k.inFlight = fetch(k.url, {
      method: "POST", body: formBody(k.fields, values, k.base, k.sendAs || editor), credentials: "same-origin",
      headers: { "X-SnapPost-Autosave": "1" }, signal: abort ? abort.signal : undefined
    }).then(function (response) {
      if (response.status === 409) {
        return response.json().then(function (copy) { showConflict(k, copy); return "conflict"; });
      }
      if (!response.ok) {
        keepState(k, msg("notSavedStatus", { status: response.status }), "warn");
        retryLater(k);
        return "failed";
      }
      return response.json().then(function (copy) {
        k.base = baseOf(copy);
        k.sendAs = null;
        k.confirmed = values;
        k.retry = 0;
        keepCopy(k);
        if (!dirty(k)) keepState(k, msg("saved"), "ok");
        return "saved";
      });
    }).catch(function () {
      keepState(k, msg("offlineKept"), "warn");
      retryLater(k);
      return "failed";
    }).then(function (outcome) {
      clearTimeout(deadline);
      k.inFlight = null;
      if (outcome === "saved" && dirty(k)) schedule(k, 300);
      return outcome;
    });
    return k.inFlight;
  }
  function schedule(k, delay) { clearTimeout(k.timer); k.timer = setTimeout(function () { save(k); }, delay); }
  function retryLater(k) {
    k.retry = Math.min(30000, Math.max(2000, (k.retry || 1000) * 2));
    schedule(k, k.retry);
  }

  // Leaving: whatever is unsaved goes in a request that outlives the page; the stored copy stays until it is confirmed.
  function sendOnLeave(k) {
    if (!sendable(k)) return;
    keepCopy(k);
    var body = formBody(k.fields, k.read(), k.base, k.sendAs || editor);
    var sent = body.toString();
    if (k.leftWith === sent) return;
    k.leftWith = sent;
    if (navigator.sendBeacon && navigator.sendBeacon(k.url, body)) return;
    try {
      fetch(k.url, { method: "POST", body: body, credentials: "same-origin", keepalive: true, headers: { "X-SnapPost-Autosave": "1" } });
    } catch (e) { /* the stored copy is sent when a SnapPost page opens again */ }
  }
  function leaving() { keepers.forEach(sendOnLeave); }
  window.addEventListener("pagehide", function (event) {
    leaving();
    // A page that may come back from the browser's cache closes its channel (an open one keeps it out of the cache).
    if (event.persisted && channel) { channel.close(); channel = null; }
  });
  document.addEventListener("visibilitychange", function () { if (document.visibilityState === "hidden") leaving(); });

  // Links and buttons that leave the page wait for the save (at most a few seconds; the stored copy covers the rest).
  function settle(ms) {
    var all = Promise.all(keepers.map(save));
    return Promise.race([all, new Promise(function (resolve) { setTimeout(function () { resolve([]); }, ms); })]);
  }
  function mustWait() { return keepers.some(function (k) { return sendable(k) || k.inFlight; }); }
  // A form sends the text on screen and the server saves it as it is: not while the person is choosing between two.
  function blocked() {
    var open = keepers.filter(function (k) { return k.conflict; })[0];
    if (!open) return false;
    open.panel.scrollIntoView({ block: "nearest" });
    toast(msg("chooseText"));
    return true;
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a[href]") : null;
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return;
    var to = new URL(link.href, location.href);
    if (to.hash && to.pathname === location.pathname && to.search === location.search) return;
    if (!mustWait()) return;
    event.preventDefault();
    settle(3000).then(function () { location.assign(link.href); });
  });
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.hasAttribute("data-flushed")) { form.removeAttribute("data-flushed"); return; }
    if (!mustWait() && !keepers.some(function (k) { return k.conflict; })) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (blocked()) return;
    var submitter = event.submitter;
    settle(3000).then(function () {
      if (blocked()) return;
      form.setAttribute("data-flushed", "");
      if (form.requestSubmit) form.requestSubmit(submitter && submitter.form === form ? submitter : undefined);
      else form.submit();
    });
  }, true);

  // Both changed: the server's text and this page's, side by side; the person keeps one (the other can be copied).
  function showConflict(k, copy) {
    var server = {};
    k.fields.forEach(function (f) { server[f] = copy[f] || ""; });
    k.conflict = { base: baseOf(copy), values: server };
    keepState(k, msg("conflictState"), "warn");
    keepCopy(k);
    var panel = k.panel;
    panel.textContent = "";
    var title = document.createElement(k.headingTag || "h2");
    title.className = "conflict-title";
    if (panel.getAttribute("aria-labelledby")) title.id = panel.getAttribute("aria-labelledby");
    title.textContent = msg("conflictTitle");
    var why = document.createElement("p");
    why.textContent = msg("conflictWhy");
    panel.appendChild(title);
    panel.appendChild(why);
    var pair = document.createElement("div");
    pair.className = "conflict-pair";
    function side(heading, values, button, primary, choose) {
      var box = document.createElement("section");
      box.className = "conflict-side";
      var h = document.createElement("h3");
      h.textContent = heading;
      var text = document.createElement("p");
      text.className = "conflict-text";
      var act = document.createElement("button");
      act.type = "button";
      act.className = "btn small " + (primary ? "primary" : "secondary");
      act.textContent = button;
      act.addEventListener("click", choose);
      box.appendChild(h);
      box.appendChild(text);
      box.appendChild(act);
      pair.appendChild(box);
      return text;
    }
    var mine = side(msg("typedHere"), null, msg("keepMine"), true, function () {
      k.base = k.conflict.base;
      k.sendAs = null;
      k.confirmed = k.conflict.values;
      closeConflict(k);
      save(k);
    });
    var theirs = side(msg("onServer"), null, msg("useServers"), false, function () {
      var values = k.conflict.values;
      k.base = k.conflict.base;
      k.sendAs = null;
      closeConflict(k);
      k.write(values);
      k.confirmed = values;
      keepCopy(k);
      keepState(k, msg("savedServers"), "ok");
    });
    var whole = false;
    var toggle = document.createElement("button");
    toggle.type = "button";
    toggle.className = "linklike conflict-whole";
    toggle.addEventListener("click", function () { whole = !whole; k.drawConflict(); });
    k.drawConflict = function () {
      compare(mine, theirs, k.describe(k.read()), k.describe(server), whole);
      toggle.textContent = msg(whole ? "showDiff" : "showWhole");
    };
    k.drawConflict();
    panel.appendChild(pair);
    panel.appendChild(toggle);
    panel.hidden = false;
    panel.scrollIntoView({ block: "nearest" });
  }
  // The two texts with what differs marked; unless `whole`, only that part with some words around it.
  function compare(mineEl, theirsEl, a, b, whole) {
    var start = 0;
    while (start < a.length && start < b.length && a[start] === b[start]) start++;
    var end = 0;
    while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
    [[mineEl, a], [theirsEl, b]].forEach(function (pair) {
      var el = pair[0], text = pair[1], to = text.length - end, around = 90;
      var head = text.slice(0, start), tail = text.slice(to);
      if (!whole && head.length > around) head = "…" + head.slice(head.length - around).replace(/^\S*\s/, "");
      if (!whole && tail.length > around) tail = tail.slice(0, around).replace(/\s\S*$/, "") + "…";
      el.textContent = "";
      el.appendChild(document.createTextNode(head));
      var mark = document.createElement("mark");
      mark.textContent = text.slice(start, to);
      if (mark.textContent) el.appendChild(mark);
      el.appendChild(document.createTextNode(tail));
    });
  }
  function closeConflict(k) {
    k.conflict = null;
    k.drawConflict = null;
    k.panel.hidden = true;
    k.panel.textContent = "";
  }

  // A new keeper: what it saves (fields), how to read and write them, where it saves and what it was typed over.
  function keeper(k) {
    k.storeKey = UNSAVED + k.key + "." + editor;
    k.confirmed = k.read();
    keepers.push(k);
    k.form.addEventListener("input", function () {
      keepCopy(k);
      if (k.drawConflict) k.drawConflict();
      if (k.conflict) return;
      keepState(k, msg(dirty(k) ? "notSavedYet" : "saved"), dirty(k) ? "" : "ok");
      schedule(k, k.delay || (tooLongToBeacon(k) ? 0 : 800));
    });
    return k;
  }
  // A beacon (or a keepalive fetch) carries at most 64 KB, so a text longer than that cannot be sent as the page
  // goes away: it is saved as it is typed instead (one request at a time; the latest text follows the one in flight).
  var BEACON_BYTES = 60000;
  function tooLongToBeacon(k) {
    var values = k.read(), size = 0;
    // At most 9 bytes a character once URL-encoded (three UTF-8 bytes, each as %XX): the exact count only near it.
    Object.keys(values).forEach(function (name) { size += String(values[name]).length * 9; });
    return size > BEACON_BYTES && formBody(k.fields, values, k.base, k.sendAs || editor).toString().length > BEACON_BYTES;
  }

  // Copies left in this browser by pages that are gone, for this keeper: the newest is put back in the box and sent,
  // as the page that typed it (so it may follow that page's own saves); the server says if it is a conflict.
  function adoptLeftovers(k, then) {
    var now = k.read();
    var copies = store.keys(UNSAVED + k.key + ".").map(function (key) {
      var copy = store.get(key);
      if (copy && copy.values && sameValues(k.fields, copy.values, now)) { store.drop(key); return null; }
      return copy && copy.values && copy.base ? { key: key, copy: copy } : null;
    }).filter(Boolean);
    if (!copies.length) { then(false); return; }
    aliveEditors(copies.map(function (c) { return c.copy.editor; }), function (alive) {
      var left = copies.filter(function (c) { return !alive[c.copy.editor]; });
      left.sort(function (a, b) { return b.copy.at - a.copy.at; });
      if (!left.length) { then(false); return; }
      then(true);
      var chosen = left[0].copy;
      left.forEach(function (c) { store.drop(c.key); });
      k.write(chosen.values);
      k.base = chosen.base;
      k.sendAs = chosen.editor;
      keepCopy(k);
      keepState(k, msg("sendingBefore"));
      save(k).then(function (outcome) {
        if (outcome === "saved" && !dirty(k)) keepState(k, msg("sentBefore"), "ok");
      });
    });
  }

  // A page back from the browser's cache (or Back from the HTTP cache) may show an old copy: ask the server.
  function checkServer(k) {
    fetch(k.savedUrl, { credentials: "same-origin", cache: "no-store" }).then(function (response) {
      if (!response.ok) throw new Error("status " + response.status);
      return response.json();
    }).then(function (json) {
      var copy = k.pick ? k.pick(json) : json;
      if (!copy || k.conflict) return;
      var server = {};
      k.fields.forEach(function (f) { server[f] = copy[f] || ""; });
      var fresh = baseOf(copy);
      var unchanged = fresh.revision === k.base.revision && fresh.version === k.base.version;
      if (unchanged) { if (sendable(k)) save(k); return; }
      if (sameValues(k.fields, k.read(), server)) {
        k.base = fresh; k.confirmed = server; k.sendAs = null; keepCopy(k); keepState(k, msg("saved"), "ok");
      } else if (!dirty(k)) {
        k.write(server); k.base = fresh; k.confirmed = server; k.sendAs = null; keepCopy(k);
        keepState(k, msg("updatedElsewhere"), "ok");
      } else {
        save(k);
      }
    }).catch(function () { if (sendable(k)) retryLater(k); });
  }
  window.addEventListener("pageshow", function (event) {
    if (!event.persisted) return;
    openChannel();
    keepers.forEach(function (k) { k.leftWith = null; checkServer(k); });
  });
  window.addEventListener("online", function () {
    keepers.forEach(function (k) { if (sendable(k)) { k.retry = 0; save(k); } });
    sendLeftovers();
  });

  // Copies of pages that are gone whose own page is not this one (Home, Lines, the offline page…): sent as they are.
  // One the server refuses as a conflict stays, and its page shows the two texts when it is opened.
  function sendLeftovers(done) {
    var mine = {};
    keepers.forEach(function (k) { mine[k.key] = true; });
    var copies = store.keys(UNSAVED).map(function (key) { return { key: key, copy: store.get(key) }; }).filter(function (c) {
      var copy = c.copy;
      return copy && copy.values && copy.base && copy.url && !mine[copy.key] && !copy.conflict
        && new URL(copy.url, location.href).origin === location.origin;
    });
    if (!copies.length) { if (done) done(); return; }
    aliveEditors(copies.map(function (c) { return c.copy.editor; }), function (alive) {
      var sends = copies.filter(function (c) { return !alive[c.copy.editor]; }).map(function (c) {
        var copy = c.copy;
        var fields = Object.keys(copy.values);
        return fetch(copy.url, {
          method: "POST", body: formBody(fields, copy.values, copy.base, copy.editor), credentials: "same-origin",
          headers: { "X-SnapPost-Autosave": "1" }
        }).then(function (response) {
          if (response.ok) store.drop(c.key);
          else if (response.status === 409) { copy.conflict = true; store.put(c.key, copy); }
        }).catch(function () { /* still offline: kept */ });
      });
      Promise.all(sends).then(function () { if (done) done(); });
    });
  }

  // Results: the text, book and author.
  $all("textarea[data-autosave]").forEach(function (area) {
    var form = area.form;
    keeper({
      key: area.getAttribute("data-keep-key"), url: area.getAttribute("data-autosave"), savedUrl: area.getAttribute("data-saved-copy"),
      form: form, fields: ["text", "book", "author", "confirm"], base: { revision: +area.getAttribute("data-revision") || 0 },
      state: $("[data-save-state]"), panel: $("[data-conflict]", form), label: "scan",
      read: function () {
        var el = form.elements;
        return { text: area.value, book: el.book ? el.book.value : "", author: el.author ? el.author.value : "", confirm: el.confirm ? el.confirm.value : "" };
      },
      write: function (values) {
        area.value = values.text;
        ["book", "author", "confirm"].forEach(function (name) { if (form.elements[name]) form.elements[name].value = values[name] || ""; });
        area.dispatchEvent(new Event("input", { bubbles: false }));
      },
      describe: function (values) {
        var extra = [values.book, values.author].filter(Boolean).join(" — ");
        return values.text + (extra ? "\n\n(" + extra + ")" : "");
      }
    });
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
  // Each ideograph is a word of its own (the server's UnsureWords.tokens uses the same ranges).
  var IDEOGRAPH = "\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\u{20000}-\\u{2fa1f}";
  var LETTER = "(?:(?![" + IDEOGRAPH + "])[\\p{L}\\p{M}\\p{N}])";
  var WORD = new RegExp("[" + IDEOGRAPH + "]|" + LETTER + "+(?:['’](?![" + IDEOGRAPH + "])\\p{L}" + LETTER + "*)*", "gu");
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

  // Unsure words: underlined while they stay as the camera read them. Tapping one shows that place of the photo beside
  // the word (never over it), a few lines tall and zoomable; "It is right" (or retyping the word as it was) trusts it.
  $all("[data-unsure]").forEach(function (list) {
    var area = $("#text");
    if (!area) return;
    var form = area.form;
    var confirmField = form && form.elements.confirm;
    var entries = $all("li", list).map(function (li) {
      return {
        word: li.getAttribute("data-word"), occurrence: +li.getAttribute("data-occurrence"),
        confidence: li.getAttribute("data-confidence"), box: (li.getAttribute("data-box") || "").split(" ").filter(Boolean).map(Number),
        lineHeight: +li.getAttribute("data-line-height") || 0, index: +li.getAttribute("data-index"),
        preview: li.getAttribute("data-preview"), width: +li.getAttribute("data-width"), height: +li.getAttribute("data-height")
      };
    });
    var key = function (w, n) { return w + "\u0000" + n; };
    var byKey = {};
    entries.forEach(function (e) { byKey[key(e.word, e.occurrence)] = e; });
    var panel = $("[data-unsure-panel]");
    var note = $("[data-unsure-note]");
    var wrap = area.closest("[data-text-wrap]");
    if (note) note.hidden = false;
    var current = [], shown = null, zoom = 1, backdrop = null;
    function paint(text) {
      current = wordsOf(text).filter(function (w) { var e = byKey[key(w.word, w.occurrence)]; return e && !e.trusted; });
      var html = "", at = 0;
      current.forEach(function (w, i) {
        html += escapeHTML(text.slice(at, w.start)) + '<mark class="unsure" data-mark="' + i + '">' + escapeHTML(w.word) + "</mark>";
        at = w.end;
      });
      return html + escapeHTML(text.slice(at));
    }
    autosize(area);
    var redraw = underlay(area, paint);
    backdrop = wrap ? $(".backdrop", wrap) : null;
    function trust(entry) {
      entry.trusted = true;
      if (confirmField && entry.index >= 0) {
        var have = confirmField.value ? confirmField.value.split(",") : [];
        if (have.indexOf(String(entry.index)) < 0) have.push(String(entry.index));
        confirmField.value = have.join(",");
        form.dispatchEvent(new Event("input", { bubbles: true }));
      }
      redraw();
    }
    // The crop: centred on the word, at least three of its lines tall, zoomed by the buttons.
    function viewBox(entry) {
      var b = entry.box, line = Math.max(entry.lineHeight || b[3], 8);
      var h = Math.min(entry.height, line * 3.5 / zoom), w = Math.min(entry.width, Math.max(b[2] + 2 * line, line * 11) / zoom);
      var cx = b[0] + b[2] / 2, cy = b[1] + b[3] / 2;
      var x = Math.max(0, Math.min(entry.width - w, cx - w / 2)), y = Math.max(0, Math.min(entry.height - h, cy - h / 2));
      return [x, y, w, h];
    }
    function place(hit) {
      // Below the word's line when there is room in the window, else above it: the word itself stays in sight.
      var mark = backdrop && $('[data-mark="' + current.indexOf(hit) + '"]', backdrop);
      var wrapBox = wrap.getBoundingClientRect();
      var r = mark ? mark.getBoundingClientRect() : area.getBoundingClientRect();
      panel.style.top = panel.style.bottom = "";
      var below = r.bottom + panel.offsetHeight + 12 <= window.innerHeight || r.top - panel.offsetHeight - 12 < 0;
      if (below) panel.style.top = (r.bottom - wrapBox.top + 6) + "px";
      else panel.style.bottom = (wrapBox.bottom - r.top + 6) + "px";
      panel.classList.toggle("above", !below);
    }
    function draw(hit, entry) {
      panel.textContent = "";
      var p = document.createElement("p");
      var hasCrop = entry.preview && entry.box.length === 4;
      p.textContent = msg("unsure", { word: hit.word, confidence: entry.confidence }) + (hasCrop ? " " + msg("unsureHere") : "");
      panel.appendChild(p);
      if (hasCrop) {
        var ns = "http://www.w3.org/2000/svg", b = entry.box, v = viewBox(entry);
        var svg = document.createElementNS(ns, "svg");
        svg.setAttribute("class", "unsure-crop");
        svg.setAttribute("role", "img");
        svg.setAttribute("aria-label", msg("unsureCrop", { word: hit.word }));
        svg.setAttribute("viewBox", v.join(" "));
        svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
        svg.style.aspectRatio = v[2] + " / " + v[3];
        var image = document.createElementNS(ns, "image");
        image.setAttribute("href", entry.preview);
        image.setAttribute("width", entry.width);
        image.setAttribute("height", entry.height);
        image.setAttribute("preserveAspectRatio", "none");
        svg.appendChild(image);
        var ring = document.createElementNS(ns, "rect");
        var pad = Math.max(2, (entry.lineHeight || b[3]) * 0.15);
        ring.setAttribute("x", b[0] - pad); ring.setAttribute("y", b[1] - pad);
        ring.setAttribute("width", b[2] + 2 * pad); ring.setAttribute("height", b[3] + 2 * pad);
        ring.setAttribute("rx", pad);
        ring.setAttribute("class", "unsure-ring");
        svg.appendChild(ring);
        panel.appendChild(svg);
      }
      var row = document.createElement("div");
      row.className = "unsure-actions";
      function button(label, cls, fn, aria) {
        var el = document.createElement("button");
        el.type = "button";
        el.className = "btn small " + cls;
        el.textContent = label;
        if (aria) el.setAttribute("aria-label", aria);
        el.addEventListener("click", fn);
        row.appendChild(el);
        return el;
      }
      if (hasCrop) {
        var less = button("−", "ghost", function () { zoom = Math.max(0.5, zoom / 1.5); draw(hit, entry); }, msg("zoomOut"));
        var more = button("+", "ghost", function () { zoom = Math.min(4, zoom * 1.5); draw(hit, entry); }, msg("zoomIn"));
        less.disabled = zoom <= 0.5;
        more.disabled = zoom >= 4;
      }
      if (entry.index >= 0) button(msg("itIsRight"), "secondary", function () { trust(entry); close(); });
      button(msg("close"), "ghost", function () { close(); area.focus(); });
      panel.appendChild(row);
      panel.hidden = false;
      place(hit);
    }
    function close() { panel.hidden = true; shown = null; }
    function show() {
      var caret = area.selectionStart;
      var hit = current.filter(function (w) { return caret >= w.start && caret <= w.end; })[0];
      if (!hit) { close(); return; }
      var entry = byKey[key(hit.word, hit.occurrence)];
      if (shown !== entry) zoom = 1;
      shown = entry;
      draw(hit, entry);
    }
    // A marked word typed again as it was is the person's word now: an edit that touches it is remembered until the
    // word at that place reads as it was (letter by letter, or pasted).
    var touched = [];
    area.addEventListener("beforeinput", function () {
      var s = area.selectionStart, e = area.selectionEnd;
      current.forEach(function (w) {
        if (w.start <= e && w.end >= s) touched.push({ entry: byKey[key(w.word, w.occurrence)], start: w.start });
      });
    });
    area.addEventListener("input", function () {
      if (!touched.length) return;
      var caret = area.selectionStart;
      var now = wordsOf(area.value).filter(function (w) { return caret >= w.start && caret <= w.end; })[0];
      touched = touched.filter(function (t) {
        if (t.entry.trusted) return false;
        if (now && now.word === t.entry.word && Math.abs(now.start - t.start) <= 2) { trust(t.entry); return false; }
        return Math.abs(caret - t.start) <= t.entry.word.length + 2;
      });
    });
    ["click", "keyup"].forEach(function (type) { area.addEventListener(type, show); });
    window.addEventListener("resize", function () { if (!panel.hidden && shown) show(); });
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
      if (!kept.length) { parts[index].kept = true; box.checked = true; toast(msg("keepOne")); return; }
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
  var WIDE = new RegExp("[" + IDEOGRAPH + "\\u3000-\\u303f\\ufe30-\\ufe4f\\uff00-\\uff60\\uac00-\\ud7af\\u1100-\\u115f]", "u");
  function widthOf(character) { return WIDE.test(character) ? 2 : 1; }

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
      // The fold is a width (LinkedInLength.seeMoreAfter): an ideograph or full-width mark is as wide as two letters.
      var cut = 0, used = 0;
      while (cut < chars.length && used + widthOf(chars[cut]) <= fold) { used += widthOf(chars[cut]); cut++; }
      if (cut >= chars.length) return escapeHTML(text);
      // The feed folds between words: the fold is drawn in the last space before it (or the first after, for a word
      // longer than the line), never inside a word. Ideographs are words of their own: beside one it falls right there.
      function space(i) { return /\s/.test(chars[i] || ""); }
      function wide(i) { return i >= 0 && i < chars.length && widthOf(chars[i]) > 1; }
      if (!space(cut) && !wide(cut) && !wide(cut - 1)) {
        var back = cut;
        while (back > cut - 60 && back > 0 && !space(back)) back--;
        if (space(back)) cut = back;
        else while (cut < chars.length && !space(cut)) cut++;
        if (cut >= chars.length) return escapeHTML(text);
      }
      var gap = space(cut) ? chars[cut] : "", from = space(cut) ? cut + 1 : cut;
      var end = Math.max(from, limit);
      var html = escapeHTML(chars.slice(0, cut).join("")) + '<span class="fold' + (gap ? "" : " tight") + '" title="' + escapeHTML(msg("seeMore")) + '">' + escapeHTML(gap) + "</span>";
      html += '<mark class="after-fold">' + escapeHTML(chars.slice(from, end).join("")) + "</mark>";
      var tail = chars.slice(end).join("");
      if (tail) html += '<mark class="over">' + escapeHTML(tail) + "</mark>";
      return html;
    });
    function recount() {
      var n = charCount(area.value);
      count.textContent = n + "/" + limit;
      count.classList.toggle("over", n > limit);
    }
    // Open LinkedIn carries the text as it is on screen.
    var linkedIn = $("[data-linkedin]", card);
    function relink() {
      if (linkedIn) linkedIn.href = "https://www.linkedin.com/feed/?shareActive=true&text=" + encodeURIComponent(area.value);
    }
    if (linkedIn) linkedIn.addEventListener("click", relink);
    area.addEventListener("input", function () { recount(); relink(); });
    var cards = area.closest("[data-saved-copy]");
    var number = +area.getAttribute("data-number");
    var draft = keeper({
      key: area.getAttribute("data-keep-key"), url: form.getAttribute("action"), savedUrl: cards ? cards.getAttribute("data-saved-copy") : "",
      form: form, fields: ["text"], state: state, panel: $("[data-conflict]", card), headingTag: "h3", label: "draft",
      base: { revision: +area.getAttribute("data-revision") || 0, version: +area.getAttribute("data-version") || 1 },
      canSave: function (values) { return !!values.text.trim(); }, cannotSave: msg("emptyDraft"),
      read: function () { return { text: area.value }; },
      write: function (values) { area.value = values.text; area.dispatchEvent(new Event("input", { bubbles: false })); },
      describe: function (values) { return values.text; },
      pick: function (json) { return (json.drafts || []).filter(function (d) { return d.number === number; })[0]; }
    });
    // Copy and Share use what is in the box; make sure it is saved too.
    $all("[data-copy-from], [data-share-from]", card).forEach(function (b) { b.addEventListener("click", function () { save(draft); }); });
    form.addEventListener("submit", function (event) {
      var submitter = event.submitter;
      var busy = submitter && submitter.getAttribute("data-busy-text");
      if (busy) showOverlay(busy, false);
    });
    recount();
    relink();
  });

  // Boxes filled in, then put back: each keeper sends what an earlier page left in this browser.
  var navigation = window.performance && performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
  keepers.forEach(function (k) {
    adoptLeftovers(k, function (adopted) {
      // Back and Forward may draw the page from the HTTP cache: what the server has now decides. (A copy put back is
      // sent over the revision it was typed on, so the server decides for it already.)
      if (!adopted && navigation && navigation.type === "back_forward") checkServer(k);
    });
  });
  setTimeout(function () { sendLeftovers(); }, 400);

  // Forms that take typing but do not save themselves (a shelf's "Correct it"): what is typed is kept in this browser
  // until the form is sent, and put back if the page is left and opened again.
  $all("form[data-keep-typing]").forEach(function (form) {
    var key = TYPED + form.getAttribute("action");
    var fields = $all("input:not([type=hidden]):not([type=file]):not([type=checkbox]):not([type=radio]), textarea", form);
    function values() { var v = {}; fields.forEach(function (f) { v[f.name] = f.value; }); return v; }
    var kept = store.get(key);
    if (kept && kept.values) {
      var differs = fields.some(function (f) { return kept.values[f.name] !== undefined && kept.values[f.name] !== f.defaultValue; });
      if (differs) {
        fields.forEach(function (f) { if (kept.values[f.name] !== undefined) f.value = kept.values[f.name]; });
        // Every fold around the form opens (a shelf's book may sit in "Show N more books").
        for (var details = form.closest("details"); details; details = details.parentElement && details.parentElement.closest("details")) {
          details.open = true;
        }
        var note = document.createElement("p");
        note.className = "sub kept-note";
        note.textContent = msg("typedBack");
        form.insertBefore(note, form.firstChild);
      } else {
        store.drop(key);
      }
    }
    form.addEventListener("input", function () {
      var changed = fields.some(function (f) { return f.value !== f.defaultValue; });
      if (changed) store.put(key, { values: values(), at: Date.now(), label: form.getAttribute("data-keep-typing"), page: location.pathname });
      else store.drop(key);
    });
    // Sent: the page that answers shows what the server made of it.
    form.addEventListener("submit", function () { store.drop(key); });
  });

  // History: Delete happens at once and can be undone where the item was.
  $all("form[data-history-delete]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      if (!window.fetch) return;
      event.preventDefault();
      var card = form.closest("li");
      fetch(form.getAttribute("action"), { method: "POST", body: new URLSearchParams(), credentials: "same-origin" }).then(function (response) {
        if (!response.ok) throw new Error("status " + response.status);
        var kept = document.createDocumentFragment();
        while (card.firstChild) kept.appendChild(card.firstChild);
        card.classList.add("deleted");
        var line = document.createElement("p");
        line.className = "undo-line";
        line.setAttribute("role", "status");
        line.textContent = msg("deleted") + " ";
        var undo = document.createElement("button");
        undo.type = "button";
        undo.className = "btn secondary small";
        undo.textContent = msg("undo");
        line.appendChild(undo);
        card.appendChild(line);
        undo.focus();
        undo.addEventListener("click", function () {
          fetch(form.getAttribute("action").replace(/\/delete$/, "/restore"), {
            method: "POST", body: new URLSearchParams(), credentials: "same-origin"
          }).then(function (answer) {
            if (!answer.ok) throw new Error("status " + answer.status);
            card.removeChild(line);
            card.appendChild(kept);
            card.classList.remove("deleted");
            toast(msg("broughtBack"));
          }).catch(function () { toast(msg("restoreFailed")); });
        });
      }).catch(function () { toast(msg("deleteFailed")); });
    });
  });

  // Times in the reader's own time zone; the exact UTC time on hover.
  $all("time[datetime]").forEach(function (time) {
    var when = new Date(time.getAttribute("datetime"));
    if (isNaN(when.getTime()) || !window.Intl) return;
    time.title = when.toISOString().replace("T", " ").replace(/\.\d+Z$/, " UTC");
    try {
      time.textContent = new Intl.DateTimeFormat(LANG, {
        day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZoneName: "short"
      }).format(when);
    } catch (e) { /* the server's UTC text stays */ }
  });

  // The offline page: what is kept in this browser and not on the server yet; when the server answers again, those
  // copies are sent and the page that was asked for is loaded.
  $all("[data-unsaved-list]").forEach(function (section) {
    var list = $("[data-unsaved-items]", section);
    var none = $("[data-unsaved-none]");
    var status = $("[data-offline-status]");
    var retry = $("[data-offline-retry]");
    if (retry) retry.href = location.href;
    function show() {
      var items = store.keys(UNSAVED).concat(store.keys(TYPED)).map(store.get).filter(function (c) { return c && c.values; });
      items.sort(function (a, b) { return b.at - a.at; });
      list.textContent = "";
      items.forEach(function (copy) {
        var li = document.createElement("li");
        var box = document.createElement("div");
        box.className = "unsaved-item";
        var snippet = document.createElement("span");
        snippet.className = "snippet";
        var words = Object.keys(copy.values).map(function (f) { return copy.values[f]; }).join(" ").replace(/\s+/g, " ").trim();
        // The start and the end: typing is most often added at the end.
        snippet.textContent = words.length > 140
          ? words.slice(0, 60).replace(/\s\S*$/, "") + " … " + words.slice(-70).replace(/^\S*\s/, "") : words || msg("offline.empty");
        var meta = document.createElement("span");
        meta.className = "meta";
        var at = new Date(copy.at);
        meta.textContent = msg("offline.typedAt", {
          label: labelOf(copy.label), time: at.toLocaleTimeString(LANG, { hour: "2-digit", minute: "2-digit" })
        }) + (copy.conflict ? msg("offline.conflict") : "");
        box.appendChild(snippet);
        box.appendChild(meta);
        li.appendChild(box);
        list.appendChild(li);
      });
      section.hidden = !items.length;
      if (none) none.hidden = !!items.length;
    }
    show();
    var trying = false;
    function tryServer() {
      if (trying) return;
      trying = true;
      fetch(base + "/healthz", { cache: "no-store" }).then(function (response) {
        if (!response.ok) throw new Error("status " + response.status);
        if (status) status.textContent = msg("offline.back");
        sendLeftovers(function () { location.reload(); });
      }).catch(function () {
        trying = false;
        if (status) status.textContent = msg("offline.still");
        show();
      });
    }
    window.addEventListener("online", tryServer);
    setInterval(tryServer, 4000);
  });
  // The offline shell: a service worker that shows the offline page when the server cannot be reached.
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register(base + "/sw.js", { scope: base + "/" }).catch(function () {});
  }
  // The footer's language switch sends itself when a language is picked (without script, its Change button does).
  $all("select[data-autosubmit-select]").forEach(function (select) {
    select.addEventListener("change", function () { if (select.form) select.form.submit(); });
  });
})();
