package pwa

import _ "embed"

// The Roll page's files beside its page (roll/index.html, drawn with the
// site's templates): the engine built for WebAssembly, Go's loader for
// it, the worker that runs them off the page's main thread (so the page
// answers at once while the engine starts), the page's script and its
// style. The engine is over PrecacheLimit,
// so the worker keeps it once the Roll page has fetched it (roll.js
// fetches it again through the worker when the worker took over only
// after the page loaded it): after one visit to the Roll page, it rolls
// with the network off.
const (
	RollDir    = "roll"
	RollWasm   = "roll/sortie.wasm"
	RollLoader = "roll/wasm_exec.js"
	RollScript = "roll/roll.js"
	RollWorker = "roll/engine.js" // runs the engine off the page's main thread
	RollStyle  = "roll/roll.css"
	RollRules  = "roll/rules.json" // the site's own rule files, loaded over the engine's built-in data
)

//go:embed roll.js
var rollJS []byte

//go:embed engine.js
var engineJS []byte

//go:embed roll.css
var rollCSS []byte

// RollFiles returns the Roll page's files: wasm is cmd/sortie-wasm built
// for GOOS=js GOARCH=wasm, loader the wasm_exec.js of the Go that built
// it, rules the site's own rule files as JSON ("{}" for none).
func RollFiles(wasm, loader, rules []byte) []File {
	return []File{{RollWasm, wasm}, {RollLoader, loader}, {RollScript, rollJS}, {RollWorker, engineJS}, {RollStyle, rollCSS}, {RollRules, rules}}
}
