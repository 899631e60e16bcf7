// SnapPost's offline shell: static assets and the offline page are cached; pages and API answers never are (they are
// private and change). When the server cannot be reached, a page request shows the offline page instead.
"use strict";
// v2: the offline page tells what is kept in this browser and sends it when the server answers again.
// v3: the offline page is kept in the reader's language (fetched again when a page comes in another one).
var CACHE = "snappost-shell-v3";
var scope = self.registration ? new URL(self.registration.scope).pathname.replace(/\/$/, "") : "";
var SHELL = ["/offline", "/static/app.css", "/static/app.js", "/static/icon.svg", "/static/icon-192.png"].map(function (path) {
  return scope + path;
});

self.addEventListener("install", function (event) {
  // Saves (POST: a form, the script's autosave, the beacon sent while a page closes) go straight to the network and
  // never wake this worker: a save sent as the page goes away was lost when it had to start the worker first.
  if (event.addRoutes) {
    try {
      event.addRoutes({ condition: { requestMethod: "POST" }, source: "network" }).catch(function () {});
    } catch (e) { /* an older browser: its fetch handler below lets POSTs through */ }
  }
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(SHELL); }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (keys) {
      return Promise.all(keys.filter(function (key) { return key !== CACHE; }).map(function (key) { return caches.delete(key); }));
    }).then(function () { return self.clients.claim(); })
  );
});

// The cached offline page speaks the language of the last page the server sent; a page in another language (the
// footer's switch, or the browser's languages changed) fetches it again in that one.
function keepOfflinePageIn(lang) {
  return caches.open(CACHE).then(function (cache) {
    return cache.match(scope + "/offline").then(function (cached) {
      if (cached && cached.headers.get("Content-Language") === lang) return;
      return fetch(scope + "/offline", { credentials: "same-origin" }).then(function (response) {
        if (response.ok) return cache.put(scope + "/offline", response);
      });
    });
  }).catch(function () { /* the shell still has its older copy */ });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // Pages always come from the server; only when it cannot be reached does the cached offline page answer.
    event.respondWith(fetch(request).then(function (response) {
      var lang = response.headers.get("Content-Language");
      if (lang) keepOfflinePageIn(lang);
      return response;
    }).catch(function () { return caches.match(scope + "/offline"); }));
    return;
  }
  if (url.pathname.indexOf(scope + "/static/") === 0) {
    // Assets: the network first (so a new version shows at once), the cache when offline.
    event.respondWith(
      fetch(request).then(function (response) {
        if (response.ok && SHELL.indexOf(url.pathname) >= 0) {
          var copy = response.clone();
          caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
        }
        return response;
      }).catch(function () { return caches.match(request); })
    );
  }
});
