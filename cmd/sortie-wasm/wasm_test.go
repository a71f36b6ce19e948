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
	"testing"
	"time"
)

// budget is what the Roll page may load, compressed (issue 24).
const budget = 6 << 20

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
	wasmExec := filepath.Join(runtime.GOROOT(), "lib", "wasm", "wasm_exec.js")
	if _, err := os.Stat(wasmExec); err != nil {
		t.Fatalf("Go's wasm_exec.js: %v", err)
	}
	wasm := filepath.Join(t.TempDir(), "sortie.wasm")
	start := time.Now()
	build := exec.Command("go", "build", "-trimpath", "-ldflags=-s", "-o", wasm, ".")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build for js/wasm: %v\n%s", err, out)
	}
	data, err := os.ReadFile(wasm)
	if err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(data)
	zw.Close()
	t.Logf("sortie.wasm: %d bytes, %d gzipped (budget %d), built in %s", len(data), gz.Len(), budget, time.Since(start).Round(time.Second))
	if gz.Len() > budget {
		t.Errorf("sortie.wasm is %d bytes gzipped, over the budget of %d", gz.Len(), budget)
	}

	r, err := newRoller("test")
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
