package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/sortie-wargames/sortie/generator"
)

// The Roll page's engine is cmd/sortie-wasm built for the browser
// (GOOS=js GOARCH=wasm), with the wasm_exec.js of the Go that built it.
// "sortie build" does not compile it: "make build" writes bin/sortie.wasm
// and bin/wasm_exec.js beside bin/sortie ("make install" copies them
// beside the installed sortie), where the build finds them; --wasm names
// another sortie.wasm (wasm_exec.js beside it), or none. Without them
// the site has no Roll page, and the build says so on one line, with a
// hint.

// Names of the engine's files.
const (
	wasmFile   = "sortie.wasm"
	loaderFile = "wasm_exec.js"
)

// wasmNone is the --wasm value that leaves the Roll page out, unsaid.
const wasmNone = "none"

// wasmHint says how to get the engine.
const wasmHint = "make build (or make install) writes sortie.wasm and wasm_exec.js beside sortie; or build it: GOOS=js GOARCH=wasm go build -trimpath -ldflags=\"-s -w\" -o DIR/sortie.wasm github.com/sortie-wargames/sortie/cmd/sortie-wasm, copy $(go env GOROOT)/lib/wasm/wasm_exec.js beside it and pass --wasm DIR/sortie.wasm; --wasm none builds without it"

// rollEngine reads the Roll page's engine: the file --wasm names, else
// sortie.wasm beside the executable exe ("" looks nowhere: a test's
// host). It returns nil and a warning when the engine is not beside the
// executable, and an error when --wasm names a file that is not one.
func rollEngine(flag, exe string) (*generator.RollEngine, string, error) {
	switch {
	case flag == wasmNone:
		return nil, "", nil
	case flag != "":
		e, err := readEngine(flag)
		if err != nil {
			return nil, "", &hintError{fmt.Errorf("--wasm: %w", err), wasmHint}
		}
		return e, "", nil
	case exe == "":
		return nil, "", nil
	}
	p := filepath.Join(filepath.Dir(exe), wasmFile)
	e, err := readEngine(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Sprintf("no Roll page: the engine it runs in the browser, %s, is not beside %s", wasmFile, exe), nil
	}
	if err != nil {
		return nil, "", &hintError{err, wasmHint}
	}
	return e, "", nil
}

// wasmMagic starts every WebAssembly module.
var wasmMagic = []byte("\x00asm")

// readEngine reads sortie.wasm at p and wasm_exec.js beside it.
func readEngine(p string) (*generator.RollEngine, error) {
	wasm, err := os.ReadFile(p)
	if err != nil {
		return nil, fmt.Errorf("failed to read the Roll page's engine: %w", err)
	}
	if !bytes.HasPrefix(wasm, wasmMagic) {
		return nil, fmt.Errorf("%s is not WebAssembly: want cmd/sortie-wasm built with GOOS=js GOARCH=wasm", p)
	}
	lp := filepath.Join(filepath.Dir(p), loaderFile)
	loader, err := os.ReadFile(lp)
	if err != nil {
		return nil, fmt.Errorf("failed to read the Roll page's engine loader: %w (it is in $(go env GOROOT)/lib/wasm/)", err)
	}
	return &generator.RollEngine{Wasm: wasm, Loader: loader}, nil
}
