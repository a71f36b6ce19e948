// Drives Debian's headless Chromium on a site's Roll page for the Go test
// TestRollPageInBrowser: one command a line on standard input, as JSON,
// each answered by one line of JSON on standard output, so the Go test
// can stop the site's server between commands.
//   {"cmd": "open", "url"}         open the page, wait for its engine and,
//                                  when the address holds choices, the roll
//                                  {"status", "h1", "said", "text", "controlled", "version"}
//   {"cmd": "rolls", "searches"}   roll each address's choices in the page,
//                                  as a link gives them {"rolls": [{"html", "text", "error"}]}
//   {"cmd": "sheets", "asks": [{"search", "paper"}]}
//                                  each play sheet {"sheets": [{"pdf", "sheet", "error"}]}
//   {"cmd": "form", "what", "fields": {name: value}, "seed"}
//                                  fill the form as a player does, press Roll
//                                  {"search", "said", "text"}
//   {"cmd": "download", "paper"}   press the play sheet's button {"name", "sha256"}
//   {"cmd": "kept"}                wait until the worker keeps sortie.wasm {"kept"}
//   {"cmd": "ticks", "url", "n"}   open the page at a roll's address, tick its
//                                  first n boxes, reload it: the boxes ticked
//                                  before and after {"before", "after", "boxes"}
//   {"cmd": "chapter", "text", "name", "how"}
//                                  roll the next chapter of a campaign file,
//                                  picked as the file name ("how": "file"),
//                                  pasted ("paste") or as a campaign's page
//                                  carried it ("carried"), press the campaign file's
//                                  download link {"said", "title", "text",
//                                  "state", "stateName", "json", "markdown",
//                                  "dupes": ids the page holds twice}
//   {"cmd": "rollplay", "lines"}  add the lines to the log of the chapter the
//                                  Roll page shows, export its file, and roll
//                                  the next chapter from its play panel
//   {"cmd": "stored"}              the play state the page keeps, {"state"}
//   {"cmd": "playlog"}             the text of the Roll page's chapter log
//   {"cmd": "campaignpage", "url", "lines": [{"entry", "result", "notes", "fates": {name: word}}]}
//                                  open a campaign's page, add the lines to
//                                  its log, export its campaign file, then
//                                  carry it to the Roll page {"exported",
//                                  "name", "said", "carried", "carriedSaid", "url"}
//   {"cmd": "axe"}                 axe-core's violations {"violations": [...]}
//   {"cmd": "plain", "url", "js"}  open the page in a context of its own,
//                                  JavaScript on or off, and read what it says
//                                  of what it needs {"says", "disabled"}
// playwright-core and axe-core come from .ci/axe (npm ci there); it never
// downloads a browser.
import { createRequire } from "node:module";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";

const require = createRequire(new URL("../../../.ci/axe/package.json", import.meta.url));
const { chromium } = require("playwright-core");
const axePath = require.resolve("axe-core/axe.min.js");

// A profile of its own, so the service worker persists across pages.
const profile = fs.mkdtempSync(path.join(os.tmpdir(), "sortie-roll-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.SORTIE_CHROMIUM || "/usr/bin/chromium",
  headless: true,
  viewport: { width: 390, height: 844 },
  acceptDownloads: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-quic"],
});
const page = context.pages()[0] || (await context.newPage());
const answer = (v) => console.log(JSON.stringify(v));

const said = () => page.evaluate(() => document.getElementById("roll-status").textContent);
const resultText = () => page.evaluate(() => document.getElementById("roll-result").textContent);

async function open(url) {
  let status = 0;
  try {
    const res = await page.goto(url, { waitUntil: "load", timeout: 60000 });
    status = res ? res.status() : 0;
  } catch (e) {
    return { status: 0, error: e.message };
  }
  const ready = await page.evaluate(async () => {
    try {
      await window.sortieRollPage.engine;
      return "";
    } catch (e) {
      return String(e);
    }
  });
  if (ready) return { status, error: ready };
  if (new URL(url).search) {
    await page.waitForFunction(() => /^(Rolled|Not rolled)/.test(document.getElementById("roll-status").textContent), null, { timeout: 60000 });
  }
  return {
    status,
    h1: await page.evaluate(() => document.querySelector("h1").textContent.trim()),
    said: await said(),
    text: await resultText(),
    controlled: await page.evaluate(() => !!(navigator.serviceWorker && navigator.serviceWorker.controller)),
    version: await page.evaluate(() => window.sortieRollPage.version),
  };
}

async function ticks(url, n) {
  const checked = () => page.evaluate(() => Array.from(document.querySelectorAll("#roll-result input.box:checked")).map((b) => b.id));
  let o = await open(url);
  if (o.error) return o;
  const boxes = await page.evaluate(() => document.querySelectorAll("#roll-result input.box").length);
  const ids = await page.evaluate((k) => Array.from(document.querySelectorAll("#roll-result input.box")).slice(0, k).map((b) => b.id), n);
  for (const id of ids) await page.check("#" + id);
  const before = await checked();
  o = await open(url);
  if (o.error) return o;
  return { before, after: await checked(), boxes };
}

