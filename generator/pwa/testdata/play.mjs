// Drives Debian's headless Chromium for the Go test TestPlayStateInBrowser,
// as offline.mjs does for TestOfflineInBrowser: it reads one command a
// line on its standard input, as JSON, and answers each with one line of
// JSON on its standard output.
//   {"do": "visit", "url": U}            open the page {"status", "h1"}
//   {"do": "reload"}                     load the page again {"status", "h1"}
//   {"do": "eval", "js": E}              the value of the expression E in the page {"value"}
//   {"do": "click", "selector": S}       a click on S, as a finger would {}
//   {"do": "key", "selector": S, "key": K} focus S and press K {"focused": the id of what has the focus then}
//   {"do": "fill", "selector": S, "text": T} type T into the field S {}
//   {"do": "select", "selector": S, "value": V} choose V in the list S {}
//   {"do": "download", "selector": S}    click S and wait for the file it saves {"name", "text"}
//   {"do": "axe"}                        axe-core on the page as it is now
//                                        {"violations": [{"id", "impact", "nodes": [html...]}]}
//   {"do": "upload", "selector": S, "file": F} hand the file input S the file F, and wait
//                                        until the play panel's status says what it made of it {}
// Any command can answer {"error"}. playwright-core comes from .ci/axe
// (npm ci there); it never downloads a browser.
import { createRequire } from "node:module";
import fs from "node:fs";
import readline from "node:readline";

const require = createRequire(new URL("../../../.ci/axe/package.json", import.meta.url));
const { chromium } = require("playwright-core");
const axePath = require.resolve("axe-core/axe.min.js");

const browser = await chromium.launch({
  executablePath: process.env.SORTIE_CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-quic"],
});
const context = await browser.newContext({ viewport: { width: 390, height: 844 }, acceptDownloads: true, hasTouch: true, isMobile: true });
const page = await context.newPage();
const errors = [];
page.on("pageerror", (e) => errors.push(String(e)));
const answer = (v) => console.log(JSON.stringify(v));
const TIMEOUT = { timeout: 30000 };

async function loaded(res) {
  const h1 = await page.evaluate(() => { const h = document.querySelector("h1"); return h ? h.textContent.trim() : ""; });
  return { status: res ? res.status() : 0, h1, errors: errors.splice(0) };
}

async function run(c) {
  switch (c.do) {
    case "visit":
      return loaded(await page.goto(c.url, { waitUntil: "load", ...TIMEOUT }));
    case "reload":
      return loaded(await page.reload({ waitUntil: "load", ...TIMEOUT }));
    case "eval":
      return { value: await page.evaluate(c.js) };
    case "click":
      await page.click(c.selector, TIMEOUT);
      return {};
    case "key":
      await page.focus(c.selector, TIMEOUT);
      await page.keyboard.press(c.key);
      return { focused: await page.evaluate(() => (document.activeElement ? document.activeElement.id || document.activeElement.textContent.trim() : "")) };
    case "fill":
      await page.fill(c.selector, c.text, TIMEOUT);
      return {};
    case "select":
      await page.selectOption(c.selector, c.value, TIMEOUT);
      return {};
    case "download": {
      const [dl] = await Promise.all([page.waitForEvent("download", TIMEOUT), page.click(c.selector, TIMEOUT)]);
      const p = await dl.path();
      return { name: dl.suggestedFilename(), text: fs.readFileSync(p, "utf8") };
    }
    case "axe": {
      if (!(await page.evaluate(() => typeof axe !== "undefined"))) await page.addScriptTag({ path: axePath });
      const r = await page.evaluate(() => axe.run(document, { resultTypes: ["violations"] })); // eslint-disable-line no-undef
      return { violations: r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.html) })) };
    }
    case "upload": {
      // The page reads the file after the input changes: wait until its
      // panel says what it made of it.
      const status = () => { const s = document.querySelector(".play-status"); return s ? s.textContent : "none"; };
      await page.evaluate(() => { const s = document.querySelector(".play-status"); if (s) s.textContent = ""; });
      await page.setInputFiles(c.selector, c.file, TIMEOUT);
      await page.waitForFunction(status, null, TIMEOUT);
      return {};
    }
  }
  return { error: "unknown command " + c.do };
}

const rl = readline.createInterface({ input: process.stdin });
for await (const line of rl) {
  try {
    answer(await run(JSON.parse(line)));
  } catch (e) {
    answer({ error: String(e) });
  }
}
await browser.close();
