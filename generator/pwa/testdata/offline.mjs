// Drives Debian's headless Chromium for the Go test TestOfflineInBrowser:
// it reads one command a line on its standard input and answers each
// with one line of JSON on its standard output, so the Go test can stop
// and start the site's server between commands.
//   visit URL   open the page; wait until a service worker controls it
//               {"status", "h1", "controlled"}
//   fetch URL   fetch a file from the page, as a booklet link does
//               {"ok", "status", "sha256"} or {"ok": false, "error"}
//   update      ask the browser to look for a new worker, and wait until
//               none is installing or waiting {"updated"}
//   keys        every cache and its keys {"caches": {name: [url...]}}
//   installable what keeps Chromium from offering to install the site
//               {"errors": [id...], "manifest": [message...]}
// playwright-core comes from .ci/axe (npm ci there); it never downloads a
// browser.
import { createRequire } from "node:module";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";

const require = createRequire(new URL("../../../.ci/axe/package.json", import.meta.url));
const { chromium } = require("playwright-core");

// A profile of its own, not the incognito one a new context has: Chromium
// installs no app from incognito.
const profile = fs.mkdtempSync(path.join(os.tmpdir(), "sortie-offline-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.SORTIE_CHROMIUM || "/usr/bin/chromium",
  headless: true,
  viewport: { width: 390, height: 844 },
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-quic"],
});
const page = context.pages()[0] || (await context.newPage());
const answer = (v) => console.log(JSON.stringify(v));

async function visit(url) {
  let status = 0;
  try {
    const res = await page.goto(url, { waitUntil: "load", timeout: 30000 });
    status = res ? res.status() : 0;
  } catch (e) {
    return { status: 0, error: e.message };
  }
  const controlled = await page.evaluate(() => new Promise((resolve) => {
    if (location.protocol === "file:" || !("serviceWorker" in navigator)) return resolve(false);
    if (navigator.serviceWorker.controller) return resolve(true);
    navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true));
    setTimeout(() => resolve(!!navigator.serviceWorker.controller), 30000);
  }));
  const h1 = await page.evaluate(() => { const h = document.querySelector("h1"); return h ? h.textContent.trim() : ""; });
  return { status, h1, controlled };
}

async function fetchFile(url) {
  return page.evaluate(async (u) => {
    try {
      const res = await fetch(u);
      const buf = await res.arrayBuffer();
      const sum = Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", buf)))
        .map((b) => b.toString(16).padStart(2, "0")).join("");
      return { ok: res.ok, status: res.status, sha256: sum };
    } catch (e) {
      return { ok: false, error: String(e) };
    }
  }, url);
}

async function update() {
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    if (!reg) return { updated: false, error: "no service worker" };
    try {
      await reg.update();
    } catch (e) {
      return { updated: false, error: String(e) };
    }
    // The new worker installs, then takes over (skipWaiting, claim).
    for (let i = 0; i < 600; i++) {
      if (!reg.installing && !reg.waiting && reg.active && reg.active.state === "activated") return { updated: true };
      await new Promise((r) => setTimeout(r, 100));
    }
    return { updated: false, error: "the new worker did not take over in 60 s" };
  });
}

async function keys() {
  return page.evaluate(async () => {
    const out = {};
    for (const name of await caches.keys()) {
      const c = await caches.open(name);
      out[name] = (await c.keys()).map((r) => r.url).sort();
    }
    return { caches: out };
  });
}

async function installable() {
  const cdp = await context.newCDPSession(page);
  const inst = await cdp.send("Page.getInstallabilityErrors");
  const man = await cdp.send("Page.getAppManifest");
  await cdp.detach();
  return { errors: inst.installabilityErrors.map((e) => e.errorId), manifest: man.errors.map((e) => e.message), url: man.url };
}

const rl = readline.createInterface({ input: process.stdin });
for await (const line of rl) {
  const [cmd, arg] = line.trim().split(/\s+/, 2);
  try {
    if (cmd === "visit") answer(await visit(arg));
    else if (cmd === "fetch") answer(await fetchFile(arg));
    else if (cmd === "update") answer(await update());
    else if (cmd === "keys") answer(await keys());
    else if (cmd === "installable") answer(await installable());
    else answer({ error: "unknown command " + cmd });
  } catch (e) {
    answer({ error: String(e) });
  }
}
await context.close();
fs.rmSync(profile, { recursive: true, force: true });
