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
//    "wide": [{"what", "right"}], "cut": [...], "small": [...]}], "printed": [...]}
// where scrollWidth is document.scrollingElement.scrollWidth, footer the
// height of <footer class="site"> in CSS pixels, print that of the "Print
// it:" block at the page's top (0 for none), and wide the elements
// (at most five) whose right edge passes the viewport, to say what to fix.
// "printed": [{"path", "cards": ["63.0 x 84.0", ...], "scrollWidth"}] are
// the sizes in millimetres of the play cards of each page that has some,
// and the page's width in CSS pixels, laid out for print (@media print)
// on A4 within its margins, 688 px wide.
// Each page view also has, with every sealed item opened:
//   "cut": [{"what", "text", "edge"}], text (at most five) whose box runs
//   past the viewport's sides or out of a box that clips it, so that
//   words are lost: a box that scrolls across is a clip too, unless it
//   holds only a table or a chart and no caption (a wide table may scroll
//   as a whole; its title band and prose stand outside, wrapped), and
//   for the text of a cell spanning every column, prose that wraps;
//   "small": [{"what", "w", "h"}], the tap targets (at most five) under
//   44 px either way: every control, and every link but one set inline in
//   a line of text (a link of a chart counts);
//   "across": [{"what", "w", "box"}], stacked tables (table.stack) wider
//   than their box, which would scroll across (at most five).
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
      Object.assign(m, await page.evaluate(() => {
        for (const d of document.querySelectorAll("details")) d.open = true;
        const vw = document.documentElement.clientWidth;
        const hidden = (el) => el.closest(".visually-hidden, .skip, svg.defs");
        const name = (el) => {
          const cls = el.getAttribute("class") ? "." + el.getAttribute("class").trim().split(/\s+/).join(".") : "";
          const id = el.id ? "#" + el.id : "";
          return el.tagName.toLowerCase() + id + cls;
        };
        // A box that scrolls across and holds one table or chart and no
        // caption: what runs past its sides is there to scroll to.
        const scrollsWhole = (a) => ["auto", "scroll"].includes(getComputedStyle(a).overflowX) &&
          a.children.length === 1 && ["TABLE", "svg"].includes(a.children[0].tagName) && !a.querySelector("caption, .caption");
        const spansAll = (el) => {
          const c = el.closest("td, th");
          return !!c && c.colSpan > 1 && c.colSpan >= Math.max(...[...c.closest("table").rows].map((r) => r.cells.length));
        };
        const cut = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        text: for (let n = walker.nextNode(); n && cut.length < 5; n = walker.nextNode()) {
          const el = n.parentElement;
          if (!n.data.trim() || !el || hidden(el)) continue;
          const range = document.createRange();
          range.selectNodeContents(n);
          const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
          if (rects.length === 0) continue;
          let left = 0, right = vw, top = -Infinity, bottom = Infinity, edge = "the screen";
          for (let a = el; a && a !== document.body; a = a.parentElement) {
            const cs = getComputedStyle(a);
            if (cs.overflowX === "visible" && cs.overflowY === "visible") continue;
            // ... but prose across the whole table (a cell spanning
            // every column) wraps to the box, as a caption would.
            if (scrollsWhole(a) && !spansAll(el)) continue text;
            const b = a.getBoundingClientRect();
            const l = b.left + a.clientLeft, t = b.top + a.clientTop;
            if (cs.overflowX !== "visible" && (l > left || l + a.clientWidth < right)) {
              left = Math.max(left, l); right = Math.min(right, l + a.clientWidth); edge = name(a);
            }
            if (cs.overflowY !== "visible" && (t > top || t + a.clientHeight < bottom)) {
              top = Math.max(top, t); bottom = Math.min(bottom, t + a.clientHeight); edge = name(a);
            }
          }
          for (const r of rects) {
            if (r.left < left - 1 || r.right > right + 1 || r.top < top - 1 || r.bottom > bottom + 1) {
              cut.push({ what: name(el), text: n.data.trim().replace(/\s+/g, " ").slice(0, 60), edge });
              break;
            }
          }
        }
        const small = [];
        for (const el of document.querySelectorAll("a[href], button, input, select, textarea, summary")) {
          if (hidden(el)) continue;
          const r = el.getBoundingClientRect();
          if (r.width === 0 || r.height === 0 || r.right <= 0) continue;
          if (el instanceof HTMLElement && el.tagName === "A" && getComputedStyle(el).display === "inline") continue;
          if (r.width < 43.5 || r.height < 43.5) {
            small.push({ what: name(el) + " " + JSON.stringify((el.textContent || el.getAttribute("aria-label") || "").trim().slice(0, 30)), w: Math.round(r.width), h: Math.round(r.height) });
            if (small.length === 5) break;
          }
        }
        // A stacked table (table.stack) fits its box: on a phone its rows
        // stand as blocks rather than scroll across.
        const across = [];
        for (const t of document.querySelectorAll("table.stack")) {
          const box = t.closest(".scroll") || t.parentElement;
          if (box.scrollWidth > box.clientWidth + 1) across.push({ what: box.getAttribute("aria-label") || name(t), w: box.scrollWidth, box: box.clientWidth });
          if (across.length === 5) break;
        }
        return { cut, small, across };
      }));
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
