package main

import (
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/sortie-wargames/sortie/generator"
	"github.com/sortie-wargames/sortie/generator/web"
)

// serveBuilt builds a site (opt) with the engine built for the tests,
// writes it to a folder and serves it on 127.0.0.1 until the test ends:
// the Roll page's address, the folder, and the server, for a test that
// stops it.
func serveBuilt(t *testing.T, opt generator.Options) (string, string, *http.Server) {
	t.Helper()
	wasmExec, wasm := buildWasm(t)
	opt.Roll = &generator.RollEngine{}
	var err error
	if opt.Roll.Wasm, err = os.ReadFile(wasm); err != nil {
		t.Fatal(err)
	}
	if opt.Roll.Loader, err = os.ReadFile(wasmExec); err != nil {
		t.Fatal(err)
	}
	files, _, err := generator.Render(opt)
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	rollPage := false
	for _, f := range files {
		pth := filepath.Join(out, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(pth), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(pth, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
		rollPage = rollPage || f.Path == web.RollPage
	}
	if !rollPage {
		t.Fatal("the build wrote no Roll page")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	fsrv := http.FileServer(http.Dir(out))
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		fsrv.ServeHTTP(w, r)
	})}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String() + "/" + web.RollPage, out, srv
}

// buildCLI builds the sortie command beside this engine, for comparing
// what the page prints with what it prints.
func buildCLI(t *testing.T) string {
	t.Helper()
	cli := filepath.Join(t.TempDir(), "sortie")
	if out, err := exec.Command("go", "build", "-buildvcs=false", "-o", cli, "../sortie").CombinedOutput(); err != nil {
		t.Fatalf("go build sortie: %v\n%s", err, out)
	}
	return cli
}
