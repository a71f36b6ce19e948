//go:build js && wasm

package main

import (
	"encoding/json"
	"syscall/js"
)

// main puts sortieRoll(requestJSON) -> answerJSON on the global object
// and waits, serving the page's calls, until the page goes.
func main() {
	r, err := newRoller()
	if err != nil {
		js.Global().Set("sortieError", err.Error())
		return
	}
	js.Global().Set("sortieRoll", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 1 || args[0].Type() != js.TypeString {
			return `{"error":"sortieRoll takes one argument: the request as JSON"}`
		}
		b, _ := json.Marshal(r.roll([]byte(args[0].String())))
		return string(b)
	}))
	select {}
}
