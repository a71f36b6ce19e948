package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator"
)

// TestEncounterSheet: --sheet writes the encounter's play sheet as the
// Roll page prints it (generator.Rolled.PlaySheet, run in the browser
// by TestRollPageInBrowser), on --paper, dated from SOURCE_DATE_EPOCH;
// --paper alone, or a paper other than a4 or letter, is refused.
func TestEncounterSheet(t *testing.T) {
	dir := t.TempDir()
	h := testHost()
	h.getenv = func(k string) string {
		if k == "SOURCE_DATE_EPOCH" {
			return "1790000000"
		}
		return ""
	}
	file := filepath.Join(dir, "raid.pdf")
	var out, errb bytes.Buffer
	args := []string{"encounter", "--system", "swordplay", "--type", "raid-attack", "--seed", "goblin-hill", "--recruits", "feudal", "--sheet", file, "--paper", "letter"}
	if code := run(args, &out, &errb, h); code != 0 || !strings.HasPrefix(out.String(), "# Swordplay: ") {
		t.Fatalf("exit %d, stdout %.80q, stderr %q", code, out.String(), errb.String())
	}
	got, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	reg, err := generator.LoadSystems("", systems.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	one, err := generator.RollOne(reg, "swordplay", "goblin-hill", "raid-attack", engine.Options{Recruits: "feudal"})
	if err != nil {
		t.Fatal(err)
	}
	want, err := one.PlaySheet("letter", time.Unix(1790000000, 0), generator.Version)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) || !bytes.Contains(got, []byte("/MediaBox [0 0 612.00 792.00]")) {
		t.Errorf("the play sheet (%d bytes) is not the Roll page's for the same choices (%d bytes), on Letter", len(got), len(want))
	}

	for _, bad := range [][]string{
		{"encounter", sys, "--paper", "letter"},
		{"encounter", sys, "--sheet", filepath.Join(dir, "x.pdf"), "--paper", "a5"},
	} {
		_, stderr, code := sortie(t, bad...)
		if code == 0 || !strings.Contains(stderr, "--paper") {
			t.Errorf("%v: exit %d, stderr %q", bad, code, stderr)
		}
	}
}

// TestRollEngine: sortie build takes the Roll page's engine from --wasm,
// or from beside itself, and says in one warning, with a hint, when it
// is not there; --wasm none leaves the page out unsaid; a --wasm file
// that is not WebAssembly, or without wasm_exec.js beside it, is an
// error.
func TestRollEngine(t *testing.T) {
	dir := t.TempDir()
	wasm := filepath.Join(dir, "sortie.wasm")
	os.WriteFile(wasm, []byte("\x00asm\x01\x00\x00\x00"), 0o644)
	os.WriteFile(filepath.Join(dir, "wasm_exec.js"), []byte("// loader"), 0o644)
	if e, warn, err := rollEngine("", filepath.Join(dir, "sortie")); err != nil || warn != "" || e == nil || string(e.Loader) != "// loader" {
		t.Errorf("beside the executable: %v, %q, %v", e, warn, err)
	}
	if e, warn, err := rollEngine("", filepath.Join(t.TempDir(), "sortie")); err != nil || e != nil || !strings.Contains(warn, "no Roll page") {
		t.Errorf("none beside the executable: %v, %q, %v", e, warn, err)
	}
	if e, warn, err := rollEngine(wasmNone, filepath.Join(t.TempDir(), "sortie")); err != nil || e != nil || warn != "" {
		t.Errorf("--wasm none: %v, %q, %v", e, warn, err)
	}
	notWasm := filepath.Join(dir, "not.wasm")
	os.WriteFile(notWasm, []byte("hello"), 0o644)
	alone := filepath.Join(t.TempDir(), "sortie.wasm")
	os.WriteFile(alone, []byte("\x00asm\x01\x00\x00\x00"), 0o644)
	for _, bad := range []string{notWasm, alone, filepath.Join(dir, "missing.wasm")} {
		if _, _, err := rollEngine(bad, ""); err == nil {
			t.Errorf("--wasm %s: no error", bad)
		}
	}

	// The build, with the engine beside it and without.
	out := filepath.Join(t.TempDir(), "public")
	h := testHost()
	h.exe = filepath.Join(dir, "sortie")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"build", "--out", out, "--paper", "none"}, &stdout, &stderr, h); code != 0 || strings.Contains(stdout.String(), "warning") {
		t.Fatalf("exit %d: %s%s", code, stdout.String(), stderr.String())
	}
	if got, err := os.ReadFile(filepath.Join(out, "roll", "sortie.wasm")); err != nil || string(got) != "\x00asm\x01\x00\x00\x00" {
		t.Errorf("roll/sortie.wasm: %q, %v", got, err)
	}
	h.exe = filepath.Join(t.TempDir(), "sortie")
	stdout.Reset()
	if code := run([]string{"build", "--out", out, "--paper", "none"}, &stdout, &stderr, h); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	warn := "sortie: warning: no Roll page: the engine it runs in the browser, sortie.wasm, is not beside " + h.exe + "\nsortie: hint: " + wasmHint + "\n"
	if !strings.Contains(stdout.String(), warn) || strings.Count(stdout.String(), "Roll page") != 1 {
		t.Errorf("stdout %q, want the one warning %q", stdout.String(), warn)
	}
	if _, err := os.Stat(filepath.Join(out, "roll")); err == nil {
		t.Error("the build without the engine wrote roll/")
	}
}