async function rolls(searches) {
  return page.evaluate(async (list) => {
    const out = [];
    for (const s of list) {
      const a = await window.sortieRollPage.roll(s);
      out.push({ html: a.html || "", error: a.error || "", text: a.error ? "" : document.getElementById("roll-result").textContent });
    }
    return { rolls: out };
  }, searches);
}

async function sheets(asks) {
  return page.evaluate(async (list) => {
    const out = [];
    for (const k of list) {
      const a = await window.sortieRollPage.sheet(k.search, k.paper);
      out.push({ pdf: a.pdf || "", sheet: a.sheet || "", error: a.error || "" });
    }
    return { sheets: out };
  }, asks);
}

async function form(what, fields, seed) {
  await page.selectOption("#roll-what", what);
  for (const [name, value] of Object.entries(fields || {})) {
    const sel = `.roll-opts[data-for="${what}"] [name="${name}"]`;
    const tag = await page.$eval(sel, (e) => e.tagName);
    if (tag === "SELECT") await page.selectOption(sel, value);
    else await page.fill(sel, value);
  }
  if (seed !== undefined) await page.fill("#roll-seed", seed);
  await page.evaluate(() => { document.getElementById("roll-status").textContent = ""; });
  await page.click("button.roll-go");
  await page.waitForFunction(() => /^(Rolled|Not rolled)/.test(document.getElementById("roll-status").textContent), null, { timeout: 60000 });
  return { search: await page.evaluate(() => location.search), said: await said(), text: await resultText() };
}

async function download(paper) {
  const [dl] = await Promise.all([
    page.waitForEvent("download", { timeout: 60000 }),
    page.click(`button.roll-sheet[data-paper="${paper}"]`),
  ]);
  const file = await dl.path();
  const sum = crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");
  return { name: dl.suggestedFilename(), sha256: sum };
}

async function chapter(text, name, how) {
  const campSaid = () => page.evaluate(() => document.getElementById("camp-status").textContent);
  await page.evaluate(() => { document.getElementById("camp-status").textContent = ""; });
  if (how === "file") {
    await page.setInputFiles("#camp-file", { name, mimeType: "application/yaml", buffer: Buffer.from(text, "utf8") });
    await page.waitForFunction(() => /^Read /.test(document.getElementById("camp-status").textContent), null, { timeout: 60000 });
  } else if (how === "paste") {
    await page.fill("#camp-text", text);
  }
  await page.click("#camp-form button.roll-go");
  await page.waitForFunction(() => /^(Rolled|Not rolled)/.test(document.getElementById("camp-status").textContent), null, { timeout: 120000 });
  const said = await campSaid();
  if (!said.startsWith("Rolled")) return { said };
  return { said, ...(await shownChapter()) };
}

// shownChapter is the chapter the Roll page shows: the campaign file it
// offers (downloaded), its JSON, Markdown and text.
async function shownChapter() {
  const [dl] = await Promise.all([page.waitForEvent("download", { timeout: 60000 }), page.click("#camp-state")]);
  const state = fs.readFileSync(await dl.path(), "utf8");
  const got = await page.evaluate(async () => {
    const read = async (id) => (await fetch(document.getElementById(id).href)).text();
    return {
      title: document.getElementById("camp-title").textContent,
      text: document.getElementById("camp-result").textContent,
      json: await read("camp-json"),
      markdown: await read("camp-md"),
      link: document.getElementById("camp-state").textContent,
      dupes: (() => {
        const seen = new Set(), twice = new Set();
        for (const e of document.querySelectorAll("[id]")) (seen.has(e.id) ? twice : seen).add(e.id);
        return [...twice];
      })(),
    };
  });
  return { state, stateName: dl.suggestedFilename(), ...got };
}

// addLines adds lines to the log of the play panel shown.
async function addLines(lines) {
  for (const l of lines) {
    await page.fill("#sortie-play-entry", String(l.entry));
    await page.selectOption("#sortie-play-result", l.result);
    for (const [name, word] of Object.entries(l.fates || {})) {
      await page.locator("form.play-add .play-fates").getByLabel(name, { exact: true }).selectOption(word);
    }
    await page.fill("#sortie-play-notes", l.notes || "");
    await page.click("form.play-add button[type=submit]");
  }
}

