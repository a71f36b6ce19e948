// Compiles Typst documents to PDF with Typst's compiler as a Node native
// module, for make bench's comparison (generator/perf, typst_test.go).
//
//   node compile.mjs [-warm N] [-fonts DIR] OUT-DIR FILE.typ...
//   node compile.mjs -version
//
// Each FILE.typ is compiled and written to OUT-DIR/FILE.pdf, by one
// compiler in one process; a compile with an error prints Typst's
// diagnostics and exits 1. -fonts DIR adds the fonts in DIR to the system's.
// The PDFs are untagged (pdfTags: false), as Sortie's booklets are: Typst
// tags its PDFs for accessibility by default, work Sortie does not do.
// It prints one line of JSON on stdout:
//
//   {"pages": 31, "cpuMs": 480.2, "ms": 470.9, "warmCpuMs": ..., "warmMs": ...}
//
// pages is what the PDFs hold; cpuMs and ms the process's CPU time (user
// and system, every thread: process.cpuUsage) and wall time from the
// first compile to the last PDF written, Node's start-up, the module's
// loading and the compiler's creation (which reads the fonts) left out.
// With -warm N the files are then compiled N more times, the compiler's
// memoized results evicted before each (evictCache(0)), and warmCpuMs and
// warmMs are the median of those passes: Typst typesetting in a process
// that has already typeset the same documents, its fonts read. Only the
// first pass writes the PDFs.
//
// -version prints this package's version and the Typst it bundles.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { createRequire } from "node:module";
import { NodeCompiler } from "@myriaddreamin/typst-ts-node-compiler";

const args = process.argv.slice(2);
let warm = 0;
const fontPaths = [];
for (;;) {
  if (args[0] === "-warm") {
    warm = Number(args[1]);
    args.splice(0, 2);
  } else if (args[0] === "-fonts") {
    fontPaths.push(args[1]);
    args.splice(0, 2);
  } else {
    break;
  }
}

if (args[0] === "-version") {
  const pkg = createRequire(import.meta.url)("@myriaddreamin/typst-ts-node-compiler/package.json");
  const c = NodeCompiler.create();
  const r = c.compile({ mainFileContent: "#metadata(str(sys.version)) <v>" });
  if (r.hasError()) {
    r.printErrors();
    process.exit(1);
  }
  const [typst] = c.query(r.result, { selector: "<v>", field: "value" });
  console.log(`${pkg.name} ${pkg.version} (Typst ${typst}), Node ${process.version}`);
  process.exit(0);
}

const [out, ...files] = args;
if (!out || files.length === 0 || !(warm >= 0)) {
  console.error("usage: node compile.mjs [-warm N] [-fonts DIR] OUT-DIR FILE.typ...");
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const sources = files.map((f) => readFileSync(f, "utf8"));
const compiler = NodeCompiler.create(fontPaths.length ? { fontArgs: [{ fontPaths }] } : {});

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

// pass compiles every file once, writing the PDFs if asked, and returns
// its pages, CPU and wall time.
function pass(write) {
  const cpu0 = cpu(), t0 = performance.now();
  let pages = 0;
  sources.forEach((src, i) => {
    const res = compiler.compile({ mainFileContent: src });
    if (res.hasError()) {
      console.error(`${files[i]}:`);
      res.printErrors();
      process.exit(1);
    }
    const doc = res.result;
    const pdf = compiler.pdf(doc, { pdfTags: false });
    pages += doc.numOfPages;
    if (write) {
      writeFileSync(join(out, basename(files[i], ".typ") + ".pdf"), pdf);
    }
  });
  return { pages, cpuMs: cpu() - cpu0, ms: performance.now() - t0 };
}

const first = pass(true);
const result = { pages: first.pages, cpuMs: first.cpuMs, ms: first.ms };
if (warm > 0) {
  const runs = [];
  for (let i = 0; i < warm; i++) {
    compiler.evictCache(0);
    runs.push(pass(false));
  }
  const median = (k) => runs.map((r) => r[k]).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
  result.warmCpuMs = median("cpuMs");
  result.warmMs = median("ms");
}
console.log(JSON.stringify(result));
