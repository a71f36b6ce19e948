// Runs sortie-wasm in Node, as the Roll page runs it in a browser, for
// the Go test TestWasmRollsAsNative: each line of standard input is a
// request (JSON), answered by one line, sortieRoll's answer.
//   node roll.mjs WASM_EXEC_JS SORTIE_WASM
import fs from "node:fs";
import vm from "node:vm";
import readline from "node:readline";

const [wasmExec, wasm] = process.argv.slice(2);
vm.runInThisContext(fs.readFileSync(wasmExec, "utf8"), { filename: wasmExec });
const go = new globalThis.Go();
const { instance } = await WebAssembly.instantiate(fs.readFileSync(wasm), go.importObject);
go.run(instance); // runs until the page (here, this process) goes
while (!globalThis.sortieRoll && !globalThis.sortieError) await new Promise((r) => setTimeout(r, 10));
if (globalThis.sortieError) {
  console.error(globalThis.sortieError);
  process.exit(1);
}
const rl = readline.createInterface({ input: process.stdin });
// Writes to a pipe are asynchronous in Node: each is waited for, so
// exiting drops none.
const write = (s) => new Promise((resolve) => process.stdout.write(s + "\n", resolve));
for await (const line of rl) await write(globalThis.sortieRoll(line));
process.exit(0);
