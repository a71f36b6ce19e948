// Runs axe-core on pages of a built Sortie site in Debian's headless
// Chromium and prints what it finds as JSON on stdout.
//
//   node axe.mjs WIDTHS BASE-URL PATH...
//
// WIDTHS are the viewport widths in CSS pixels to open each page at
// ("390,1280": a phone, where wide tables scroll, and a desktop);
// BASE-URL is where the site is served ("http://127.0.0.1:PORT/"); each
// PATH is a page relative to it. The output is
//   {"axe": "4.x", "pages": [{"path", "width", "status", "violations": [{"id", "impact",
//    "help", "helpUrl", "nodes": [{"target": [...], "html": ...}]}]}]}
// The Go test generator/a11y decides what fails. The browser is the
// system's (/usr/bin/chromium, or $SORTIE_CHROMIUM): playwright-core never
// downloads one.
import { createRequire } from "node:module";
import { chromium } from "playwright-core";

const require = createRequire(import.meta.url);
const axePath = require.resolve("axe-core/axe.min.js");
const axeVersion = require("axe-core/package.json").version;

const [widthList, base, ...paths] = process.argv.slice(2);
const widths = (widthList || "").split(",").map(Number).filter((w) => w > 0);
if (widths.length === 0 || !base || paths.length === 0) {
  console.error("usage: node axe.mjs WIDTHS BASE-URL PATH...");
  process.exit(2);
}

const browser = await chromium.launch({
  executablePath: process.env.SORTIE_CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
const out = { axe: axeVersion, pages: [] };
try {
  for (const width of widths) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  // Nothing leaves the machine: every request but the site's own is refused.
  await context.route((url) => !url.href.startsWith(base), (route) => route.abort());
  const page = await context.newPage();
  for (const p of paths) {
    const res = await page.goto(new URL(p, base).href, { waitUntil: "load" });
    await page.addScriptTag({ path: axePath });
    const r = await page.evaluate(() =>
      // eslint-disable-next-line no-undef
      axe.run(document, { resultTypes: ["violations"] }));
    out.pages.push({
      path: p,
      width,
      status: res ? res.status() : 0,
      violations: r.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        helpUrl: v.helpUrl,
        nodes: v.nodes.map((n) => ({ target: n.target, html: n.html })),
      })),
    });
  }
  await context.close();
  }
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(out) + "\n");
