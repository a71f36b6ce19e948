// Sortie's search page: finds the site's pages by name as the player
// types, in the index the page carries (a script element of type
// application/json, written by "sortie build"), so it needs no server
// and reads no file: it works offline and opened from the disk. Every
// word typed must start a word of the page's title, summary, kind or
// system, letter case and accents aside; pages whose titles hold the
// words come first. Nothing leaves the device.
"use strict";
(function () {
  var data = document.getElementById("search-index");
  var form = document.getElementById("search-form");
  var input = document.getElementById("search-q");
  var status = document.getElementById("search-status");
  var list = document.getElementById("search-results");
  if (!data || !form || !input || !status || !list) return;
  var SHOWN = 50; // results listed at most; more words narrow them
  var root = data.getAttribute("data-root") || "";
  var index = JSON.parse(data.textContent);

  // fold is text without case or accents: "Épée" and "epee" are one.
  function fold(s) {
    return s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }
  function words(s) {
    return fold(s).split(/[^\p{L}\p{N}]+/u).filter(function (w) { return w !== ""; });
  }

  // The pages, in the index's order (the home page's), children after
  // their parent, each with its words.
  var pages = [];
  function add(title, href, summary, kind, system) {
    pages.push({
      title: title, href: href, summary: summary, kind: kind, system: system,
      inTitle: words(title), rest: words(summary + " " + kind + " " + system),
    });
  }
  // A page is [kind, system, title, n, summary, children], n its slug in
  // its kind's page ("" for its title's slug); its children are [n, t, s],
  // or [t] when n is t's slug: their
  // kind's patterns spell their file and title from n and the word t
  // (search.go).
  function spell(pattern, n, t) {
    // functions, not strings, so that a "$&" in a title is no pattern
    return pattern.replace("{n}", function () { return String(n); }).replace("{t}", function () { return t; });
  }
  function slug(t) {
    return t.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  }
  index.pages.forEach(function (p) {
    var kind = index.kinds[p[0]];
    var system = p[1] >= 0 ? index.systems[p[1]] : "";
    var href = spell(kind.page, p[3] || slug(p[2]), "");
    add(p[2], href, p[4], kind.name, system);
    var dir = href.slice(0, href.lastIndexOf("/") + 1);
    (p[5] || []).forEach(function (c) {
      if (c.length === 1) c = [slug(index.words[c[0]]), c[0]];
      var t = index.words[c[1]];
      add(p[2] + spell(kind.title, c[0], t), dir + spell(kind.href, c[0], t),
        c.length > 2 ? index.words[c[2]] : "", kind.child, system);
    });
  });

  // starts says whether a word of ws starts with w, and how well: 2 for
  // the whole word, 1 for its start, 0 for none.
  function starts(ws, w) {
    var best = 0;
    for (var i = 0; i < ws.length && best < 2; i++) {
      if (ws[i] === w) best = 2;
      else if (ws[i].lastIndexOf(w, 0) === 0) best = 1;
    }
    return best;
  }

  // score is how well a page matches every word of q, 0 when one is
  // missing: a word in the title counts three times one elsewhere.
  function score(p, q) {
    var total = 0;
    for (var i = 0; i < q.length; i++) {
      var t = starts(p.inTitle, q[i]);
      var s = t > 0 ? 3 * t : starts(p.rest, q[i]);
      if (s === 0) return 0;
      total += s;
    }
    return total;
  }

  function item(p) {
    var li = document.createElement("li");
    var a = document.createElement("a");
    a.href = root + p.href.split("#")[0].split("/").map(encodeURIComponent).join("/") +
      (p.href.indexOf("#") >= 0 ? "#" + encodeURIComponent(p.href.slice(p.href.indexOf("#") + 1)) : "");
    a.textContent = p.title;
    li.appendChild(a);
    if (p.summary) {
      var s = document.createElement("span");
      s.textContent = p.summary;
      li.appendChild(s);
    }
    var m = document.createElement("span");
    m.className = "meta";
    m.textContent = p.system ? p.kind + " · " + p.system : p.kind;
    li.appendChild(m);
    return li;
  }

  function plural(n, one, many) { return n + " " + (n === 1 ? one : many); }

  function show() {
    var q = words(input.value);
    list.textContent = "";
    if (q.length === 0) {
      list.hidden = true;
      var tables = pages.filter(function (p) { return p.href.indexOf("#") >= 0; }).length;
      status.textContent = "Type to search this site's " + plural(pages.length - tables, "page", "pages") +
        (tables > 0 ? " and " + plural(tables, "table", "tables") : "") + ".";
      return;
    }
    var found = [];
    pages.forEach(function (p, i) {
      var s = score(p, q);
      if (s > 0) found.push({ p: p, s: s, i: i });
    });
    found.sort(function (a, b) { return b.s - a.s || a.i - b.i; });
    found.slice(0, SHOWN).forEach(function (f) { list.appendChild(item(f.p)); });
    list.hidden = found.length === 0;
    if (found.length === 0) status.textContent = "Nothing holds every word.";
    else if (found.length > SHOWN) status.textContent = plural(found.length, "match", "matches") + "; the best " + SHOWN + " are listed: another word narrows them.";
    else status.textContent = plural(found.length, "match", "matches") + ".";
  }

  // The address keeps the words (?q=), so going back to the page, or a
  // link to it, shows the same results.
  function remember() {
    try {
      var u = new URL(location.href);
      if (input.value === "") u.searchParams.delete("q");
      else u.searchParams.set("q", input.value);
      history.replaceState(null, "", u.href);
    } catch (e) {
      // a browser that refuses it (a page opened from the disk, in some) keeps the old address
    }
  }

  input.addEventListener("input", function () { show(); remember(); });
  // Enter goes to the results: the first is focused, Tab goes on.
  form.addEventListener("submit", function (e) {
    e.preventDefault();
    show();
    remember();
    var first = list.querySelector("a");
    if (first) first.focus();
  });
  // The arrow keys move between the input and the results.
  form.parentNode.addEventListener("keydown", function (e) {
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    var links = Array.prototype.slice.call(list.querySelectorAll("a"));
    var at = e.target === input ? -1 : links.indexOf(e.target);
    if (at === -1 && e.target !== input) return;
    var to = e.key === "ArrowDown" ? at + 1 : at - 1;
    if (to >= links.length) return;
    e.preventDefault();
    if (to < 0) input.focus();
    else links[to].focus();
  });

  input.value = new URLSearchParams(location.search).get("q") || "";
  form.hidden = false;
  show();
})();
