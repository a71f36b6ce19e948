// Opens a page of "sortie serve" in Debian's headless Chromium and
// prints, one line each, what the page does by itself:
//   load <h1 text>[ +note]   the page loaded (again), with the note that
//                            its PDFs are still being made, or not
//   note gone                the note went away without a reload
//   style <h1 colour>        a stylesheet was swapped in place, without
//                            a reload, and the heading is now that colour
// until its standard input closes. The Go test TestBrowserReload edits
// the site between lines. playwright-core comes from .ci/axe (npm ci
// there); it never downloads a browser.
//
//   node live.mjs URL
import { createRequire } from "node:module";

const require = createRequire(new URL("../../../.ci/axe/package.json", import.meta.url));
const { chromium } = require("playwright-core");

const [url] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.SORTIE_CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
const page = await browser.newPage();
await page.exposeFunction("sortieNoteGone", () => console.log("note gone"));
await page.exposeFunction("sortieStyle", (colour) => console.log("style " + colour));
await page.addInitScript(() => {
  document.addEventListener("DOMContentLoaded", () => {
    new MutationObserver((records) => {
      for (const r of records) {
        for (const n of r.addedNodes) {
          if (n.nodeName === "LINK" && n.rel === "stylesheet") {
            n.addEventListener("load", () => window.sortieStyle(getComputedStyle(document.querySelector("h1")).color));
          }
        }
      }
    }).observe(document.head, { childList: true });
  });
  document.addEventListener("DOMContentLoaded", () => {
    if (!document.getElementById("sortie-later")) return;
    new MutationObserver((_, obs) => {
      if (!document.getElementById("sortie-later")) {
        obs.disconnect();
        window.sortieNoteGone();
      }
    }).observe(document.body, { childList: true });
  });
});
page.on("load", async () => {
  try {
    const h1 = await page.textContent("h1");
    const note = await page.$("#sortie-later");
    console.log("load " + h1.trim() + (note ? " +note" : ""));
  } catch (e) {
    console.log("load failed: " + e.message);
  }
});
await page.goto(url);
process.stdin.resume();
process.stdin.on("end", async () => {
  await browser.close();
  process.exit(0);
});
