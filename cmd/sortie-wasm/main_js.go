//go:build js && wasm

package main

import (
	"encoding/json"
	"runtime/debug"
	"syscall/js"

	"github.com/sortie-wargames/sortie/generator"
)

// main loads the built-in systems overlaid by the site's own rule files
// (sortieRules, JSON, when the page set it), puts sortieRoll(requestJSON),
// sortieSheet(requestJSON) and sortieCampaign(requestJSON), each
// returning its answer as JSON, and
// sortieVersion, the version its play sheets print, on the global
// object, and waits, serving the page's calls, until the page goes.
func main() {
	info, _ := debug.ReadBuildInfo()
	version := generator.BuildVersion(info)
	// The site's own rule files, which the page's worker fetched
	// (roll/rules.json) and set before starting the engine.
	var over map[string]string
	if v := js.Global().Get("sortieRules"); v.Type() == js.TypeString {
		if err := json.Unmarshal([]byte(v.String()), &over); err != nil {
			js.Global().Set("sortieError", "rules.json: "+err.Error())
			return
		}
	}
	r, err := newRoller(version, over)
	if err != nil {
		js.Global().Set("sortieError", err.Error())
		return
	}
	serve := func(name string, f func([]byte) any) {
		js.Global().Set(name, js.FuncOf(func(_ js.Value, args []js.Value) any {
			if len(args) != 1 || args[0].Type() != js.TypeString {
				return `{"error":"` + name + ` takes one argument: the request as JSON"}`
			}
			b, _ := json.Marshal(f([]byte(args[0].String())))
			return string(b)
		}))
	}
	js.Global().Set("sortieVersion", version)
	serve("sortieRoll", func(q []byte) any { return r.roll(q) })
	serve("sortieSheet", func(q []byte) any { return r.sheet(q) })
	serve("sortieCampaign", func(q []byte) any { return r.campaign(q) })
	select {}
}
