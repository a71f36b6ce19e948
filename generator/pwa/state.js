// Sortie: play state kept on this device. On the pages a game is played
// from (an encounter, a month, a campaign and its entries) it keeps the
// hit boxes ticked, the sealed items opened (in their order: one opened
// before those above it asks first), and a campaign's current entry and
// its log, in this browser's storage, and writes them to a file or reads
// them back. Nothing leaves the device. Without it the pages read as
// they always have: a box ticks until the page is left, and every sealed
// item opens when asked.
//
// The state is one JSON object, kept under one key per site (its folder)
// and written to a file as it is kept (docs/site.md, "Play state"):
//   {"format": "sortie-play-state", "version": 1,
//    "pages": {"packs/p/encounter-1.html": {"boxes": [id...], "opened": [id...]}},
//    "campaigns": {"campaigns/c/index.html": {"current": 4,
//      "log": [{"entry": 4, "encounter": "...", "result": "success", "notes": "...",
//               "fates": {"out": ["Bera"]}}]}}}
// A chapter the Roll page rolled is a campaign keyed by its seed, chapter
// and system ("roll/index.html?campaign=x&chapter=2&system=swordplay"),
// with "file", its campaign file's text, beside its log.
// A page's boxes and sealed items are named by their element ids, which
// the build writes the same for the same site.
(() => {
  "use strict";
  const me = document.currentScript;
  const main = document.querySelector("main");
  if (!me || !main) return;

  const FORMAT = "sortie-play-state";
  const VERSION = 1;
  const ROOT = new URL("./", me.src); // the site's root: this file's folder
  const KEY = "sortie play " + ROOT.pathname; // storage is per host, not per folder
  const MAX_LOG = 1000; // lines of a campaign's log
  const MAX_TEXT = 1000; // characters of a log line's notes
  const MAX_FILE = 5e6; // bytes of a file to import
  const MAX_WORDS = 50; // words of what happened in a log line's fates
  const MAX_NAMES = 100; // figures a word of a line's fates names
  const MAX_NAME = 200; // characters of a figure's name
  const WORD = /^[a-z][a-z0-9_-]{0,39}$/; // a word of what happened to a figure ("out")

  const play = main.querySelector(".play"); // where the controls go; none: the page keeps its boxes and items only
  const data = play ? play.dataset : {};

  // PAGE is the page's path from the root, as the build wrote it: a page
  // showing another's encounter (a series' "this month") names that one.
  const PAGE = data.page || pagePath();
  function pagePath() {
    let p;
    try {
      p = decodeURIComponent(location.pathname);
    } catch {
      return "";
    }
    const r = decodeURIComponent(ROOT.pathname);
    if (!p.startsWith(r)) return "";
    p = p.slice(r.length);
    if (p === "" || p.endsWith("/")) return p + "index.html";
    // A host that serves pages without ".html" (Cloudflare Pages, a
    // Netlify site with pretty URLs) still names the page the build wrote.
    return /\.[^/]*$/.test(p) ? p : p + ".html";
  }

  // --- The state: read, checked and written whole. ---

  function empty() {
    return { format: FORMAT, version: VERSION, pages: {}, campaigns: {} };
  }

  const ID = /^[A-Za-z][A-Za-z0-9_-]{0,199}$/;

  // isPath: a page's path from the site's root, "packs/p/encounter-1.html",
  // or an encounter the Roll page rolled, by its address's choices in
  // order, "roll/index.html?seed=x&system=swordplay&type=patrol".
  function isPath(p) {
    if (typeof p === "string" && p.startsWith(ROLLED)) return p.length <= 600 && /^[A-Za-z0-9%._~=&+-]+$/.test(p.slice(ROLLED.length));
    return typeof p === "string" && p.length <= 400 && /\.html$/.test(p) && !p.includes("\\") &&
      p.split("/").every((s) => s !== "" && s !== "." && s !== "..");
  }
  const ROLLED = "roll/index.html?";
  const CARRIED = "sortie campaign file " + ROOT.pathname; // sessionStorage: a campaign file on its way to the Roll page

  function isObject(v) {
    return v !== null && typeof v === "object" && !Array.isArray(v);
  }

  // check returns the state v holds, tidied (keys sorted, empty pages
  // dropped), or throws an Error saying where v is wrong, "pages[...]
  // .boxes[2] is not an element id".
  function check(v) {
    const fail = (where, what) => {
      throw new Error(where + " " + what);
    };
    const only = (o, where, keys) => {
      for (const k of Object.keys(o)) if (!keys.includes(k)) fail(where, "has a key Sortie does not know, " + JSON.stringify(k));
    };
    if (!isObject(v)) fail("the file", "is not a JSON object");
    if (v.format !== FORMAT) fail("the file", "does not say \"format\": \"" + FORMAT + "\": it is not a Sortie play state");
    if (!Number.isInteger(v.version) || v.version < 1) fail("\"version\"", "is not a whole number from 1");
    if (v.version > VERSION) fail("\"version\"", v.version + " is newer than this site reads (" + VERSION + "): the file comes from a newer Sortie");
    only(v, "the file", ["format", "version", "pages", "campaigns"]);
    const out = empty();
    const pages = v.pages === undefined ? {} : v.pages;
    if (!isObject(pages)) fail("\"pages\"", "is not an object of pages");
    for (const p of Object.keys(pages).sort()) {
      const at = "pages[" + JSON.stringify(p) + "]";
      if (!isPath(p)) fail(at, "is not the path of a page of the site");
      const s = pages[p];
      if (!isObject(s)) fail(at, "is not an object");
      only(s, at, ["boxes", "opened"]);
      const ids = (list, where) => {
        if (list === undefined) return [];
        if (!Array.isArray(list)) fail(where, "is not a list");
        list.forEach((id, i) => {
          if (typeof id !== "string" || !ID.test(id)) fail(where + "[" + i + "]", "is not an element id");
        });
        return [...new Set(list)];
      };
      const boxes = ids(s.boxes, at + ".boxes").sort();
      const opened = ids(s.opened, at + ".opened");
      if (boxes.length || opened.length) out.pages[p] = { boxes, opened };
    }
    const camps = v.campaigns === undefined ? {} : v.campaigns;
    if (!isObject(camps)) fail("\"campaigns\"", "is not an object of campaigns");
    for (const c of Object.keys(camps).sort()) {
      const at = "campaigns[" + JSON.stringify(c) + "]";
      if (!isPath(c)) fail(at, "is not the path of a campaign's page");
      const s = camps[c];
      if (!isObject(s)) fail(at, "is not an object");
      only(s, at, ["current", "log", "file"]);
      if (s.file !== undefined && (typeof s.file !== "string" || s.file.length > MAX_FILE)) fail(at + ".file", "is not a campaign file's text (up to " + MAX_FILE + " characters)");
      const current = s.current === undefined ? null : s.current;
      if (current !== null && !(Number.isInteger(current) && current >= 1)) fail(at + ".current", "is not an entry's number");
      const log = s.log === undefined ? [] : s.log;
      if (!Array.isArray(log)) fail(at + ".log", "is not a list of lines");
      if (log.length > MAX_LOG) fail(at + ".log", "has " + log.length + " lines, more than " + MAX_LOG);
      const lines = log.map((l, i) => {
        const w = at + ".log[" + i + "]";
        if (!isObject(l)) fail(w, "is not a line (an object)");
        only(l, w, ["entry", "encounter", "result", "notes", "fates"]);
        const line = { entry: l.entry === undefined ? null : l.entry, encounter: l.encounter || "", result: l.result || "", notes: l.notes || "" };
        const fates = checkFates(l.fates, w + ".fates", fail);
        if (Object.keys(fates).length) line.fates = fates;
        if (line.entry !== null && !(Number.isInteger(line.entry) && line.entry >= 1)) fail(w + ".entry", "is not an entry's number");
        for (const k of ["encounter", "notes"]) {
          if (typeof line[k] !== "string") fail(w + "." + k, "is not text");
          if (line[k].length > MAX_TEXT) fail(w + "." + k, "is longer than " + MAX_TEXT + " characters");
        }
        if (!["", "success", "failure"].includes(line.result)) fail(w + ".result", "is not \"success\", \"failure\" or \"\"");
        return line;
      });
      if (current !== null || lines.length || s.file) out.campaigns[c] = Object.assign({ current, log: lines }, s.file ? { file: s.file } : {});
    }
    return out;
  }

  // checkFates returns a log line's fates, {word: [name...]}, tidied
  // (no name twice, no empty word), or calls fail with where v is wrong.
  function checkFates(v, where, fail) {
    if (v === undefined) return {};
    if (!isObject(v)) fail(where, "is not an object of words, each a list of names");
    const words = Object.keys(v);
    if (words.length > MAX_WORDS) fail(where, "has " + words.length + " words, more than " + MAX_WORDS);
    const out = {};
    for (const word of words) {
      const at = where + "[" + JSON.stringify(word) + "]";
      if (!WORD.test(word)) fail(at, "is not a word of what happened (lower-case letters, digits, - or _)");
      const names = v[word];
      if (!Array.isArray(names)) fail(at, "is not a list of names");
      if (names.length > MAX_NAMES) fail(at, "names " + names.length + " figures, more than " + MAX_NAMES);
      names.forEach((n, i) => {
        if (typeof n !== "string" || n.trim() === "" || n.length > MAX_NAME) fail(at + "[" + i + "]", "is not a figure's name (text of 1 to " + MAX_NAME + " characters)");
      });
      if (names.length) out[word] = [...new Set(names)];
    }
    return out;
  }

  let kept = true; // false: this browser keeps nothing (storage off)
  function read() {
    let raw = null;
    try {
      raw = localStorage.getItem(KEY);
    } catch {
      kept = false;
    }
    if (raw === null) return empty();
    try {
      return check(JSON.parse(raw));
    } catch {
      // Unreadable (written by hand, say): put aside, never lost.
      try {
        localStorage.setItem(KEY + " unreadable", raw);
      } catch {
        // nothing more to do
      }
      return empty();
    }
  }

  function write(s) {
    try {
      localStorage.setItem(KEY, JSON.stringify(check(s)));
      return true;
    } catch (e) {
      kept = false;
      say("This browser did not keep it (" + e.message + ").", true);
      return false;
    }
  }

  // change reads the state, lets fn change it and writes it back, so two
  // tabs of the site do not undo each other's changes.
  function change(fn) {
    const s = read();
    fn(s);
    return write(s);
  }

  // pageState is the page's part of the state. A page whose path is not
  // one (the script loaded from outside the site's root) is kept nowhere.
  const scratch = { boxes: [], opened: [] };
  function pageState(s) {
    if (!isPath(PAGE)) return scratch;
    return s.pages[PAGE] || (s.pages[PAGE] = { boxes: [], opened: [] });
  }

  // --- Hit boxes. ---

  const boxes = Array.from(main.querySelectorAll("input.box[id]"));
  for (const b of boxes) {
    b.addEventListener("change", () => change((s) => {
      const p = pageState(s);
      p.boxes = p.boxes.filter((id) => id !== b.id);
      if (b.checked) p.boxes.push(b.id);
    }));
  }

  // --- Sealed items, opened in order. ---

  const groups = Array.from(main.querySelectorAll(".pefs")).map((g) =>
    Array.from(g.children).filter((c) => c.matches("details.pef[id]")));
  const items = groups.flat();
  const num = (d) => {
    const n = d.querySelector(":scope > summary .num");
    return n ? n.textContent.trim() : "";
  };
  const opened = () => new Set((read().pages[PAGE] || { opened: [] }).opened);
  // record keeps an item as opened. It is called as the item opens, not
  // from its toggle event, which comes a moment later: a page left at
  // once would not keep it.
  const record = (d) => {
    if (!opened().has(d.id)) change((s) => pageState(s).opened.push(d.id));
  };

  for (const group of groups) {
    group.forEach((d, i) => {
      const summary = d.querySelector(":scope > summary");
      if (!summary) return;
      summary.addEventListener("click", (ev) => {
        if (d.open) return; // closing: always
        const seen = opened();
        const before = group.slice(0, i).filter((x) => !x.open && !seen.has(x.id));
        if (before.length === 0) {
          record(d);
          if (asking) asking.remove(); // a warning still up was about an item before this one, or this one
          asking = null;
          return;
        }
        ev.preventDefault();
        const n = num(d);
        const them = before.map(num);
        const list = them.length === 1 ? them[0] : them.slice(0, -1).join(", ") + " and " + them[them.length - 1];
        ask(d, (them.length === 1 ? "Item " + list + " comes before this one and is still closed" : "Items " + list + " come before this one and are still closed") +
          ": open " + n + " only when the game reaches it.", "Keep " + n + " closed", "Open " + n + " anyway", () => {
          d.open = true;
          record(d);
        }, summary);
      });
      // Opened some other way (the browser's find in page opens the item
      // holding what was found): kept too.
      d.addEventListener("toggle", () => {
        if (d.open) record(d);
      });
    });
  }

  // --- Controls: built here, so a page without this script shows none. ---

  function el(tag, attrs, ...kids) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === false || v === null || v === undefined) continue;
      e.setAttribute(k, v === true ? "" : v);
    }
    e.append(...kids);
    return e;
  }

  function button(label, onClick, attrs) {
    const b = el("button", Object.assign({ type: "button", class: "play-button" }, attrs || {}), label);
    b.addEventListener("click", onClick);
    return b;
  }

  // ask puts a short question after the element at, with two buttons:
  // no (focused, so a second tap does not say yes) and yes. Either
  // removes it and gives the focus back to back.
  let asking = null;
  function ask(at, text, no, yes, onYes, back) {
    if (asking) asking.remove();
    const done = (fn) => () => {
      box.remove();
      asking = null;
      if (fn) fn();
      if (back && back.isConnected) back.focus();
    };
    const noButton = button(no, done(null));
    const box = el("div", { class: "play-ask", role: "alert" }, el("p", {}, text),
      el("p", { class: "play-buttons" }, noButton, " ", button(yes, done(onYes))));
    at.after(box);
    asking = box;
    noButton.focus();
  }

  let status = null;
  function say(text, bad) {
    if (!status) return;
    status.textContent = text;
    status.classList.toggle("bad", !!bad);
  }

  const heading = (text, id, down) => el("h" + (2 + (down || 0)), id ? { id } : {}, text);

  // keeps says what the page keeps: "Boxes you tick and items you open are".
  function keeps(camp) {
    const what = [];
    if (boxes.length) what.push("boxes you tick");
    if (items.length) what.push("items you open");
    if (camp) what.push("your place", "your log");
    if (what.length === 0) return "What you do here is";
    const s = what.length === 1 ? what[0] : what.slice(0, -1).join(", ") + " and " + what[what.length - 1];
    return s[0].toUpperCase() + s.slice(1) + " are";
  }

  let campaign = null; // the campaign's part of the panel, redrawn by drawCampaign
  // A page with nothing to keep (an encounter without boxes or sealed
  // items) shows no panel.
  if (play && (boxes.length || items.length || data.campaign)) {
    const camp = data.campaign;
    const panel = el("section", { class: "play-panel", "aria-labelledby": "sortie-play-title" },
      heading(camp ? "Your campaign on this device" : "Kept on this device", "sortie-play-title"),
      el("p", { class: "note" }, keeps(camp) + " kept in this browser alone: nothing leaves the device."));
    if (camp && isPath(camp)) {
      campaign = el("div", { class: "play-campaign" });
      panel.append(campaign);
    }
    const buttons = el("p", { class: "play-buttons" });
    if (boxes.length || items.length) {
      const clear = button("Clear this page", () => ask(buttons, "Untick every box and close every item on this page?", "Keep them", "Yes, clear it", () => {
        change((s) => delete s.pages[PAGE]);
        apply();
        say("This page is cleared.");
      }, clear));
      buttons.append(clear, " ");
    }
    const file = el("input", { type: "file", accept: ".json,application/json", hidden: true, id: "sortie-play-file", "aria-label": "Play state file to import" });
    file.addEventListener("change", () => importFile(file));
    buttons.append(button("Export play state", exportState), " ", button("Import play state…", () => file.click()), file);
    panel.append(buttons);
    status = el("p", { class: "play-status", role: "status" });
    panel.append(status);
    play.append(panel);

    // The panel is at the page's foot: a line by the first boxes and the
    // first sealed items says what is kept and where.
    const hint = (at, what) => {
      if (at) at.before(el("p", { class: "note play-hint" }, what + " in this browser alone: nothing leaves the device (",
        el("a", { href: "#sortie-play-title" }, "more at the foot of the page"), ")."));
    };
    if (boxes.length) hint(boxes[0].closest(".cards"), "Boxes you tick stay ticked");
    if (items.length) hint(items[0].closest(".pefs"), "Items you open stay open");
  }

  // --- A campaign's place and log. ---

  // campaignPart fills campaign (an element, or null: nothing) with a
  // campaign's place, log and file, as data says them (a page's .play
  // dataset, or what the Roll page says of a chapter it rolled), the
  // entries' titles read from root, and tells what it did with say. It
  // returns the function that redraws it from the state.
  function campaignPart(data, campaign, root, say) {

    const entries = parseInt(data.entries, 10) || 0;
    const here = parseInt(data.entry, 10) || 0; // this page's entry; 0 on the campaign's own page
    const entryHref = (n) => (data.entryHref || "").replace("#", String(n));
    const titles = {}; // entry number: its encounter's title, from the list of entries on the campaign's page
    for (const a of root.querySelectorAll("a[data-entry]")) {
      const t = a.cloneNode(true);
      t.querySelectorAll(".num, .state, .play-here").forEach((x) => x.remove());
      titles[a.dataset.entry] = t.textContent.trim();
    }
    if (here && data.encounter) titles[here] = data.encounter;
    Object.assign(titles, data.titles); // the Roll page's chapter says its entries' titles

    function campaignState(s) {
      return s.campaigns[data.campaign] || (s.campaigns[data.campaign] = { current: null, log: [] });
    }

    // The campaign's part of the panel: its place (redrawn), the button that
    // marks this entry, the log (redrawn) and the form that adds a line
    // (made once, so what is typed in it stays while the rest is redrawn).
    const placeBox = el("div", {});
    const logBox = el("div", {});
    const clearBox = el("div", {});
    let mark = null;
    const notes = data.notes || "Notes";
    const keep = keepOf(data);
    let fateIns = []; // the form's select of each figure, with its name
    if (campaign) {
      const at = here || (read().campaigns[data.campaign] || { current: null }).current;
      if (here) {
        mark = button("I am on this entry", () => {
          let now = null;
          change((t) => {
            const cs = campaignState(t);
            now = cs.current = cs.current === here ? null : here;
          });
          apply();
          say(now === here ? "Entry " + here + " is marked as where you are." : "No entry is marked now.");
        }, { "aria-pressed": "false", id: "sortie-play-here" });
      }
      const field = (label, input) => el("p", {}, el("label", { for: input.id }, label), " ", input);
      const entryIn = el("input", { id: "sortie-play-entry", type: "number", inputmode: "numeric", min: "1", max: entries ? String(entries) : null, value: at ? String(at) : "" });
      const encIn = el("input", { id: "sortie-play-encounter", type: "text", maxlength: "200", value: at && titles[at] ? titles[at] : "" });
      const resultIn = el("select", { id: "sortie-play-result" },
        el("option", { value: "" }, "not yet"), el("option", { value: "success" }, "Success"), el("option", { value: "failure" }, "Failure"));
      const notesIn = el("textarea", { id: "sortie-play-notes", rows: "2", maxlength: String(MAX_TEXT) });
      const form = el("form", { class: "play-add", "aria-labelledby": "sortie-play-add" },
        el("p", { id: "sortie-play-add", class: "play-add-title" }, "Add a line to the log"),
        field("Entry", entryIn), field("Encounter", encIn), field("Result", resultIn), ...(keep ? [fatesField()] : []), field(notes, notesIn),
        el("p", {}, el("button", { type: "submit", class: "play-button" }, "Add to the log")));
      entryIn.addEventListener("change", () => {
        // A title the form filled in for another entry follows the entry.
        const typed = encIn.value.trim();
        if (titles[entryIn.value] && (typed === "" || Object.values(titles).includes(typed))) encIn.value = titles[entryIn.value];
      });
      form.addEventListener("submit", (ev) => {
        ev.preventDefault();
        const v = entryIn.value.trim();
        const n = v === "" ? null : Number(v);
        if (n !== null && !(Number.isInteger(n) && n >= 1 && (!entries || n <= entries))) {
          say("Not added: the entry is a number from 1 to " + (entries || "the last entry's") + ".", true);
          entryIn.focus();
          return;
        }
        const line = { entry: n, encounter: encIn.value.trim(), result: resultIn.value, notes: notesIn.value.trim() };
        const fates = {};
        if (keep) {
          for (const w of keep.words) {
            const names = fateIns.filter((f) => f.select.value === w.word).map((f) => f.name);
            if (names.length) fates[w.word] = names;
          }
        }
        if (Object.keys(fates).length) line.fates = fates;
        if (line.entry === null && !line.encounter && !line.result && !line.notes && !line.fates) {
          say("Not added: the line is empty.", true);
          return;
        }
        let count = 0;
        const ok = change((t) => {
          const log = campaignState(t).log;
          if (log.length >= MAX_LOG) return;
          log.push(line);
          count = log.length;
        });
        if (!ok) return;
        if (count === 0) {
          say("Not added: the log is full (" + MAX_LOG + " lines).", true);
          return;
        }
        apply();
        resultIn.value = "";
        notesIn.value = "";
        for (const f of fateIns) f.select.value = "";
        say("Line " + count + " is added to the log.");
      });
      campaign.append(placeBox, ...(mark ? [el("p", {}, mark)] : []), heading("Campaign log", "sortie-play-log", 1), logBox, form, clearBox);
      if (data.file) campaign.append(fileControls());
    }

    // keepOf reads what the campaign's page says a log line may record of
    // each game: the band's figures (data-figures, a JSON list of names)
    // and the system's words of what happened to one (data-words, a JSON
    // list of {word, meaning}); null when the page says neither, or says
    // them wrong.
    function keepOf(d) {
      if (!d.figures || !d.words) return null;
      let figures, words;
      try {
        figures = JSON.parse(d.figures);
        words = JSON.parse(d.words);
      } catch {
        return null;
      }
      if (!Array.isArray(figures) || !Array.isArray(words) || figures.length === 0 || words.length === 0 ||
        figures.length > MAX_NAMES || words.length > MAX_WORDS ||
        !figures.every((n) => typeof n === "string" && n.trim() !== "" && n.length <= MAX_NAME) ||
        !words.every((w) => isObject(w) && typeof w.word === "string" && WORD.test(w.word) && typeof w.meaning === "string")) return null;
      return { figures: [...new Set(figures)], words };
    }

    // fatesField is the form's "What happened to whom": a select for each
    // figure, "came through" or one of the system's words, and what the
    // words mean.
    function fatesField() {
      fateIns = keep.figures.map((name, i) => ({
        name,
        select: el("select", { id: "sortie-play-fate-" + (i + 1) },
          el("option", { value: "" }, "came through"),
          ...keep.words.map((w) => el("option", { value: w.word, title: w.meaning }, w.word))),
      }));
      return el("fieldset", { class: "play-fates" },
        el("legend", {}, "What happened to whom"),
        ...fateIns.map((f) => el("p", {}, el("label", { for: f.select.id }, f.name), " ", f.select)),
        el("details", {}, el("summary", {}, "What the words mean"),
          el("dl", {}, ...keep.words.flatMap((w) => [el("dt", {}, w.word), el("dd", {}, w.meaning)]))));
    }

    // fatesText is a log line's fates as its notes column shows them:
    // "out: Bera; dead: Grim, Tam".
    function fatesText(fates) {
      return Object.entries(fates || {}).map(([w, names]) => w + ": " + names.join(", ")).join("; ");
    }

    // --- A campaign that goes on: its campaign file, with the log's games. ---

    // gamesOf are the log's lines as the campaign file's games, one a line
    // under games: (docs/campaigns.md), with what happened to whom (each
    // word, then the names, each a JSON string, which YAML reads as a
    // double-quoted scalar) and each line's notes beside it as a comment;
    // lines without an entry or a result are left out.
    function gamesOf(log) {
      const games = [];
      for (const l of log) {
        if (l.entry === null || !l.result) continue;
        const notes = (l.notes || "").replace(/\s+/g, " ").trim();
        const fates = Object.entries(l.fates || {}).map(([w, names]) => ", " + w + ": [" + names.map((n) => JSON.stringify(n)).join(", ") + "]").join("");
        games.push("  - {entry: " + l.entry + ", result: " + l.result + fates + "}" + (notes ? "  # " + notes : "") + "\n");
      }
      return games;
    }

    // withGames is the chapter's campaign file (data.file, beside the
    // page, or data.text, the file the Roll page rolled, kept with the
    // log) with the log's games written under games:.
    async function withGames() {
      const name = data.file.split("/").pop();
      const mine = read().campaigns[data.campaign] || { log: [] };
      let text = data.text === undefined ? null : mine.file || data.text;
      if (text === null) {
        const res = await fetch(data.file);
        if (!res.ok) throw new Error(name + ": HTTP " + res.status);
        text = await res.text();
      }
      if (text !== "" && !text.endsWith("\n")) text += "\n";
      const log = mine.log;
      const games = gamesOf(log);
      return { name, text: text + games.join(""), games: games.length, left: log.length - games.length };
    }

    function fileControls() {
      const told = (f) => plural(f.games, "game") + " from the log under games" +
        (f.left ? " (" + plural(f.left, "line") + " without an entry or a result left out)" : "") +
        (keep ? ", with what happened to whom" : ". Add what happened to whom from each line's notes (sortie systems lists the words)");
      const exportFile = button("Export campaign file", async () => {
        let f;
        try {
          f = await withGames();
        } catch (e) {
          say("No campaign file: " + e.message + ".", true);
          return;
        }
        const a = el("a", { href: URL.createObjectURL(new Blob([f.text], { type: "application/yaml" })), download: f.name, hidden: true });
        document.body.append(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(a.href), 60000);
        say("Written to " + f.name + ": " + told(f) + ".");
      }, { id: "sortie-play-export-file" });
      const buttons = el("p", { class: "play-buttons" }, exportFile);
      if (data.next) {
        // The Roll page: the next chapter is rolled here, at once.
        buttons.append(" ", button("Roll the next chapter", async () => {
          let f;
          try {
            f = await withGames();
          } catch (e) {
            say("Not rolled: " + e.message + ".", true);
            return;
          }
          data.next(f, told(f));
        }, { id: "sortie-play-next-chapter" }));
      } else if (data.roll) {
        buttons.append(" ", button("Roll the next chapter on the Roll page", async () => {
          let f;
          try {
            f = await withGames();
            sessionStorage.setItem(CARRIED, JSON.stringify({ name: f.name, text: f.text, said: told(f) }));
          } catch (e) {
            say("Not carried to the Roll page: " + e.message + ".", true);
            return;
          }
          location.href = data.roll;
        }, { id: "sortie-play-next-chapter" }));
      }
      return el("div", {}, heading("The next chapter", "sortie-play-file-title", 1),
        el("p", { class: "note" }, "This chapter's campaign file, with a line under games: for each line of the log that has its entry and result: keep it, or roll the next chapter from it " + (data.next ? "here." : "on the Roll page.")),
        buttons);
    }

    function drawCampaign(s) {
      if (!campaign) return;
      const c = s.campaigns[data.campaign] || { current: null, log: [] };
      const link = (n) => el("a", { href: entryHref(n) }, "entry " + n + (titles[n] ? ": " + titles[n] : ""));
      const place = el("p", { class: "play-place" });
      if (c.current === null) place.append("No entry is marked as where you are.");
      else if (c.current === here) place.append("You are on this entry.");
      else place.append("You are on ", link(c.current), ".");
      // A chapter on the Roll page has no entry pages to mark.
      placeBox.replaceChildren(...(data.entryHref ? [place] : []));
      if (mark) mark.setAttribute("aria-pressed", c.current === here ? "true" : "false");
      // The list of entries on the campaign's page marks the current one.
      for (const a of root.querySelectorAll("a[data-entry]")) {
        const at = a.dataset.entry === String(c.current);
        a.classList.toggle("play-current", at);
        if (at) a.setAttribute("aria-current", "step");
        else a.removeAttribute("aria-current");
        const m = a.querySelector(".play-here");
        if (at && !m) a.append(el("span", { class: "play-here" }, " (you are here)"));
        if (!at && m) m.remove();
      }

      // The log, in the columns the booklet's campaign log prints.
      const rows = c.log.map((l, i) => el("tr", {},
        el("td", {}, l.entry === null ? "" : String(l.entry)),
        el("td", {}, l.encounter),
        el("td", {}, l.result === "success" ? "Success" : l.result === "failure" ? "Failure" : ""),
        el("td", {}, [fatesText(l.fates), l.notes].filter((x) => x).join(" · ")),
        el("td", {}, button("\u2715", () => {
          change((t) => campaignState(t).log.splice(i, 1));
          apply();
          say("Line " + (i + 1) + " is removed from the log.");
          const next = logBox.querySelector("tbody button") || document.getElementById("sortie-play-notes");
          if (next) next.focus();
        }, { "aria-label": "Remove line " + (i + 1) + (l.entry === null ? "" : ", entry " + l.entry), title: "Remove this line" }))));
      if (rows.length === 0) rows.push(el("tr", {}, el("td", { colspan: "5" }, "No lines yet: add one below after each encounter.")));
      logBox.replaceChildren(el("div", { class: "scroll", tabindex: "0", role: "region", "aria-label": "Campaign log, kept on this device" },
        el("table", { class: "play-log" },
          el("thead", {}, el("tr", {}, ...["Entry", "Encounter", "Result", notes].map((h) => el("th", { scope: "col" }, h)),
            el("th", { scope: "col" }, el("span", { class: "visually-hidden" }, "Remove")))),
          el("tbody", {}, ...rows))));

      // Forgetting it all, for a new run through the campaign.
      clearBox.replaceChildren();
      if (c.log.length || c.current !== null) {
        const p = el("p", {});
        const clear = button("Clear this campaign", () => ask(p, "Forget where you are in this campaign, and every line of its log?", "Keep them", "Yes, clear it", () => {
          change((t) => delete t.campaigns[data.campaign]);
          apply();
          say("This campaign's place and log are cleared.");
        }, document.getElementById("sortie-play-entry")));
        p.append(clear);
        clearBox.append(p);
      }
    }
    return drawCampaign;
  }
  const drawers = []; // each campaign part shown: its redraw
  if (campaign) drawers.push(campaignPart(data, campaign, main, say));

  // apply shows the kept state on the page.
  function apply() {
    const s = read();
    const p = s.pages[PAGE] || { boxes: [], opened: [] };
    const ticked = new Set(p.boxes);
    for (const b of boxes) b.checked = ticked.has(b.id);
    const open = new Set(p.opened);
    for (const d of items) {
      if (d.open !== open.has(d.id)) d.open = open.has(d.id);
    }
    for (const draw of drawers) draw(s);
  }

  // --- The whole state to a file and back. ---

  function exportState() {
    const s = read();
    const blob = new Blob([JSON.stringify(s, null, 2) + "\n"], { type: "application/json" });
    const a = el("a", { href: URL.createObjectURL(blob), download: "sortie-play-state.json", hidden: true });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 60000);
    const n = Object.keys(s.pages).length, c = Object.keys(s.campaigns).length;
    say("Written to sortie-play-state.json: " + plural(n, "page") + " and " + plural(c, "campaign") + ".");
  }

  function plural(n, one) {
    return n + " " + one + (n === 1 ? "" : "s");
  }

  // importFile reads a file written by exportState: for each page and
  // campaign it holds, its state replaces the one kept here; the others
  // kept here stay. A file that is not one changes nothing.
  async function importFile(input) {
    const f = input.files && input.files[0];
    input.value = "";
    if (!f) return;
    const no = (why) => say("Not imported: " + f.name + " " + why + ". Nothing kept here was changed.", true);
    if (f.size > MAX_FILE) return no("is over 5 MB, too big for a play state");
    let text;
    try {
      text = await f.text();
    } catch (e) {
      return no("could not be read (" + e.message + ")");
    }
    let v;
    try {
      v = JSON.parse(text);
    } catch (e) {
      return no("is not JSON (" + e.message + ")");
    }
    let s;
    try {
      s = check(v);
    } catch (e) {
      return no("is not a play state: " + e.message);
    }
    const ok = change((t) => {
      Object.assign(t.pages, s.pages);
      Object.assign(t.campaigns, s.campaigns);
    });
    if (!ok) return;
    apply();
    say("Imported " + f.name + ": " + plural(Object.keys(s.pages).length, "page") + " and " +
      plural(Object.keys(s.campaigns).length, "campaign") + "; what this device kept for the others stays.");
  }

  // --- The Roll page: an encounter drawn after the page loaded. ---

  // keepRolled keeps the boxes of an encounter the Roll page drew into
  // root, under the address's choices (query, sorted): the same roll
  // asked again, or the page reloaded, shows them ticked.
  function keepRolled(root, query) {
    const q = new URLSearchParams(query);
    q.sort();
    const key = ROLLED + q.toString();
    if (!isPath(key)) return;
    const list = Array.from(root.querySelectorAll("input.box[id]"));
    const ticked = new Set((read().pages[key] || { boxes: [] }).boxes);
    for (const b of list) {
      b.checked = ticked.has(b.id);
      b.addEventListener("change", () => change((s) => {
        const p = s.pages[key] || (s.pages[key] = { boxes: [], opened: [] });
        p.boxes = p.boxes.filter((id) => id !== b.id);
        if (b.checked) p.boxes.push(b.id);
      }));
    }
  }
  // carried is the campaign file a campaign's page carried to the Roll
  // page (its "Roll the next chapter" button), once: {name, text, said},
  // or null.
  function carried() {
    let v = null;
    try {
      v = JSON.parse(sessionStorage.getItem(CARRIED));
      sessionStorage.removeItem(CARRIED);
    } catch {
      return null;
    }
    return v && typeof v.name === "string" && typeof v.text === "string" ? v : null;
  }

  // playChapter shows in host the play panel of a chapter the Roll page
  // rolled (a: the engine's answer: its campaign file state, named
  // stateName, its seed, system, chapter, figures, words, and the
  // number of its entries and their titles, {number: title}): the log,
  // kept under the file's seed, system and chapter, with the file
  // itself, so the same file rolled again shows the same log; next(f,
  // told) rolls the chapter after it from f, the file with the log's
  // games.
  function playChapter(host, a, next) {
    const q = new URLSearchParams({ campaign: a.seed, chapter: String(a.chapter), system: a.system });
    q.sort();
    const key = ROLLED + q.toString();
    host.replaceChildren();
    if (!isPath(key)) return;
    change((s) => {
      const c = s.campaigns[key] || (s.campaigns[key] = { current: null, log: [] });
      c.file = a.state;
    });
    const box = el("div", { class: "play-campaign" });
    const said = el("p", { class: "play-status", role: "status" });
    host.append(el("section", { class: "play-panel", "aria-labelledby": "sortie-play-title" },
      heading("Your chapter on this device", "sortie-play-title"),
      el("p", { class: "note" }, "Your log of this chapter and its campaign file are kept in this browser alone, under the campaign's seed and chapter: nothing leaves the device."),
      box, said));
    const tell = (text, bad) => {
      said.textContent = text;
      said.classList.toggle("bad", !!bad);
    };
    const data = {
      campaign: key, file: a.stateName, text: a.state, next, entries: String(a.entries || ""), titles: a.titles,
      notes: "Notes (losses, recruits, changes)",
      figures: a.figures ? JSON.stringify(a.figures) : undefined, words: a.words ? JSON.stringify(a.words) : undefined,
    };
    // A panel the Roll page replaced is redrawn no more.
    for (let i = drawers.length - 1; i >= 0; i--) if (drawers[i].host && !drawers[i].host.isConnected) drawers.splice(i, 1);
    const draw = campaignPart(data, box, host, tell);
    draw.host = box;
    drawers.push(draw);
    draw(read());
  }
  window.sortiePlay = { keepRolled, carried, playChapter };

  apply();
  if (!kept) say("This browser keeps nothing (its storage is off): ticks and opened items last until the page is left.", true);
  // Another tab of the site changed the state: show it here too.
  window.addEventListener("storage", (ev) => {
    if (ev.key === KEY) apply();
  });
})();
