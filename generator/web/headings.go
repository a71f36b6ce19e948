package web

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// headingShift is a goldmark transformer that fits a page body's headings
// under the page's own title, its one h1: the body's first heading
// becomes an h2, and each heading after is at most one level below the
// one it follows, keeping the author's order of levels. "# A" then "####
// B" is h2 then h3; "## A", "# B" is h2, h2. A body's headings thus
// go down one level at a time, as screen readers and docs/site.md have
// them, whatever levels the Markdown wrote.
type headingShift struct{}

func (headingShift) Transform(doc *ast.Document, _ text.Reader, _ parser.Context) {
	// open holds the headings the next one may sit under: the level the
	// author wrote and the level it now has.
	type open struct{ wrote, level int }
	var stack []open
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		h, ok := n.(*ast.Heading)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		for len(stack) > 0 && stack[len(stack)-1].wrote >= h.Level {
			stack = stack[:len(stack)-1]
		}
		level := 2
		if len(stack) > 0 {
			level = stack[len(stack)-1].level + 1
		}
		level = min(level, 6)
		stack = append(stack, open{h.Level, level})
		h.Level = level
		return ast.WalkSkipChildren, nil
	})
}
