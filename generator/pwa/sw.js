// Sortie's service worker, written by "sortie build": after one visit it
// keeps this site's pages, style, maps and icons on the device, and each
// booklet once it has been opened, so the site works with the network
// off. Nothing leaves the device. Each file is kept under a key holding a
// hash of its bytes, so a new build fetches only what changed and drops
// what it no longer has.
"use strict";

// VERSION is a hash over every file of the build; PRECACHE are the files
// kept at the first visit and OPENED those kept once opened, each with a
// hash of its bytes.
/*DATA*/

const ROOT = new URL("./", self.location.href); // the site's root: this file's folder
const CACHE = "sortie " + ROOT.pathname; // caches are per host, not per folder
const AT_ONCE = 6; // fetches in flight while installing

function key(path, hash) {
  return new URL(path.split("/").map(encodeURIComponent).join("/") + "?sortie=" + hash, ROOT).href;
}

function address(path) {
  return new URL(path.split("/").map(encodeURIComponent).join("/"), ROOT).href;
}

// fresh fetches a file past the browser's own cache, which may hold the
// previous build's bytes. A host may have redirected it (index.html to
// its folder, say): a redirected response cannot answer a page's own
// address, so it is copied into a plain one.
async function fresh(path) {
  const res = await fetch(address(path), { cache: "no-cache" });
  if (!res.ok) throw new Error("failed to fetch " + path + ": HTTP " + res.status);
  if (!res.redirected) return res;
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers: res.headers });
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const have = new Set((await cache.keys()).map((r) => r.url));
    const todo = Object.keys(PRECACHE).filter((p) => !have.has(key(p, PRECACHE[p])));
    const next = async () => {
      for (let p = todo.shift(); p !== undefined; p = todo.shift()) {
        await cache.put(key(p, PRECACHE[p]), await fresh(p));
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, next));
    await self.skipWaiting();
  })());
});

// A new build's worker drops every file the build no longer has, or has
// with other bytes, and the caches of older workers.
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const keep = new Set();
    for (const list of [PRECACHE, OPENED]) {
      for (const p of Object.keys(list)) keep.add(key(p, list[p]));
    }
    for (const name of await caches.keys()) {
      if (name !== CACHE && name.startsWith("sortie " + ROOT.pathname)) await caches.delete(name);
    }
    const cache = await caches.open(CACHE);
    for (const req of await cache.keys()) {
      if (!keep.has(req.url)) await cache.delete(req);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== ROOT.origin || !url.pathname.startsWith(ROOT.pathname)) return;
  let path;
  try {
    path = decodeURIComponent(url.pathname.slice(ROOT.pathname.length));
  } catch {
    return;
  }
  if (path === "" || path.endsWith("/")) path += "index.html";
  const hash = Object.hasOwn(PRECACHE, path) ? PRECACHE[path] : Object.hasOwn(OPENED, path) ? OPENED[path] : undefined;
  if (hash === undefined) return; // not one of the build's files to keep: the network, as usual
  event.respondWith(kept(path, hash, req));
});

// kept answers from the device when the file is there, else from the
// network, keeping what it fetched; offline, a page not kept says so.
async function kept(path, hash, req) {
  const cache = await caches.open(CACHE);
  const k = key(path, hash);
  const hit = await cache.match(k);
  if (hit) return hit;
  try {
    const res = await fresh(path); // the whole file, even when a range was asked for
    await cache.put(k, res.clone());
    return res;
  } catch (err) {
    if (req.mode !== "navigate") throw err;
    return new Response(OFFLINE, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
  }
}

// OFFLINE is the page shown for a file not kept, in the site's own style
// (kept at the first visit).
const OFFLINE = "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"/>" +
  "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/><title>Offline</title>" +
  "<link rel=\"stylesheet\" href=\"" + ROOT.pathname + "style.css\"/></head>" +
  "<body><main id=\"main\"><h1>Offline</h1><p class=\"lede\">This file is not kept on this device, and the network is off.</p>" +
  "<p>Every page of the site is kept after the first visit; a booklet or a play sheet is kept once it has been " +
  "opened with the network on.</p><p><a class=\"button\" href=\"" + ROOT.pathname + "index.html\">The site's home page</a></p>" +
  "</main></body></html>";
