package site_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"

	"github.com/sortie-wargames/sortie/generator/growth"
	"github.com/sortie-wargames/sortie/generator/site"
)

// pageWork is what a build spends on one page's body: the site's checks,
// then, if the page passes them, goldmark's parse and render. It returns
// why the page was refused, or "".
func pageWork(t *testing.T, body string) string {
	t.Helper()
	s, err := load(t, map[string]string{"content/pages/p.md": front("title: P") + body})
	if err != nil {
		var se *site.Error
		if !errors.As(err, &se) || se.Line < 4 {
			t.Fatalf("load: %v", err)
		}
		return se.Msg
	}
	var b bytes.Buffer
	md := goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough))
	if err := md.Convert(s.Pages[0].Body, &b); err != nil {
		t.Fatal(err)
	}
	return ""
}

// TestPagesLinear: hostile pages (one line of list markers, quotes and
// markers between them, links that never close; and pages that pass the
// checks at the most nesting they allow) cost about four times as much
// when they are four times as long (growth.Linear: at most eight times,
// a ratio of two measured times, never a clock limit). Before the
// checks, "- " to 128 KB took 34 s and each doubling four times as long.
func TestPagesLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("times pages of up to 256 KB")
	}
	for _, c := range []struct {
		name    string
		unit    string // repeated to the size, then "x"
		refused string // why the checks refuse it, or ""
	}{
		{"list markers", "- ", "nested"},
		{"stars", "* ", "nested"},
		{"numbers", "1. ", "nested"},
		{"quote, list", "> - ", "nested"},
		{"list, quote", "- > ", "nested"},
		{"quote, numbers", "> 1) ", "nested"},
		{"open links", "[a](", "never closes"},
		{"open images", "![a](", "never closes"},
		{"open angle links", "[a](<", "never closes"},
		{"nesting allowed, one line each", "> - > - > - > - > - x\n", ""},
		{"open links, a few a line", "[a]([a]([a]([a]([a](\n", ""},
		{"a long paragraph", "word ", "no blank line"},
		{"code spans", "`a", ""},
		{"brackets", "[", ""},
		{"reference links", "[a][", ""},
		{"emphasis", "*a ", ""},
		{"autolinks", "<a ", ""},
		{"rules", "- - -\n", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			// Paragraphs of 32 KB (half what a page may have with no
			// blank line), as many as make the size.
			para := strings.Repeat(c.unit, (32<<10-3)/len(c.unit)) + "x\n\n"
			page := func(size int) string {
				if c.refused != "" {
					return strings.Repeat(c.unit, size/len(c.unit)) + "x\n"
				}
				return strings.Repeat(para, size/len(para))
			}
			if got := pageWork(t, page(64<<10)); (got == "") != (c.refused == "") || !strings.Contains(got, c.refused) {
				t.Fatalf("refused with %q, want %q", got, c.refused)
			}
			// A refusal costs little, so it is timed on longer pages (the
			// limit is 1 MiB) for its time to stand out of the noise.
			n := 64 << 10
			if c.refused != "" {
				n = 192 << 10
			}
			small, large := page(n), page(4*n)
			growth.Linear(t, func() { pageWork(t, small) }, func() { pageWork(t, large) }, 3*time.Second)
		})
	}
}
