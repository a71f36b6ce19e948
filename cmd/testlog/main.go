// Command testlog reads "go test -json" on stdin and prints what "make
// test" shows: each package's result line, the whole output of each test
// that failed, a count of the tests, and one closing line naming the
// checks skipped for a missing tool and how to install it (go test shows
// skips only with -v), after a line for each package that took a second
// or more naming its five slowest tests, so what makes the run long
// stays in sight. It exits 1 when a test or a package failed.
//
//	go test -json ./... | go run ./cmd/testlog -skipped bin/skipped.txt
//
// As go test's -exec program ("go test -json -exec 'bin/testlog -exec'"),
// it runs each test binary and prints its CPU time after it, children
// included; reading the stream, it adds each package's CPU time to its
// line and the sum of them all, the figure to compare between runs on a
// machine whose load changes the clock's.
package main

import (
	"bufio"
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path"
	"slices"
	"strings"
)

// event is one line of go test -json (cmd/test2json).
type event struct {
	Action     string
	Package    string
	ImportPath string // build-output and build-fail
	Test       string
	Output     string
	Elapsed    float64 // seconds, on a test's or a package's last event
}

// tools are the programs and packages tests look for, each with the
// Debian package that has it, as .ci/run installs it, or what else to
// run. A skip message names its tool first: "zbarimg not found: ...".
var tools = map[string]string{
	"pdftotext":           "poppler-utils",
	"pdftoppm":            "poppler-utils",
	"qpdf":                "qpdf",
	"tidy":                "tidy",
	"zbarimg":             "zbar-tools",
	"chromium":            "chromium",
	"node":                "nodejs",
	"java":                "default-jre-headless",
	"qemu-aarch64-static": "qemu-user-static",
	"strace":              "strace",
	"playwright-core":     "npm ci in .ci/axe",
	"axe-core":            "npm ci in .ci/axe",
	"vnu.jar":             "npm ci --ignore-scripts in .ci/vnu",
}

// skip is a test skipped for want of a tool.
type skip struct{ pkg, test, why string }

type log struct {
	out      io.Writer
	buf      map[string][]string // a running test's output, by package and test
	pass     int
	fail     int
	skipped  int
	failed   bool
	forTools []skip
	took     map[string]float64            // a package's time, by package
	cpu      map[string]float64            // a package's CPU time, by package, when run under -exec
	tests    map[string]map[string]float64 // a top-level test's time, by package and test
}

// slowest is how many of a package's tests the timing lines name.
const slowest = 5

// timed notes how long a test or a package took, from its last event.
func (l *log) timed(e event) {
	if l.took == nil {
		l.took, l.tests = map[string]float64{}, map[string]map[string]float64{}
	}
	if e.Test == "" {
		l.took[e.Package] = e.Elapsed
		return
	}
	if strings.Contains(e.Test, "/") {
		return // a subtest: its time is its parent's too
	}
	if l.tests[e.Package] == nil {
		l.tests[e.Package] = map[string]float64{}
	}
	l.tests[e.Package][e.Test] = e.Elapsed
}

// timings is a line for each package that took a second or more, the
// slowest first: its time and its slowest tests'.
func (l *log) timings() []string {
	var pkgs []string
	for p, s := range l.took {
		if s >= 1 && len(l.tests[p]) > 0 {
			pkgs = append(pkgs, p)
		}
	}
	slices.SortFunc(pkgs, func(a, b string) int {
		if c := cmp.Compare(l.took[b], l.took[a]); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	var lines []string
	for _, p := range pkgs {
		names := slices.Collect(maps.Keys(l.tests[p]))
		slices.SortFunc(names, func(a, b string) int {
			if c := cmp.Compare(l.tests[p][b], l.tests[p][a]); c != 0 {
				return c
			}
			return strings.Compare(a, b)
		})
		var parts []string
		for _, n := range names[:min(slowest, len(names))] {
			parts = append(parts, fmt.Sprintf("%s %.1fs", n, l.tests[p][n]))
		}
		cpu := ""
		if s, ok := l.cpu[p]; ok {
			cpu = fmt.Sprintf(" (CPU %.1fs)", s)
		}
		lines = append(lines, fmt.Sprintf("slowest: %s %.1fs%s: %s", p, l.took[p], cpu, strings.Join(parts, ", ")))
	}
	if len(l.cpu) > 0 {
		total := 0.0
		for _, p := range slices.Sorted(maps.Keys(l.cpu)) {
			total += l.cpu[p]
		}
		lines = append(lines, fmt.Sprintf("CPU time of the %d test binaries, with the processes they ran: %.1fs", len(l.cpu), total))
	}
	return lines
}

func key(pkg, test string) string { return pkg + "\x00" + test }

func (l *log) event(e event) {
	k := key(e.Package, e.Test)
	switch e.Action {
	case "build-output":
		fmt.Fprint(l.out, e.Output)
	case "build-fail":
		l.failed = true
	case "output":
		if e.Test == "" {
			if s, ok := cpuLine(e.Output); ok {
				if l.cpu == nil {
					l.cpu = map[string]float64{}
				}
				l.cpu[e.Package] = s
				return
			}
			// The package's own lines: its result, and what it
			// printed outside a test (a panic, a timeout).
			if !strings.HasPrefix(e.Output, "=== ") && e.Output != "PASS\n" && e.Output != "FAIL\n" {
				fmt.Fprint(l.out, e.Output)
			}
			return
		}
		l.buf[k] = append(l.buf[k], e.Output)
	case "pass":
		if e.Test != "" {
			l.pass++
		}
		l.timed(e)
		delete(l.buf, k)
	case "skip":
		if e.Test == "" {
			return
		}
		l.timed(e)
		l.skipped++
		if why := skipReason(l.buf[k]); forTool(why) {
			l.forTools = append(l.forTools, skip{e.Package, e.Test, why})
		}
		delete(l.buf, k)
	case "fail":
		l.failed = true
		l.timed(e)
		if e.Test != "" {
			l.fail++
			fmt.Fprint(l.out, strings.Join(l.buf[k], ""))
			delete(l.buf, k)
			return
		}
		// A package that failed outside a finished test (a panic, a
		// timeout): print what its unfinished tests said.
		var left []string
		for bk := range l.buf {
			if strings.HasPrefix(bk, e.Package+"\x00") {
				left = append(left, bk)
			}
		}
		slices.Sort(left)
		for _, bk := range left {
			fmt.Fprint(l.out, strings.Join(l.buf[bk], ""))
			delete(l.buf, bk)
		}
	}
}

// skipReason is the message a test skipped with: the last line it
// printed before its "--- SKIP" line, as t.Skip prints it
// ("    x_test.go:12: why"), without the file and line.
func skipReason(lines []string) string {
	why := ""
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "=== ") || strings.HasPrefix(t, "--- ") {
			continue
		}
		if file, msg, ok := strings.Cut(t, ": "); ok && strings.Contains(file, ".go:") {
			t = msg
		}
		why = t
	}
	return why
}

