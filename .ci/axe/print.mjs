// Prints pages of a built Sortie site to PDF in Debian's headless
// Chromium, for make bench's comparison (generator/perf).
//
//   node print.mjs OUT-DIR BASE-URL PATH...
//
// Each PATH (relative to BASE-URL) is opened and printed on A4 to
// OUT-DIR/<n>.pdf, in one browser. It prints {"ms": ...} on stdout: the
// time from the first page's opening to the last PDF's writing, the
// browser's start-up left out.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";

const [out, base, ...paths] = process.argv.slice(2);
if (!out || !base || paths.length === 0) {
  console.error("usage: node print.mjs OUT-DIR BASE-URL PATH...");
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.SORTIE_CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  const page = await browser.newPage();
  const start = performance.now();
  let n = 0;
  for (const p of paths) {
    await page.goto(new URL(p, base).href, { waitUntil: "load" });
    writeFileSync(join(out, `${++n}.pdf`), await page.pdf({ format: "A4", printBackground: true }));
  }
  console.log(JSON.stringify({ ms: performance.now() - start }));
} finally {
  await browser.close();
}
