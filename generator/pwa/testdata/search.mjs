// Drives Debian's headless Chromium for the Go test TestSearchInBrowser:
// it reads one command a line on its standard input and answers each
// with one line of JSON on its standard output.
//   visit URL   open the page at 412 px wide; wait until a service worker
//               controls it (not from the disk) {"status", "controlled"}
//   type WORDS  type the words into the search page's input, one key at
//               a time {"status", "links": [{"href", "text"}], "wide"}
//   keys KEY... press the keys in turn {"focused": its text or id}
//   nojs URL    open the page with JavaScript off {"noscript", "form"}
// playwright-core comes from .ci/axe (npm ci there); it never downloads a
// browser.
import { createRequire } from "node:module";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";

const require = createRequire(new URL("../../../.ci/axe/package.json", import.meta.url));
const { chromium } = require("playwright-core");

const profile = fs.mkdtempSync(path.join(os.tmpdir(), "sortie-search-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.SORTIE_CHROMIUM || "/usr/bin/chromium",
  headless: true,
  viewport: { width: 412, height: 900 },
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
  return { status, controlled };
}

async function type(words) {
  await page.fill("#search-q", "");
  await page.focus("#search-q");
  await page.keyboard.type(words);
  return page.evaluate(() => ({
    status: document.getElementById("search-status").textContent,
    links: Array.from(document.querySelectorAll("#search-results a")).map((a) => ({ href: a.href, text: a.textContent })),
    wide: document.documentElement.scrollWidth,
  }));
}

async function keys(list) {
  for (const k of list) await page.keyboard.press(k);
  return page.evaluate(() => {
    const el = document.activeElement;
    return { focused: el ? el.id || el.textContent : "" };
  });
}

async function nojs(url) {
  const p = await context.newPage();
  const cdp = await context.newCDPSession(p);
  await cdp.send("Emulation.setScriptExecutionDisabled", { value: true });
  await p.goto(url, { waitUntil: "load", timeout: 30000 });
  const out = await p.evaluate(() => {
    const n = document.querySelector("noscript");
    const f = document.getElementById("search-form");
    return { noscript: n ? n.textContent : "", form: f ? !f.hidden && f.offsetHeight > 0 : false, visible: document.body.innerText };
  });
  await p.close();
  return out;
}

const rl = readline.createInterface({ input: process.stdin });
for await (const line of rl) {
  const [cmd, ...args] = line.trim().split(/\s+/);
  try {
    if (cmd === "visit") answer(await visit(args[0]));
    else if (cmd === "type") answer(await type(args.join(" ")));
    else if (cmd === "keys") answer(await keys(args));
    else if (cmd === "nojs") answer(await nojs(args[0]));
    else answer({ error: "unknown command " + cmd });
  } catch (e) {
    answer({ error: String(e) });
  }
}
await context.close();
fs.rmSync(profile, { recursive: true, force: true });
