//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "sortie-wasm: runs in a browser only: build it with GOOS=js GOARCH=wasm")
	os.Exit(2)
}
