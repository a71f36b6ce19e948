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

	"github.com/sortie-wargames/sortie/generator/growth"
)

// TestLinksLinear: reading a page's links (linkGuard: each link's line,
// for messages) costs about four times as much for four times the page
// (growth.Linear: at most eight times). Before, each link's line was
// counted from the page's start: 1 MiB of links took three times
// 512 KB's time in a whole build, and the square of the page's length
// here.
func TestLinksLinear(t *testing.T) {
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
	growth.Linear(t, read(page(256<<10)), read(page(1<<20)), 5*time.Second)
}
