// Sortie's Roll page: runs Sortie's engine, built for WebAssembly
// (sortie.wasm, loaded by Go's wasm_exec.js beside it), in the browser.
// The form's choices go into the page's address, so a link to it rolls
// the same encounter again; opened with them, the page rolls at once.
// Nothing leaves the device.
"use strict";
(function () {
  var form = document.getElementById("roll-form");
  if (!form) return;
  var fields = document.getElementById("roll-fields");
  var what = document.getElementById("roll-what");
  var seed = document.getElementById("roll-seed");
  var status = document.getElementById("roll-status");
  var out = document.getElementById("roll-out");
  var result = document.getElementById("roll-result");
  var link = document.getElementById("roll-link");
  var warn = document.getElementById("roll-warn");
  var opts = Array.prototype.slice.call(form.querySelectorAll(".roll-opts"));
  var created = parseInt(form.getAttribute("data-created"), 10) || 0;

  function say(text) { status.textContent = text; }

  function notLoaded(err) {
    say("The engine did not load: " + err.message +
      (navigator.onLine ? "" : " (it is kept on this device once this page has been opened with the network on)") +
      ". Roll the same encounter with sortie encounter.");
  }

  if (location.protocol === "file:") {
    document.getElementById("roll-file").hidden = false;
    return;
  }

  // The engine runs in a worker (engine.js), loaded once; the Roll
  // button waits for it.
  var worker, calls = {}, next = 0;
  var engine = new Promise(function (resolve, reject) {
    if (typeof Worker !== "function" || typeof WebAssembly !== "object") {
      reject(new Error("this browser cannot run WebAssembly in a worker"));
      return;
    }
    worker = new Worker("engine.js");
    worker.addEventListener("message", function (e) {
      var m = e.data;
      if (m.ready === true) resolve(m.version || "");
      else if (m.ready === false) reject(new Error(m.error));
      else if (calls[m.id]) {
        calls[m.id](JSON.parse(m.answer));
        delete calls[m.id];
      }
    });
    worker.addEventListener("error", function (e) { reject(new Error(e.message || "the engine did not load")); });
  });
  // ask asks the engine: fn is "roll" or "sheet".
  function ask(fn, req) {
    return engine.then(function () {
      return new Promise(function (resolve) {
        var id = next++;
        calls[id] = resolve;
        worker.postMessage({ id: id, fn: fn, request: JSON.stringify(req) });
      });
    });
  }
  engine.then(function (v) {
    window.sortieRollPage.version = v;
    var built = form.getAttribute("data-version");
    if (v && built && v !== built) {
      warn.textContent = "This page's engine is Sortie " + v + ", the site was built by Sortie " + built +
        ": its rolls may differ from the site's pages. Rebuild the site with one Sortie (make site).";
      warn.hidden = false;
    }
  }, notLoaded);

  // The service worker keeps sortie.wasm once it is fetched through it.
  // At the first visit it takes over after the page fetched the engine,
  // so it is fetched again through the worker, once, to be kept.
  if ("serviceWorker" in navigator && !navigator.serviceWorker.controller) {
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      engine.then(function () { fetch("sortie.wasm").catch(function () {}); });
    }, { once: true });
  }

  function chosen() {
    for (var i = 0; i < opts.length; i++) if (opts[i].getAttribute("data-for") === what.value) return opts[i];
    return null;
  }

  // show shows the chosen system's or series' fields, and only those
  // are sent.
  function show() {
    var isSeries = what.value.indexOf("series:") === 0;
    opts.forEach(function (d) {
      var on = d.getAttribute("data-for") === what.value;
      d.hidden = !on;
      Array.prototype.forEach.call(d.querySelectorAll("input, select"), function (c) { c.disabled = !on; });
    });
    document.getElementById("roll-seed-p").hidden = isSeries;
    seed.disabled = isSeries;
  }

  // newSeed is a fresh seed, as "sortie encounter" rolls one: 8 hex digits.
  function newSeed() {
    var b = new Uint8Array(4);
    crypto.getRandomValues(b);
    return Array.prototype.map.call(b, function (x) { return (x < 16 ? "0" : "") + x.toString(16); }).join("");
  }

  // query is the form's choices as the address holds them.
  function query() {
    var q = new URLSearchParams();
    var d = chosen();
    if (what.value.indexOf("series:") === 0) q.set("series", what.value.slice(7));
    else q.set("system", what.value);
    if (!seed.disabled) {
      if (seed.value.trim() === "") seed.value = newSeed();
      q.set("seed", seed.value);
    }
    if (d) {
      Array.prototype.forEach.call(d.querySelectorAll("input[name], select[name]"), function (c) {
        if (c.value !== "") q.set(c.name, c.value);
      });
    }
    return q;
  }

  // fill sets the form from an address's choices; false when it has none.
  function fill(q) {
    var v = q.has("series") ? "series:" + q.get("series") : q.get("system");
    if (!v) return false;
    var opt = Array.prototype.find.call(what.options, function (o) { return o.value === v; });
    if (!opt) {
      say("This site's Roll page has no " + (q.has("series") ? "series " + q.get("series") : "system " + v) + ".");
      return false;
    }
    what.value = v;
    show();
    seed.value = q.get("seed") || "";
    var d = chosen();
    Array.prototype.forEach.call(d.querySelectorAll("input[name], select[name]"), function (c) {
      var want = q.has(c.name) ? q.get(c.name) : (c.defaultValue !== undefined && c.tagName === "INPUT" ? c.defaultValue : "");
      if (c.tagName === "SELECT") {
        if (!q.has(c.name)) { c.selectedIndex = 0; return; }
        if (!Array.prototype.some.call(c.options, function (o) { return o.value === want; })) {
          say("Not a choice here: " + c.name + " " + want + ".");
          return;
        }
      }
      c.value = want;
    });
    return true;
  }

  // request is what the engine is asked, for an address's choices.
  function request(q, paper) {
    var r = { root: "../", created: created };
    if (paper) r.paper = paper;
    if (q.has("series")) {
      var d = opts.find(function (o) { return o.getAttribute("data-for") === "series:" + q.get("series"); });
      r.series = d ? JSON.parse(d.getAttribute("data-series")) : null;
      r.month = q.get("month") || "";
      return r;
    }
    r.system = q.get("system") || "";
    r.type = q.get("type") || "";
    r.seed = q.get("seed") || "";
    ["enemies", "recruits"].forEach(function (k) { if (q.has(k)) r[k] = q.get(k); });
    ["star-rep", "band"].forEach(function (k) { if (q.has(k)) r[k] = parseInt(q.get(k), 10) || 0; });
    return r;
  }

  var current = null; // the choices last rolled

  function roll(q) {
    say("Rolling…");
    return ask("roll", request(q)).then(function (a) {
      if (a.error) {
        out.hidden = true;
        say("Not rolled: " + a.error);
        return a;
      }
      current = q;
      document.getElementById("roll-title").textContent = a.title;
      result.innerHTML = a.html;
      // Its boxes are kept on this device, as on every encounter's page
      // (state.js), under this roll's choices.
      if (window.sortiePlay) window.sortiePlay.keepRolled(result, q.toString());
      var here = location.pathname.split("/").pop() + "?" + q.toString();
      link.innerHTML = "";
      var code = function (text) {
        var c = document.createElement("code");
        c.textContent = text;
        return c;
      };
      var d = chosen();
      var used = q.has("series") && d ? JSON.parse(d.getAttribute("data-series")).seed : q.get("seed");
      link.append(what.options[what.selectedIndex].textContent + " · seed ", code(used), ", stream ", code(a.stream), " · ");
      var l = document.createElement("a");
      l.href = here;
      l.textContent = "link to this encounter";
      link.append(l);
      out.hidden = false;
      say("Rolled: " + a.title + ".");
      return a;
    }, notLoaded);
  }

  // sheetOf prints the play sheet of an address's choices on paper.
  function sheetOf(q, paper) {
    return ask("sheet", request(q, paper));
  }

  // showResult brings a roll's encounter into view: on a phone the form
  // fills the screen above it.
  function showResult(a) {
    if (a && !a.error) out.scrollIntoView({ block: "start" });
  }

  function sheet(paper) {
    if (!current) return;
    say("Printing the play sheet…");
    sheetOf(current, paper).then(function (a) {
      if (a.error) { say("No play sheet: " + a.error); return; }
      var bin = atob(a.pdf), bytes = new Uint8Array(bin.length);
      for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      var url = URL.createObjectURL(new Blob([bytes], { type: "application/pdf" }));
      var dl = document.createElement("a");
      dl.href = url;
      dl.download = a.sheet;
      document.body.appendChild(dl);
      dl.click();
      dl.remove();
      setTimeout(function () { URL.revokeObjectURL(url); }, 60000);
      say("Play sheet ready: " + a.sheet + ".");
    }, function (err) { say("No play sheet: " + err.message); });
  }

  what.addEventListener("change", show);
  document.getElementById("roll-new").addEventListener("click", function () { seed.value = newSeed(); });
  Array.prototype.forEach.call(document.querySelectorAll(".roll-sheet"), function (b) {
    b.addEventListener("click", function () { sheet(b.getAttribute("data-paper")); });
  });
  form.addEventListener("submit", function (e) {
    e.preventDefault();
    if (!form.reportValidity()) return;
    var q = query();
    history.pushState(null, "", "?" + q.toString());
    roll(q).then(showResult);
  });
  window.addEventListener("popstate", function () {
    var q = new URLSearchParams(location.search);
    if (fill(q)) roll(q);
  });

  // A campaign file: its next chapter, rolled as "sortie campaign
  // --continue FILE" rolls it, and the files to keep: the campaign file
  // for that chapter, the chapter as JSON and Markdown, the same bytes
  // the CLI writes.
  var campForm = document.getElementById("camp-form");
  var campFile = document.getElementById("camp-file");
  var campText = document.getElementById("camp-text");
  var campStatus = document.getElementById("camp-status");
  var campOut = document.getElementById("camp-out");
  var campResult = document.getElementById("camp-result");
  var campName = "campaign.yaml"; // the name errors give: the file's, once one is picked
  var campURLs = [];

  function campSay(text) { campStatus.textContent = text; }

  // offer points a download link at bytes.
  function offer(id, name, text, type) {
    var url = URL.createObjectURL(new Blob([text], { type: type }));
    campURLs.push(url);
    var a = document.getElementById(id);
    a.href = url;
    a.download = name;
    return a;
  }

  // titlesOf are a chapter's entries' titles, {number: title}, from its
  // JSON, for its log's Encounter column.
  function titlesOf(json) {
    var t = {};
    try {
      JSON.parse(json).nodes.forEach(function (n) { t[n.number] = n.encounter.title; });
    } catch (e) {
      return {};
    }
    return t;
  }

  function chapter(text, name) {
    campSay("Rolling the next chapter…");
    return ask("campaign", { file: text, name: name }).then(function (a) {
      if (a.error) {
        campOut.hidden = true;
        campSay("Not rolled: " + a.error);
        return a;
      }
      campURLs.forEach(function (u) { URL.revokeObjectURL(u); });
      campURLs = [];
      document.getElementById("camp-title").textContent = a.title;
      campResult.innerHTML = a.html;
      var stem = a.stateName.replace(/\.[^.]*$/, "");
      offer("camp-state", a.stateName, a.state, "application/yaml").textContent =
        "Download the campaign file for chapter " + a.chapter + " (" + a.stateName + ")";
      offer("camp-json", stem + ".json", a.json, "application/json");
      offer("camp-md", stem + ".md", a.markdown, "text/markdown");
      // Its play panel: the chapter's log and file, kept on this device,
      // and the chapter after it rolled here from them.
      if (window.sortiePlay) {
        window.sortiePlay.playChapter(document.getElementById("camp-play"),
          Object.assign({ entries: campResult.querySelectorAll("details.roll-entry").length, titles: titlesOf(a.json) }, a), function (f, told) {
            campName = f.name;
            campText.value = f.text;
            chapter(f.text, f.name).then(function (b) {
              if (b && !b.error) campSay("Rolled from " + f.name + " with " + told + ": " + b.title + ".");
              if (b && !b.error) campOut.scrollIntoView({ block: "start" });
            });
          });
      }
      campOut.hidden = false;
      campSay("Rolled: " + a.title + ".");
      return a;
    }, function (err) {
      campSay("The engine did not load: " + err.message + ". Roll the chapter with sortie campaign --continue.");
      return { error: err.message };
    });
  }

  campFile.addEventListener("change", function () {
    var f = campFile.files && campFile.files[0];
    if (!f) return;
    f.text().then(function (text) {
      campName = f.name;
      campText.value = text;
      campSay("Read " + f.name + ": roll its next chapter.");
    }, function (err) { campSay("Could not read " + f.name + ": " + err.message); });
  });
  campForm.addEventListener("submit", function (e) {
    e.preventDefault();
    if (campText.value.trim() === "") {
      campSay("Pick your campaign file, or paste its text, first.");
      return;
    }
    chapter(campText.value, campName).then(function (a) {
      if (a && !a.error) campOut.scrollIntoView({ block: "start" });
    });
  });
  // An entry's links open the entry they lead to, folded shut until then.
  campResult.addEventListener("click", function (e) {
    var l = e.target.closest && e.target.closest("a[href^='#entry-']");
    if (!l) return;
    var d = document.getElementById(l.getAttribute("href").slice(1));
    if (!d) return;
    e.preventDefault();
    d.open = true;
    d.scrollIntoView({ block: "start" });
  });
  document.getElementById("camp-fields").disabled = false;
  // A campaign's page sent its campaign file here, the log's games
  // written in: the player reads it, adds what happened to whom, and
  // rolls.
  var brought = window.sortiePlay && window.sortiePlay.carried();
  if (brought) {
    campName = brought.name;
    campText.value = brought.text;
    campSay("Your campaign file " + brought.name + ", from its campaign's page: " + brought.said + ", then roll the next chapter.");
    campForm.scrollIntoView({ block: "start" });
  }

  fields.disabled = false;
  show();
  var q = new URLSearchParams(location.search);
  if (fill(q)) roll(q).then(showResult);
  else if (seed.value === "") seed.value = newSeed();
  // For tests and the curious: the page's own roll and play sheet, for
  // an address's choices ("?system=swordplay&seed=x"), as a link to the
  // page gives them.
  window.sortieRollPage = {
    engine: engine,
    version: "",
    roll: function (search) { var q = new URLSearchParams(search); fill(q); return roll(q); },
    sheet: function (search, paper) { return sheetOf(new URLSearchParams(search), paper); },
    chapter: chapter
  };
})();
