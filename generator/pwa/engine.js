// Sortie's Roll page engine: runs sortie.wasm (loaded by Go's
// wasm_exec.js, both beside this file, over the site's own rules.json) in a worker, off the page's main
// thread, so the page answers at once while the engine starts. The page
// posts {id, fn: "roll", "sheet" or "campaign", request: JSON} and gets back {id,
// answer: JSON}; first, it gets {ready: true, version} or {ready: false,
// error}. Nothing leaves the device.
"use strict";
importScripts("wasm_exec.js");

const ready = (async () => {
  // The site's own rule files, loaded over the engine's built-in data
  // (the site's army lists, its own systems): without them it would roll
  // other encounters than the site's pages.
  const rules = await fetch("rules.json");
  if (!rules.ok) throw new Error("rules.json: HTTP " + rules.status);
  self.sortieRules = await rules.text();
  const go = new Go();
  const fetched = async () => {
    const res = await fetch("sortie.wasm");
    if (!res.ok) throw new Error("sortie.wasm: HTTP " + res.status);
    return WebAssembly.instantiate(await res.arrayBuffer(), go.importObject);
  };
  let r;
  try {
    r = await WebAssembly.instantiateStreaming(fetch("sortie.wasm"), go.importObject);
  } catch {
    r = await fetched(); // a host that serves it as other than application/wasm
  }
  go.run(r.instance);
  for (let i = 0; i < 1000 && typeof self.sortieRoll !== "function" && typeof self.sortieError !== "string"; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  if (typeof self.sortieError === "string") throw new Error(self.sortieError);
  if (typeof self.sortieRoll !== "function") throw new Error("the engine did not start");
  return self.sortieVersion;
})();

ready.then(
  (version) => postMessage({ ready: true, version }),
  (err) => postMessage({ ready: false, error: String(err && err.message || err) }),
);

self.onmessage = async (e) => {
  const { id, fn, request } = e.data;
  try {
    await ready;
  } catch (err) {
    postMessage({ id, answer: JSON.stringify({ error: String(err && err.message || err) }) });
    return;
  }
  const call = { sheet: self.sortieSheet, campaign: self.sortieCampaign }[fn] || self.sortieRoll;
  postMessage({ id, answer: call(request) });
};