// forTool says whether a skip is for a missing tool: the tests say so
// with "not found", "not installed" or SORTIE_REQUIRE_TOOLS, which turns
// such a skip into a failure.
func forTool(why string) bool {
	return strings.Contains(why, "SORTIE_REQUIRE_TOOLS") || strings.Contains(why, "not found") || strings.Contains(why, "not installed")
}

// summary is the closing lines: the count, then the skipped checks for
// missing tools and how to install them.
func (l *log) summary() (count, skipped string) {
	count = fmt.Sprintf("tests: %d passed, %d failed, %d skipped", l.pass, l.fail, l.skipped)
	if len(l.forTools) == 0 {
		return count, "sortie: no check was skipped for a missing tool"
	}
	var names, apt, how []string
	for _, s := range l.forTools {
		names = append(names, s.test)
		first, _, _ := strings.Cut(s.why, " ")
		from, ok := tools[path.Base(first)]
		switch {
		case !ok:
			if !slices.Contains(how, s.why) {
				how = append(how, s.why)
			}
		case strings.HasPrefix(from, "npm "):
			if !slices.Contains(how, from) {
				how = append(how, from)
			}
		case !slices.Contains(apt, from):
			apt = append(apt, from)
		}
	}
	if len(apt) > 0 {
		how = append([]string{"apt-get install " + strings.Join(apt, " ")}, how...)
	}
	return count, fmt.Sprintf("sortie: %d checks skipped for a missing tool (%s): %s; or bash .ci/run, which installs them all",
		len(l.forTools), strings.Join(names, ", "), strings.Join(how, "; "))
}

func main() {
	skippedFile := flag.String("skipped", "", "write the skipped-checks line into this file (for the end of make test) instead of printing it")
	execute := flag.Bool("exec", false, "run the test binary the other arguments name, as go test -exec does, and print its CPU time after it")
	flag.Parse()
	if *execute {
		os.Exit(run(flag.Args(), os.Stdout, os.Stderr))
	}
	l := &log{out: os.Stdout, buf: map[string][]string{}}
	code := l.read(os.Stdin)
	count, skipped := l.summary()
	for _, line := range l.timings() {
		fmt.Println(line)
	}
	fmt.Println(count)
	for _, s := range l.forTools {
		fmt.Printf("skipped: %s %s: %s\n", s.pkg, s.test, s.why)
	}
	if *skippedFile == "" || code != 0 {
		fmt.Println(skipped)
	}
	if *skippedFile != "" {
		if err := os.WriteFile(*skippedFile, []byte(skipped+"\n"), 0o644); err != nil {
			fmt.Fprintf(os.Stderr, "testlog: failed to write %s: %v\n", *skippedFile, err)
			code = 1
		}
	}
	os.Exit(code)
}

// read reads the events and returns the exit code: 1 when anything
// failed or the stream was not go test's.
func (l *log) read(r io.Reader) int {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var e event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil || e.Action == "" {
			// Not an event: go test's own message (a build error
			// printed outside the stream).
			fmt.Fprintln(l.out, sc.Text())
			continue
		}
		if e.Package == "" {
			e.Package = e.ImportPath
		}
		l.event(e)
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintf(os.Stderr, "testlog: failed to read go test's output: %v\n", err)
		return 1
	}
	if l.failed || l.fail > 0 {
		return 1
	}
	return 0
}
