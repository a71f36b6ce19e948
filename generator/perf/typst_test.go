//go:build linux

package perf_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-fonts/liberation/liberationsansbold"
	"github.com/go-fonts/liberation/liberationsansbolditalic"
	"github.com/go-fonts/liberation/liberationsansitalic"
	"github.com/go-fonts/liberation/liberationsansregular"

	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator"
)

// typstDir is where make bench installs Typst's compiler (npm ci in
// .ci/typst), beside the script that runs it.
const typstDir = "../../.ci/typst"

// typstWarm is how many more times compile.mjs -warm compiles the
// documents in the process that has compiled them once.
const typstWarm = 3

// typst compares Sortie writing the Quick Reference Sheets of every
// built-in system on A4 with Typst typesetting the same tables (typstQRS)
// two columns to an A4 page, in pages per CPU-second. Sortie is the
// sortie binary building a site with no packs, whose only booklets are
// those sheets, as (b) measures it; Typst is its compiler as a Node
// native module (.ci/typst/compile.mjs), one process compiling every
// system's document. Both count the CPU time of the whole process, its
// start-up included (wait4); Typst's warm figure is the median of later
// compiles in one process, its memoized results evicted before each.
func typst(t *testing.T, rep *reporter, bin string) {
	rep.printf("\n(h) PDF: every built-in system's Quick Reference Sheets on A4, Sortie against Typst typesetting the same tables two columns to a page\n")
	node, err := exec.LookPath("node")
	_, perr := os.Stat(filepath.Join(typstDir, "node_modules/@myriaddreamin/typst-ts-node-compiler/package.json"))
	if err != nil || perr != nil {
		rep.printf("    skipped: needs node and @myriaddreamin/typst-ts-node-compiler (npm ci in .ci/typst)\n")
		return
	}
	script, err := filepath.Abs(filepath.Join(typstDir, "compile.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	rep.printf("    typst: %s\n", firstLine(output(t, node, script, "-version")))

	dir := t.TempDir()
	src := filepath.Join(dir, "site")
	sortiePacks(t, src, 0, 1, "a4", nil) // no packs: the systems' sheets are the only booklets
	out := filepath.Join(dir, "out")
	build := func() sample {
		return measure(t, dir, bin, "build", "--source", src, "--out", out, "-q", "--wasm", "none")
	}
	build()
	booklets := count(t, out, ".pdf")
	pages := pdfPages(t, booklets)

	files, fonts, tables := writeTypstQRS(t, dir)
	printed := filepath.Join(dir, "typst")
	compile := func(extra ...string) (sample, typstResult) {
		args := append([]string{script}, extra...)
		args = append(args, "-fonts", fonts, printed)
		cmd := exec.Command(node, append(args, files...)...)
		cmd.Dir = dir
		var stdout, stderr strings.Builder
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		start := time.Now()
		err := cmd.Run()
		wall := time.Since(start)
		if err != nil {
			t.Fatalf("node compile.mjs: %v\n%s", err, stderr.String())
		}
		var r typstResult
		if err := json.Unmarshal([]byte(stdout.String()), &r); err != nil {
			t.Fatalf("compile.mjs: %v: %s", err, stdout.String())
		}
		return sample{wall: wall, cpu: cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()}, r
	}
	var ss, ts []sample
	var first, warm []time.Duration
	for range *runs {
		ss = append(ss, build())
		os.RemoveAll(printed)
		s, r := compile()
		ts = append(ts, s)
		first = append(first, msDuration(r.CPUMs))
		_, r = compile("-warm", strconv.Itoa(typstWarm))
		warm = append(warm, msDuration(r.WarmCPUMs))
	}
	typstPDFs := count(t, printed, ".pdf")
	tpages := pdfPages(t, typstPDFs)
	s, c := median(ss), median(ts)
	slices.Sort(first)
	slices.Sort(warm)
	f, w := first[len(first)/2], warm[len(warm)/2]
	rate := func(pages int, d time.Duration) float64 { return float64(pages) / d.Seconds() }
	rep.printf("    the same content: %d tables of %d systems (their titles, how to read them, notes, modifiers, rows, odds, footnotes, decisions and pages in the book)\n", tables, len(files))
	rep.printf("    Sortie: %d pages in %d files (sortie build of a site with no packs: every system's QRS on A4, and the site's HTML), %.2f CPU-s with start-up: %.0f pages per CPU-second\n",
		pages, len(booklets), s.cpu.Seconds(), rate(pages, s.cpu))
	rep.printf("    Typst: %d pages in %d files, %.2f CPU-s with start-up (%.2f of them the first compile of every file), %.2f warm: %.0f pages per CPU-second (%.0f warm)\n",
		tpages, len(typstPDFs), c.cpu.Seconds(), f.Seconds(), w.Seconds(), rate(tpages, c.cpu), rate(tpages, w))
	rep.printf("    Sortie/Typst, pages per CPU-second: %.1fx (%.1fx against warm Typst; target: at least 10x); the same tables in %.2f of Typst's CPU (medians of %d alternating runs; warm: the median of %d later compiles in one process, its memoized results evicted)\n",
		rate(pages, s.cpu)/rate(tpages, c.cpu), rate(pages, s.cpu)/rate(tpages, w), s.cpu.Seconds()/c.cpu.Seconds(), *runs, typstWarm)
}

// writeTypstQRS writes every built-in system's Quick Reference Sheets as
// Typst documents into dir/typ (typstQRS), and Liberation Sans into
// dir/fonts, and returns the documents, the fonts' folder and how many
// tables the documents hold.
func writeTypstQRS(t testing.TB, dir string) (files []string, fonts string, tables int) {
	t.Helper()
	reg, err := generator.LoadSystems("", systems.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	docs := filepath.Join(dir, "typ")
	fonts = filepath.Join(dir, "fonts")
	for _, d := range []string{docs, fonts} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// Typst sets the tables in Sortie's typeface, Liberation Sans, from
	// the same files Sortie embeds.
	for name, ttf := range map[string][]byte{
		"LiberationSans-Regular.ttf": liberationsansregular.TTF, "LiberationSans-Bold.ttf": liberationsansbold.TTF,
		"LiberationSans-Italic.ttf": liberationsansitalic.TTF, "LiberationSans-BoldItalic.ttf": liberationsansbolditalic.TTF,
	} {
		if err := os.WriteFile(filepath.Join(fonts, name), ttf, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, id := range reg.IDs() {
		sys, _ := reg.Get(id)
		set := sys.Rules()
		tables += len(set.System.QRS)
		f := filepath.Join(docs, id+"-qrs-a4.typ")
		if err := os.WriteFile(f, []byte(typstQRS(set)), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	return files, fonts, tables
}

// typstResult is what compile.mjs prints.
type typstResult struct {
	Pages     int     `json:"pages"`
	CPUMs     float64 `json:"cpuMs"`
	Ms        float64 `json:"ms"`
	WarmCPUMs float64 `json:"warmCpuMs"`
	WarmMs    float64 `json:"warmMs"`
}

func msDuration(ms float64) time.Duration { return time.Duration(ms * float64(time.Millisecond)) }

// typstQRS writes the Quick Reference Sheets of a rule system as a Typst
// document: what Sortie's sheets print of each table (doc.RuleTable, as
// sortie tables prints it too), in the system's order, under its group
// headings, two columns to an A4 page, in Liberation Sans (Sortie's
// typeface) at Sortie's sizes. Every text is a Typst string, so no
// character of the data is read as markup.
func typstQRS(set *rules.Set) string {
	var b strings.Builder
	sys := set.System
	q := typstString
	b.WriteString("// The Quick Reference Sheets of " + sys.Name + ", written by Sortie's make bench (generator/perf/typst_test.go).\n")
	fmt.Fprintf(&b, "#set document(title: %s)\n", q("Quick Reference Sheets: "+sys.Name))
	fmt.Fprintf(&b, `#set page(paper: "a4", columns: 2, margin: (x: 15mm, top: 20mm, bottom: 18mm),
  header: context if counter(page).get().first() > 1 { text(8pt, %s) },
  footer: text(8pt, %s + h(1fr) + "Page " + context counter(page).display()))
`, q(sys.Name+" · Quick Reference Sheets"), q(sys.Name+" · Sortie"))
	b.WriteString(`#set columns(gutter: 8mm)
#set text(font: "Liberation Sans", size: 9.5pt)
#set par(spacing: 0.6em)
#set table(inset: (x: 3pt, y: 2.5pt), stroke: 0.4pt + luma(60%))
#show heading.where(level: 1): set text(12pt)
#show heading.where(level: 2): it => block(width: 100%, fill: luma(15%), inset: (x: 4pt, y: 4pt), above: 1.4em, below: 0.5em, sticky: true, text(fill: white, 10.5pt, it.body))
#let corner(c) = box(fill: white, inset: (x: 3pt), outset: (y: 2pt), text(fill: black, c)) + h(6pt)
#let small(s) = text(7.5pt, s)
`)
	fmt.Fprintf(&b, "#place(top, scope: \"parent\", float: true, block(below: 6mm, text(26pt, weight: \"bold\", %s) + v(4mm) + text(11pt, %s) + v(1mm) + small(%s)))\n\n",
		q("Quick Reference Sheets"), q("For "+sys.Book+" ("+sys.Publisher+"). You need the rulebook to play."),
		q("Every table is printed from the same data Sortie rolls on."))
	group := ""
	for _, t := range set.QRSTables() {
		tb := doc.RuleTable(t)
		if len(t.Groups) > 0 {
			if label := sys.GroupTitle(t.Groups[0]); label != group && !strings.EqualFold(label, t.Title) {
				fmt.Fprintf(&b, "#heading(level: 1, %s)\n\n", q(label))
				group = label
			}
		}
		title := q(tb.Title)
		if tb.Corner != "" {
			title = "corner(" + q(tb.Corner) + ") + " + title
		}
		fmt.Fprintf(&b, "#heading(level: 2, %s)\n", title)
		if len(tb.HowToRead) > 0 {
			fmt.Fprintf(&b, "#emph(strong(%s))\n\n", q(strings.Join(tb.HowToRead, " ")))
		}
		for _, n := range tb.Notes {
			fmt.Fprintf(&b, "#%s\n\n", q(n))
		}
		for _, m := range tb.Modifiers {
			b.WriteString("#table(columns: (1fr, auto), table.header(")
			b.WriteString("strong(" + q(m.Head[0]) + "), strong(" + q(m.Head[1]) + "))")
			for _, r := range m.Rows {
				b.WriteString(", " + q(r[0]) + ", " + q(r[1]))
			}
			b.WriteString(")\n\n")
		}
		if len(tb.Rows) > 0 {
			n := len(tb.Rows[0])
			cols := make([]string, n)
			for i := range cols {
				cols[i] = "auto"
				if slices.Contains(tb.Wide, i) {
					cols[i] = "1fr"
				}
			}
			fmt.Fprintf(&b, "#table(columns: (%s,)", strings.Join(cols, ", "))
			if len(tb.Head) > 0 {
				b.WriteString(", table.header(")
				for i, h := range tb.Head {
					if i > 0 {
						b.WriteString(", ")
					}
					b.WriteString("strong(" + q(h) + ")")
				}
				b.WriteString(")")
			}
			for _, r := range tb.Rows {
				for i, c := range r {
					if i == 0 {
						b.WriteString(", strong(" + q(c) + ")")
					} else {
						b.WriteString(", " + q(c))
					}
				}
			}
			b.WriteString(")\n\n")
		}
		for _, f := range tb.Footnotes {
			fmt.Fprintf(&b, "#small(%s)\n\n", q(f))
		}
		for _, d := range tb.Decisions {
			fmt.Fprintf(&b, "#small(emph(%s))\n\n", q("Sortie's decision: "+d))
		}
		if o := tb.Odds; o != nil {
			fmt.Fprintf(&b, "#small(emph(%s))\n", q(o.Caption))
			fmt.Fprintf(&b, "#text(7pt, table(columns: %d, inset: 2pt, table.header(strong(%s)", len(o.Head)+1, q(o.Corner))
			for _, h := range o.Head {
				b.WriteString(", strong(" + q(h) + ")")
			}
			b.WriteString(")")
			for _, r := range o.Rows {
				b.WriteString(", strong(" + q(r.Label) + ")")
				for _, c := range r.Cells {
					b.WriteString(", " + q(c.Text()))
				}
			}
			b.WriteString("))\n\n")
		}
		if tb.Source != "" {
			fmt.Fprintf(&b, "#small(%s)\n\n", q("Book: "+tb.Source))
		}
	}
	return b.String()
}

// typstString returns s as a Typst string literal: a backslash and a
// double quote escaped, a line break as a space (a cell holds one
// paragraph), every other character as itself.
func typstString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '\\', '"':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '\n', '\r':
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// TestTypstQRS checks the Typst documents (h) compiles without Typst:
// every system's document names each of its QRS tables, its strings are
// closed on their line and its brackets balance outside them, so what
// Typst would read as markup or code is only what typstQRS wrote. make
// bench compiles them (a Typst error fails it, with Typst's diagnostics).
func TestTypstQRS(t *testing.T) {
	if got, want := typstString("a \"b\" \\ #[c]\nd"), `"a \"b\" \\ #[c] d"`; got != want {
		t.Errorf("typstString: got %s, want %s", got, want)
	}
	reg, err := generator.LoadSystems("", systems.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range reg.IDs() {
		sys, _ := reg.Get(id)
		set := sys.Rules()
		src := typstQRS(set)
		if !strings.Contains(src, `#set page(paper: "a4", columns: 2`) {
			t.Errorf("%s: no two-column A4 page", id)
		}
		for _, tb := range set.QRSTables() {
			if !strings.Contains(src, typstString(tb.Title)) {
				t.Errorf("%s: table %s (%q) missing", id, tb.ID, tb.Title)
			}
		}
		var stack []rune
		for n, line := range strings.Split(src, "\n") {
			if strings.HasPrefix(line, "//") {
				continue
			}
			in, esc := false, false
			for _, r := range line {
				switch {
				case esc:
					esc = false
				case in && r == '\\':
					esc = true
				case r == '"':
					in = !in
				case in:
				case r == '(' || r == '[' || r == '{':
					stack = append(stack, r)
				case r == ')' || r == ']' || r == '}':
					open := map[rune]rune{')': '(', ']': '[', '}': '{'}[r]
					if len(stack) == 0 || stack[len(stack)-1] != open {
						t.Fatalf("%s: line %d: %q closes what it did not open: %s", id, n+1, r, line)
					}
					stack = stack[:len(stack)-1]
				}
			}
			if in {
				t.Fatalf("%s: line %d leaves a string open: %s", id, n+1, line)
			}
		}
		if len(stack) > 0 {
			t.Errorf("%s: %q left open at the end", id, string(stack))
		}
	}
}
