// Opens pages of a built Sortie site in Debian's headless Chromium at a
// few viewport widths and prints, as JSON on stdout, how wide each page
// lays out and how tall its footer is:
//
//   node phone.mjs WIDTHS BASE-URL SHOT-DIR PATH...
//
// WIDTHS are viewport widths in CSS pixels ("412,1280"); BASE-URL is the
// site's root, served or on disk ("file:///tmp/site/"); SHOT-DIR, unless
// "-", gets a full-page PNG of each page at each width, named after the
// page's path and the width, to look at. The output is
//   {"pages": [{"path", "width", "status", "scrollWidth", "footer", "print",
//    "wide": [{"what", "right"}]}], "printed": [...]}
// where scrollWidth is document.scrollingElement.scrollWidth, footer the
// height of <footer class="site"> in CSS pixels, print that of the "Print
// it:" block at the page's top (0 for none), and wide the elements
// (at most five) whose right edge passes the viewport, to say what to fix.
// "printed": [{"path", "cards": ["63.0 x 84.0", ...], "scrollWidth"}] are
// the sizes in millimetres of the play cards of each page that has some,
// and the page's width in CSS pixels, laid out for print (@media print)
// on A4 within its margins, 688 px wide.
// The Go test TestPhoneWidth decides what fails. playwright-core comes
// from .ci/axe (npm ci there); it never downloads a browser.
import { createRequire } from "node:module";
import { join } from "node:path";

const require = createRequire(new URL("../../../.ci/axe/package.json", import.meta.url));
const { chromium } = require("playwright-core");

const [widthList, base, shots, ...paths] = process.argv.slice(2);
const widths = (widthList || "").split(",").map(Number).filter((w) => w > 0);
if (widths.length === 0 || !base || !shots || paths.length === 0) {
  console.error("usage: node phone.mjs WIDTHS BASE-URL SHOT-DIR PATH...");
  process.exit(2);
}

const browser = await chromium.launch({
  executablePath: process.env.SORTIE_CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const out = { pages: [], printed: [] };
try {
  for (const width of widths) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    // Nothing leaves the machine: every request but the site's own is refused.
    await context.route((url) => !url.href.startsWith(base), (route) => route.abort());
    const page = await context.newPage();
    for (const p of paths) {
      const res = await page.goto(new URL(p, base).href, { waitUntil: "load" });
      const m = await page.evaluate(() => {
        const vw = document.documentElement.clientWidth;
        const scrolls = (el) => {
          for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
            if (getComputedStyle(a).overflowX !== "visible") return true;
          }
          return false;
        };
        const wide = [];
        for (const el of document.body.querySelectorAll("*")) {
          const r = el.getBoundingClientRect();
          if (r.width > 0 && r.right > vw + 0.5) {
            // The outermost element that overflows says the most; one
            // inside a box that scrolls (a wide table) widens nothing.
            if (wide.some((w) => w.el.contains(el)) || scrolls(el)) continue;
            const cls = typeof el.className === "string" && el.className ? "." + el.className.trim().split(/\s+/).join(".") : "";
            wide.push({ el, what: el.tagName.toLowerCase() + cls, right: Math.round(r.right) });
            if (wide.length === 5) break;
          }
        }
        const f = document.querySelector("footer.site");
        const pl = document.querySelector(".print-links");
        return {
          scrollWidth: document.scrollingElement.scrollWidth,
          footer: f ? Math.round(f.getBoundingClientRect().height) : -1,
          print: pl ? Math.round(pl.getBoundingClientRect().height) : 0,
          wide: wide.map(({ what, right }) => ({ what, right })),
        };
      });
      if (shots !== "-") {
        const name = p.replace(/[^A-Za-z0-9.-]+/g, "_") + "-" + width + ".png";
        await page.screenshot({ path: join(shots, name), fullPage: true });
      }
      // A page on disk has no HTTP status: 200 when it loaded.
      out.pages.push({ path: p, width, status: res && res.status() ? res.status() : (res ? 200 : 0), ...m });
    }
    await context.close();
  }
  // Printed, each play card must come out at its own size: laid out for
  // print on A4 less the stylesheet's 14 mm margins (182 mm at 96 px an
  // inch), where a page wider than that is shrunk, cards and all.
  const context = await browser.newContext({ viewport: { width: 688, height: 1123 } });
  await context.route((url) => !url.href.startsWith(base), (route) => route.abort());
  const page = await context.newPage();
  await page.emulateMedia({ media: "print" });
  for (const p of paths) {
    await page.goto(new URL(p, base).href, { waitUntil: "load" });
    const m = await page.evaluate(() => {
      const mm = 96 / 25.4;
      const seen = new Set();
      for (const el of document.querySelectorAll(".play-card")) {
        const r = el.getBoundingClientRect();
        seen.add(`${(r.width / mm).toFixed(1)} x ${(r.height / mm).toFixed(1)}`);
      }
      return { cards: [...seen].sort(), scrollWidth: document.scrollingElement.scrollWidth };
    });
    if (m.cards.length > 0) out.printed.push({ path: p, ...m });
  }
  await context.close();
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(out) + "\n");