// rollPlay adds lines to the log of the chapter the Roll page shows,
// exports its campaign file, then rolls the next chapter from its panel.
async function rollPlay(lines) {
  await page.waitForSelector("#camp-play #sortie-play-export-file");
  await addLines(lines);
  const [dl] = await Promise.all([page.waitForEvent("download", { timeout: 60000 }), page.click("#sortie-play-export-file")]);
  const exported = fs.readFileSync(await dl.path(), "utf8");
  const logText = await page.evaluate(() => document.querySelector("#camp-play .play-log").textContent);
  await page.evaluate(() => { document.getElementById("camp-status").textContent = ""; });
  await page.click("#sortie-play-next-chapter");
  await page.waitForFunction(() => /^(Rolled|Not rolled)/.test(document.getElementById("camp-status").textContent), null, { timeout: 120000 });
  const said = await page.evaluate(() => document.getElementById("camp-status").textContent);
  if (!said.startsWith("Rolled")) return { said, exported, logText };
  return { said, exported, logText, ...(await shownChapter()) };
}

async function campaignPage(url, lines) {
  await page.goto(url, { waitUntil: "load", timeout: 60000 });
  await page.waitForSelector("#sortie-play-export-file");
  for (const l of lines) {
    await page.fill("#sortie-play-entry", String(l.entry));
    await page.selectOption("#sortie-play-result", l.result);
    for (const [name, word] of Object.entries(l.fates || {})) {
      await page.locator("form.play-add .play-fates").getByLabel(name, { exact: true }).selectOption(word);
    }
    await page.fill("#sortie-play-notes", l.notes || "");
    await page.click("form.play-add button[type=submit]");
  }
  const [dl] = await Promise.all([page.waitForEvent("download", { timeout: 60000 }), page.click("#sortie-play-export-file")]);
  const exported = fs.readFileSync(await dl.path(), "utf8");
  const said = await page.evaluate(() => document.querySelector(".play-status").textContent);
  const logText = await page.evaluate(() => document.querySelector(".play-log").textContent);
  await Promise.all([page.waitForURL(/\/roll\/index\.html$/, { timeout: 60000 }), page.click("#sortie-play-next-chapter")]);
  await page.waitForFunction(() => document.getElementById("camp-text") && !document.getElementById("camp-fields").disabled, null, { timeout: 60000 });
  return {
    exported, name: dl.suggestedFilename(), said, logText, url: page.url(),
    carried: await page.evaluate(() => document.getElementById("camp-text").value),
    carriedSaid: await page.evaluate(() => document.getElementById("camp-status").textContent),
  };
}

async function kept() {
  return page.evaluate(async () => {
    for (let i = 0; i < 600; i++) {
      for (const name of await caches.keys()) {
        const c = await caches.open(name);
        for (const r of await c.keys()) if (new URL(r.url).pathname.endsWith("/roll/sortie.wasm")) return { kept: true };
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    return { kept: false };
  });
}

async function axe() {
  await page.addScriptTag({ path: axePath });
  const r = await page.evaluate(() => axe.run(document, { resultTypes: ["violations"] }));
  return {
    violations: r.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html })),
    })),
  };
}

// plain opens url in a fresh context, with JavaScript on or off: the
// visible paragraphs that say what the page needs, and whether the form
// is disabled.
async function plain(url, js) {
  const b = await chromium.launch({
    executablePath: process.env.SORTIE_CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  try {
    const ctx = await b.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: js });
    const p = await ctx.newPage();
    await p.goto(url, { waitUntil: "load" });
    const says = [];
    for (const el of await p.$$(".roll-needs")) if (await el.isVisible()) says.push((await el.innerText()).trim());
    return { says, disabled: await p.$eval("#roll-fields", (f) => f.disabled) };
  } finally {
    await b.close();
  }
}

const rl = readline.createInterface({ input: process.stdin });
for await (const line of rl) {
  let c;
  try {
    c = JSON.parse(line);
    if (c.cmd === "open") answer(await open(c.url));
    else if (c.cmd === "rolls") answer(await rolls(c.searches));
    else if (c.cmd === "sheets") answer(await sheets(c.asks));
    else if (c.cmd === "form") answer(await form(c.what, c.fields, c.seed));
    else if (c.cmd === "download") answer(await download(c.paper));
    else if (c.cmd === "kept") answer(await kept());
    else if (c.cmd === "ticks") answer(await ticks(c.url, c.n));
    else if (c.cmd === "chapter") answer(await chapter(c.text, c.name, c.how));
    else if (c.cmd === "campaignpage") answer(await campaignPage(c.url, c.lines));
    else if (c.cmd === "rollplay") answer(await rollPlay(c.lines));
    else if (c.cmd === "stored") answer({ state: await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("sortie play ")).map((k) => localStorage.getItem(k)).join("")) });
    else if (c.cmd === "playlog") answer({ logText: await page.evaluate(() => (document.querySelector("#camp-play .play-log") || {}).textContent || "") });
    else if (c.cmd === "axe") answer(await axe());
    else if (c.cmd === "plain") answer(await plain(c.url, c.js));
    else answer({ error: "unknown command " + c.cmd });
  } catch (e) {
    answer({ error: String(e) });
  }
}
await context.close();
fs.rmSync(profile, { recursive: true, force: true });
