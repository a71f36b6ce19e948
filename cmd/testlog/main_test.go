package main

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

const pkg = "example.org/p"

// stream is a go test -json run: a pass with a log line, a skip for a
// missing tool, a skip for -short, a failing subtest, and a package that
// passed.
var stream = `{"Action":"start","Package":"example.org/p"}
{"Action":"run","Package":"example.org/p","Test":"TestA"}
{"Action":"output","Package":"example.org/p","Test":"TestA","Output":"=== RUN   TestA\n"}
{"Action":"output","Package":"example.org/p","Test":"TestA","Output":"    a_test.go:3: only with -v\n"}
{"Action":"output","Package":"example.org/p","Test":"TestA","Output":"--- PASS: TestA (0.00s)\n"}
{"Action":"pass","Package":"example.org/p","Test":"TestA"}
{"Action":"output","Package":"example.org/p","Test":"TestQR","Output":"=== RUN   TestQR\n"}
{"Action":"output","Package":"example.org/p","Test":"TestQR","Output":"    qr_test.go:56: zbarimg not found: install zbar-tools to run this test (SORTIE_REQUIRE_TOOLS=1 makes this an error)\n"}
{"Action":"output","Package":"example.org/p","Test":"TestQR","Output":"--- SKIP: TestQR (0.41s)\n"}
{"Action":"skip","Package":"example.org/p","Test":"TestQR"}
{"Action":"output","Package":"example.org/p","Test":"TestWeb","Output":"    axe_test.go:40: /usr/bin/chromium not found: apt-get install chromium: the accessibility test needs it (SORTIE_REQUIRE_TOOLS=1 makes this an error)\n"}
{"Action":"skip","Package":"example.org/p","Test":"TestWeb"}
{"Action":"output","Package":"example.org/p","Test":"TestVnu","Output":"    vnu_test.go:60: vnu.jar not installed: run npm ci --ignore-scripts in .ci/vnu\n"}
{"Action":"skip","Package":"example.org/p","Test":"TestVnu"}
{"Action":"output","Package":"example.org/p","Test":"TestSlow","Output":"    slow_test.go:9: builds a site some 60 times\n"}
{"Action":"skip","Package":"example.org/p","Test":"TestSlow"}
{"Action":"output","Package":"example.org/p","Test":"TestB/one","Output":"    b_test.go:7: got 2, want 3\n"}
{"Action":"output","Package":"example.org/p","Test":"TestB/one","Output":"    --- FAIL: TestB/one (0.00s)\n"}
{"Action":"fail","Package":"example.org/p","Test":"TestB/one"}
{"Action":"output","Package":"example.org/p","Test":"TestB","Output":"--- FAIL: TestB (0.00s)\n"}
{"Action":"fail","Package":"example.org/p","Test":"TestB"}
{"Action":"output","Package":"example.org/p","Output":"FAIL\n"}
{"Action":"output","Package":"example.org/p","Output":"FAIL\texample.org/p\t0.01s\n"}
{"Action":"fail","Package":"example.org/p"}
{"Action":"output","Package":"example.org/q","Output":"ok  \texample.org/q\t0.01s\n"}
{"Action":"pass","Package":"example.org/q"}
`

func TestLog(t *testing.T) {
	var out bytes.Buffer
	l := &log{out: &out, buf: map[string][]string{}}
	if code := l.read(strings.NewReader(stream)); code != 1 {
		t.Errorf("exit %d with a failed test: want 1", code)
	}
	want := "    b_test.go:7: got 2, want 3\n    --- FAIL: TestB/one (0.00s)\n--- FAIL: TestB (0.00s)\nFAIL\texample.org/p\t0.01s\nok  \texample.org/q\t0.01s\n"
	if out.String() != want {
		t.Errorf("output:\n%s\nwant only the failure and the package lines:\n%s", out.String(), want)
	}
	count, skipped := l.summary()
	if count != "tests: 1 passed, 2 failed, 4 skipped" {
		t.Errorf("count %q", count)
	}
	if want := "sortie: 3 checks skipped for a missing tool (TestQR, TestWeb, TestVnu): apt-get install zbar-tools chromium; npm ci --ignore-scripts in .ci/vnu; or bash .ci/run, which installs them all"; skipped != want {
		t.Errorf("skipped line:\n%s\nwant\n%s", skipped, want)
	}
}

// TestLogPasses: a run that passed exits 0 and says nothing was skipped
// for a tool; a build failure exits 1 and prints the compiler's message.
func TestLogPasses(t *testing.T) {
	var out bytes.Buffer
	l := &log{out: &out, buf: map[string][]string{}}
	ok := `{"Action":"pass","Package":"example.org/q","Test":"TestA"}
{"Action":"output","Package":"example.org/q","Output":"ok  \texample.org/q\t0.01s\n"}
{"Action":"pass","Package":"example.org/q"}
`
	if code := l.read(strings.NewReader(ok)); code != 0 {
		t.Errorf("exit %d for a passing run", code)
	}
	if _, skipped := l.summary(); skipped != "sortie: no check was skipped for a missing tool" {
		t.Errorf("skipped line %q", skipped)
	}
	out.Reset()
	l = &log{out: &out, buf: map[string][]string{}}
	broken := `{"ImportPath":"example.org/r","Action":"build-output","Output":"r.go:3:1: syntax error\n"}
{"ImportPath":"example.org/r","Action":"build-fail"}
{"Action":"output","Package":"example.org/r","Output":"FAIL\texample.org/r [build failed]\n"}
{"Action":"fail","Package":"example.org/r"}
`
	if code := l.read(strings.NewReader(broken)); code != 1 || !strings.Contains(out.String(), "r.go:3:1: syntax error\n") || !strings.Contains(out.String(), "[build failed]") {
		t.Errorf("a build failure: exit %d, output %q", code, out.String())
	}
}

