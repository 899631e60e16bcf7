// The Shelf pages, progressively enhanced: without this file the forms, links and the audio player work on their own.
// With it: the chosen photo is shown with Retake and Analyse, the upload and the analysis show their progress, a tapped
// spine shows what was read on it, and Listen plays the recommendations.
(function () {
  "use strict";
  // The reader's words, from app.js's catalogue (the key itself if app.js did not load).
  var msg = window.SnapPostMessages || function (key) { return key; };

  function $(selector, root) { return (root || document).querySelector(selector); }
  function $all(selector, root) { return Array.prototype.slice.call((root || document).querySelectorAll(selector)); }

  // MARK: Take or choose a photo, see it, retake or analyse.
  var form = $("form[data-shelf-upload]");
  if (form) {
    var preview = $("[data-shelf-preview]", form);
    var image = $("[data-shelf-preview-image]", form);
    var picks = $all("[data-shelf-pick]", form);
    var retake = $("[data-shelf-retake]", form);
    var analyse = $("[data-shelf-analyse]", form);
    var chosen = null;
    var objectURL = null;

    analyse.hidden = true;
    $all("input[type=file]", form).forEach(function (input) {
      input.addEventListener("change", function () {
        if (!input.files || !input.files.length) return;
        chosen = input;
        if (objectURL) URL.revokeObjectURL(objectURL);
        objectURL = URL.createObjectURL(input.files[0]);
        image.src = objectURL;
        preview.hidden = false;
        picks.forEach(function (label) { label.hidden = true; });
        retake.hidden = false;
        analyse.hidden = false;
        analyse.focus();
      });
    });
    retake.addEventListener("click", function () {
      if (chosen) { chosen.value = ""; chosen.click(); }
    });
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (!chosen || !chosen.files || !chosen.files.length) { return; }
      upload(chosen.files[0]);
    });
  }

  function upload(file) {
    if (!window.FormData || !window.XMLHttpRequest) { form.submit(); return; }
    var overlay = $("#overlay"), status = $("#overlay-status"), bar = $("#overlay-progress");
    var data = new FormData();
    data.append("photo", file, file.name || "shelf.jpg");
    var xhr = new XMLHttpRequest();
    var started = 0, timer = null;
    xhr.open("POST", form.getAttribute("action"));
    status.textContent = msg("uploading");
    bar.hidden = false;
    bar.value = 0;
    overlay.hidden = false;
    xhr.upload.onprogress = function (event) {
      if (event.lengthComputable) bar.value = Math.round((event.loaded / event.total) * 100);
    };
    xhr.upload.onload = function () {
      // The analysis gives no progress of its own: say what happens and count the seconds.
      bar.removeAttribute("value");
      started = Date.now();
      var tick = function () {
        var seconds = Math.round((Date.now() - started) / 1000);
        status.textContent = msg("shelf.reading", { seconds: seconds });
      };
      tick();
      timer = setInterval(tick, 1000);
    };
    xhr.onload = function () {
      clearInterval(timer);
      if (xhr.status >= 200 && xhr.status < 300 && xhr.responseURL) {
        status.textContent = msg("shelf.done");
        window.location.assign(xhr.responseURL);
      } else {
        // The server's own error page has the message and the way forward.
        document.open();
        document.write(xhr.responseText);
        document.close();
      }
    };
    xhr.onerror = function () {
      clearInterval(timer);
      overlay.hidden = true;
      status.textContent = "";
      var toast = $("#toast");
      if (toast) { toast.textContent = msg("shelf.failed"); toast.classList.add("show"); }
    };
    xhr.send(data);
  }

  // MARK: Tap a spine to see what was read on it.
  var caption = $("[data-spine-caption]");
  function showSpine(number, scroll) {
    var item = $("#spine-" + number);
    $all(".spine.current").forEach(function (p) { p.classList.remove("current"); });
    $all(".spine-list li.current").forEach(function (li) { li.classList.remove("current"); });
    var link = $('.spine-link[data-spine="' + number + '"] polygon');
    if (link) link.classList.add("current");
    if (item) item.classList.add("current");
    if (caption && item) {
      caption.textContent = "";
      var label = document.createElement("strong");
      label.textContent = msg("shelf.spine", { number: number });
      caption.appendChild(label);
      caption.appendChild(document.createTextNode(item.querySelector(".spine-text").textContent));
      var book = item.querySelector("strong");
      if (book) caption.appendChild(document.createTextNode(" — " + book.textContent));
      caption.hidden = false;
      if (scroll) caption.scrollIntoView({ block: "nearest" });
    }
  }
  $all(".spine-link").forEach(function (link) {
    link.addEventListener("click", function (event) {
      event.preventDefault();
      showSpine(link.getAttribute("data-spine"), true);
    });
  });
  $all("[data-spine-link]").forEach(function (link) {
    link.addEventListener("click", function (event) {
      event.preventDefault();
      showSpine(link.getAttribute("data-spine-link"), false);
      var figure = $(".spine-figure");
      if (figure) figure.scrollIntoView({ block: "start" });
    });
  });

  // MARK: Listen: the audio element plays the server's recording of the recommendations.
  var listen = $("[data-listen]"), audio = $("[data-listen-audio]");
  if (listen && audio) {
    listen.hidden = false;
    audio.classList.add("collapsed");
    listen.addEventListener("click", function () {
      audio.classList.remove("collapsed");
      if (audio.paused) {
        listen.textContent = msg("shelf.preparingAudio");
        var playing = audio.play();
        if (playing && playing.catch) {
          playing.catch(function () { listen.textContent = msg("shelf.listen"); });
        }
      } else {
        audio.pause();
      }
    });
    audio.addEventListener("playing", function () { listen.textContent = msg("shelf.pause"); });
    audio.addEventListener("pause", function () { listen.textContent = msg("shelf.listen"); });
    audio.addEventListener("ended", function () { listen.textContent = msg("shelf.again"); });
    audio.addEventListener("error", function () { listen.textContent = msg("shelf.unavailable"); listen.disabled = true; });
  }
})();
