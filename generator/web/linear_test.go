package web

import (
	"strings"
	"testing"
	"time"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// TestLinksLinear: reading a page's links (linkGuard: each link's line,
// for messages) costs about four times as much for four times the page
// (under eight times, the midway on a log scale between linear, four, and
// the square, sixteen: on this busy machine the parse alone measured 4.5
// to 6.9 times, its garbage collection charged to the larger page more
// often than to the smaller, and six failed a CI run). Before, each
// link's line was counted from the page's start: 1 MiB of links took
// three times 512 KB's time in a whole build, and the square of the
// page's length here.
func TestLinksLinear(t *testing.T) {
	const linearMost = 8
	if testing.Short() {
		t.Skip("reads pages of up to 1 MiB")
	}
	page := func(size int) []byte {
		line := strings.Repeat("[](#main)", 40) + "\n"
		para := strings.Repeat(line, 8) + "\n"
		return []byte(strings.Repeat(para, size/len(para)))
	}
	read := func(src []byte) func() {
		return func() {
			var links []mdLink
			md := goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough),
				goldmark.WithParserOptions(parser.WithASTTransformers(util.Prioritized(&linkGuard{found: &links, file: "p.md", page: "p.html", first: 5}, 100))))
			md.Parser().Parse(text.NewReader(src))
			if want := len(src) / 9 / 41 * 40; len(links) < want {
				t.Fatalf("%d links read, want %d", len(links), want)
			}
			if last := links[len(links)-1]; last.line < 5+len(src)/400 {
				t.Fatalf("the last link on line %d", last.line)
			}
		}
	}
	small, large := read(page(256<<10)), read(page(1<<20))
	bs, bl := time.Duration(1<<62), time.Duration(1<<62)
	for turn := range 6 {
		for _, c := range []struct {
			f    func()
			best *time.Duration
		}{{small, &bs}, {large, &bl}} {
			n, start := 0, cpuTime()
			for n == 0 || cpuTime()-start < 100*time.Millisecond {
				c.f()
				n++
			}
			*c.best = min(*c.best, (cpuTime()-start)/time.Duration(n))
		}
		if turn >= 1 && float64(bl) <= linearMost*float64(bs) {
			break
		}
	}
	ratio := float64(bl) / float64(bs)
	t.Logf("256 KB %v, 1 MiB %v: %.2f", bs, bl, ratio)
	if ratio > linearMost {
		t.Errorf("four times the links took %.1f times as long: more than linear", ratio)
	}
}
