package main

import (
	"bytes"
	"context"
	"errors"
	"net"
	"strconv"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/generator/output"
	"github.com/sortie-wargames/sortie/generator/serve"
)

// TestServePortTaken holds a port, as a running Hugo holds 1313, and
// serves on it: left to its default, the preview says the port is in use
// and serves on the next free one; asked for that port by --port, it
// refuses and names the free port to pass instead.
func TestServePortTaken(t *testing.T) {
	held, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	port := held.Addr().(*net.TCPAddr).Port
	opt := serve.Options{Build: func() ([]output.File, error) { return nil, nil }}

	var said bytes.Buffer
	srv, err := listenFree(opt, port, true, &said)
	if err != nil {
		t.Fatalf("default port taken: %v", err)
	}
	stopped, stop := context.WithCancel(context.Background())
	stop()
	defer srv.Run(stopped) // serves nothing: closes the port it took
	if srv.URL() == "http://127.0.0.1:"+strconv.Itoa(port)+"/" {
		t.Fatalf("served on the taken port %d", port)
	}
	if !strings.Contains(said.String(), "port "+strconv.Itoa(port)+" is in use") || !strings.Contains(said.String(), "serving on ") {
		t.Errorf("moving off a taken port says %q; want the port in use and the one taken instead", said.String())
	}

	said.Reset()
	_, err = listenFree(opt, port, false, &said)
	var h *hintError
	if !errors.As(err, &h) {
		t.Fatalf("--port %d taken: err %v, want an error with a hint", port, err)
	}
	if !strings.Contains(err.Error(), "port "+strconv.Itoa(port)+" is in use") || !strings.Contains(h.hint, "sortie serve --port ") {
		t.Errorf("--port %d taken: %q, hint %q; want the port in use and a free one to pass", port, err, h.hint)
	}
	if said.Len() != 0 {
		t.Errorf("a port asked for by name moved: %q", said.String())
	}
}
