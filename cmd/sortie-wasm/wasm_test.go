package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// budget is what the Roll page may load, compressed (issue 24).
const budget = 6 << 20

// buildWasm builds sortie-wasm for the browser as "make build" does,
// once for the package's tests, and returns Go's wasm_exec.js and the
// module. It is built without the commit (-buildvcs=false), as the
// sortie the tests build beside it, so both sign play sheets
// "0.2.0+devel".
func buildWasm(t *testing.T) (wasmExec, wasm string) {
	t.Helper()
	wasmOnce.Do(func() {
		wasmExecPath = filepath.Join(runtime.GOROOT(), "lib", "wasm", "wasm_exec.js")
		if _, err := os.Stat(wasmExecPath); err != nil {
			wasmErr = fmt.Errorf("go's wasm_exec.js: %w", err)
			return
		}
		dir, err := os.MkdirTemp("", "sortie-wasm-test-")
		if err != nil {
			wasmErr = err
			return
		}
		wasmPath = filepath.Join(dir, "sortie.wasm")
		start := time.Now()
		build := exec.Command("go", "build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w", "-o", wasmPath, ".")
		build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		if out, err := build.CombinedOutput(); err != nil {
			wasmErr = fmt.Errorf("go build for js/wasm: %v\n%s", err, out)
			return
		}
		wasmTook = time.Since(start)
	})
	if wasmErr != nil {
		t.Fatal(wasmErr)
	}
	t.Logf("sortie.wasm built in %s", wasmTook.Round(time.Second))
	return wasmExecPath, wasmPath
}

var (
	wasmOnce               sync.Once
	wasmExecPath, wasmPath string
	wasmTook               time.Duration
	wasmErr                error
)

// TestMain removes the module built for the tests.
func TestMain(m *testing.M) {
	code := m.Run()
	if wasmPath != "" {
		os.RemoveAll(filepath.Dir(wasmPath))
	}
	os.Exit(code)
}

// TestWasmRollsAsNative builds sortie-wasm for the browser, checks its
// size against the budget, runs it in Node as the Roll page runs it,
// and asks it for 100 encounters, 20 of each built-in system's, every
// encounter type in turn: each answer is, byte for byte, what the same
// code built for this machine answers.
func TestWasmRollsAsNative(t *testing.T) {
	if testing.Short() {
		t.Skip("builds for WebAssembly")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("SORTIE_REQUIRE_TOOLS") == "1" {
			t.Fatal("node not found: install nodejs (SORTIE_REQUIRE_TOOLS=1 makes this an error)")
		}
		t.Skip("node not found: install nodejs")
	}
	wasmExec, wasm := buildWasm(t)
	data, err := os.ReadFile(wasm)
	if err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(data)
	zw.Close()
	t.Logf("sortie.wasm: %d bytes, %d gzipped (budget %d)", len(data), gz.Len(), budget)
	if gz.Len() > budget {
		t.Errorf("sortie.wasm is %d bytes gzipped, over the budget of %d", gz.Len(), budget)
	}

	r, err := newRoller("test", nil)
	if err != nil {
		t.Fatal(err)
	}
	var reqs [][]byte
	for _, id := range r.reg.IDs() {
		sys, _ := r.reg.Get(id)
		types := sys.Rules().EncounterIDs()
		if len(types) == 0 {
			continue
		}
		for i := range 20 {
			q, _ := json.Marshal(request{System: id, Type: types[i%len(types)], Seed: fmt.Sprintf("wasm-%d", i), Root: "../"})
			reqs = append(reqs, q)
		}
	}
	if len(reqs) != 100 {
		t.Fatalf("%d requests, want 100: 20 for each of five systems", len(reqs))
	}
	reqs = append(reqs, []byte(`{"system":"no-such-system","seed":"x"}`))

	cmd := exec.Command(node, "testdata/roll.mjs", wasmExec, wasm)
	cmd.Stdin = bytes.NewReader(append(bytes.Join(reqs, []byte("\n")), '\n'))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node roll.mjs: %v\n%s", err, stderr.String())
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 16<<20)
	n := 0
	var last answer
	for sc.Scan() {
		if n >= len(reqs) {
			t.Fatalf("more answers than requests: %s", sc.Text())
		}
		want, _ := json.Marshal(r.roll(reqs[n]))
		if got := sc.Bytes(); !bytes.Equal(got, want) {
			t.Errorf("request %s: the browser's answer (%d bytes) differs from this machine's (%d bytes)", reqs[n], len(got), len(want))
		}
		last = answer{}
		if err := json.Unmarshal(sc.Bytes(), &last); err != nil {
			t.Fatalf("answer %d: %v", n+1, err)
		}
		n++
	}
	if n != len(reqs) {
		t.Fatalf("%d answers for %d requests\n%s", n, len(reqs), stderr.String())
	}
	if !strings.Contains(last.Error, "no-such-system") || last.HTML != "" {
		t.Errorf("an unknown system: %+v", last)
	}
}