// TestTimings: a line for each package of a second or more, the slowest
// package first, naming its five slowest top-level tests, slowest first
// (a subtest's time is its parent's; a skipped or failed test counts).
func TestTimings(t *testing.T) {
	var out bytes.Buffer
	l := &log{out: &out, buf: map[string][]string{}}
	timed := `{"Action":"pass","Package":"example.org/fast","Test":"TestA","Elapsed":0.2}
{"Action":"pass","Package":"example.org/fast","Elapsed":0.3}
{"Action":"pass","Package":"example.org/p","Test":"TestA","Elapsed":1.25}
{"Action":"pass","Package":"example.org/p","Test":"TestB/sub","Elapsed":30}
{"Action":"pass","Package":"example.org/p","Test":"TestB","Elapsed":30.5}
{"Action":"skip","Package":"example.org/p","Test":"TestC","Elapsed":0.01}
{"Action":"pass","Package":"example.org/p","Test":"TestD","Elapsed":4}
{"Action":"pass","Package":"example.org/p","Test":"TestE","Elapsed":4}
{"Action":"pass","Package":"example.org/p","Test":"TestF","Elapsed":0.5}
{"Action":"pass","Package":"example.org/p","Elapsed":40.27}
{"Action":"fail","Package":"example.org/q","Test":"TestZ","Elapsed":61}
{"Action":"fail","Package":"example.org/q","Elapsed":61.5}
{"Action":"pass","Package":"example.org/notests","Elapsed":2}
`
	l.read(strings.NewReader(timed))
	want := []string{
		"slowest: example.org/q 61.5s: TestZ 61.0s",
		"slowest: example.org/p 40.3s: TestB 30.5s, TestD 4.0s, TestE 4.0s, TestA 1.2s, TestF 0.5s",
	}
	if got := l.timings(); !slices.Equal(got, want) {
		t.Errorf("timings\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestCPU: the line -exec prints after a test binary is the package's CPU
// time, shown on its timing line and summed over the packages, and not
// printed as the package's output.
func TestCPU(t *testing.T) {
	var out bytes.Buffer
	l := &log{out: &out, buf: map[string][]string{}}
	stream := `{"Action":"pass","Package":"example.org/p","Test":"TestA","Elapsed":1.5}
{"Action":"output","Package":"example.org/p","Output":"PASS\n"}
{"Action":"output","Package":"example.org/p","Output":"testlog: cpu 2.7s\n"}
{"Action":"output","Package":"example.org/p","Output":"ok  \texample.org/p\t1.6s\n"}
{"Action":"pass","Package":"example.org/p","Elapsed":1.6}
{"Action":"output","Package":"example.org/q","Output":"testlog: cpu 0.4s\n"}
{"Action":"pass","Package":"example.org/q","Elapsed":0.2}
`
	if code := l.read(strings.NewReader(stream)); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if strings.Contains(out.String(), "testlog: cpu") || !strings.Contains(out.String(), "ok  \texample.org/p") {
		t.Errorf("printed:\n%s", out.String())
	}
	want := []string{
		"slowest: example.org/p 1.6s (CPU 2.7s): TestA 1.5s",
		"CPU time of the 2 test binaries, with the processes they ran: 3.1s",
	}
	if got := l.timings(); !slices.Equal(got, want) {
		t.Errorf("timings\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestRun: -exec runs the program with its arguments and streams, exits
// with its exit code, and prints its CPU time after its output, counting
// the processes it waited for.
func TestRun(t *testing.T) {
	var out, errs bytes.Buffer
	// The child spends CPU in a grandchild it waits for.
	script := `i=0; while [ $i -lt 50000 ]; do i=$((i+1)); done; echo "$1"; echo oops >&2; exit 3`
	code := run([]string{"/bin/sh", "-c", "/bin/sh -c '" + script + "' sh \"$1\"; exit $?", "sh", "hello"}, &out, &errs)
	if code != 3 {
		t.Errorf("exit %d, want the program's 3", code)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 2 || lines[0] != "hello" {
		t.Fatalf("stdout %q, want the program's line, then the CPU line", out.String())
	}
	s, ok := cpuLine(lines[1] + "\n")
	if !ok || s <= 0 {
		t.Errorf("CPU line %q: %v seconds (ok %v), want some", lines[1], s, ok)
	}
	if errs.String() != "oops\n" {
		t.Errorf("stderr %q", errs.String())
	}
	if code := run([]string{"/nonexistent/pkg.test"}, &out, &errs); code == 0 {
		t.Error("a binary that does not start: exit 0")
	}
}
