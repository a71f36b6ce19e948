package generator

import (
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"

	"github.com/sortie-wargames/sortie/engine/doc"
)

// markdownBlocks turns a page's Markdown body into blocks of package doc,
// for the booklets: headings become sections holding what follows them,
// paragraphs paragraphs, lists lists (a nested list's items follow its
// parent's, indented by a dash), block quotes side remarks, code as its
// text, tables tables. Links print as their text and emphasis as plain
// text: a booklet has no links out and one weight of body text. Raw HTML
// is dropped, as on the site.
func markdownBlocks(src []byte) []doc.Block {
	root := goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough)).Parser().Parse(text.NewReader(src))
	type open struct {
		level int
		sec   *doc.Section
	}
	var out []doc.Block
	var stack []open
	add := func(b doc.Block) {
		if len(stack) > 0 {
			s := stack[len(stack)-1].sec
			s.Blocks = append(s.Blocks, b)
			return
		}
		out = append(out, b)
	}
	for n := root.FirstChild(); n != nil; n = n.NextSibling() {
		switch n := n.(type) {
		case *ast.Heading:
			for len(stack) > 0 && stack[len(stack)-1].level >= n.Level {
				stack = stack[:len(stack)-1]
			}
			s := &doc.Section{Title: inline(n, src)}
			add(s)
			stack = append(stack, open{n.Level, s})
		default:
			if b := mdBlock(n, src); b != nil {
				add(b)
			}
		}
	}
	return out
}

// mdBlock turns one block node other than a heading into a block, or nil.
func mdBlock(n ast.Node, src []byte) doc.Block {
	switch n := n.(type) {
	case *ast.Paragraph, *ast.TextBlock:
		if t := inline(n, src); t != "" {
			return &doc.Para{Text: t}
		}
	case *ast.List:
		l := &doc.List{}
		listItems(n, src, "", l)
		if len(l.Items) > 0 {
			return l
		}
	case *ast.Blockquote:
		var parts []string
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			if t := blockText(c, src); t != "" {
				parts = append(parts, t)
			}
		}
		if len(parts) > 0 {
			return &doc.Para{Text: strings.Join(parts, " "), Note: true}
		}
	case *ast.FencedCodeBlock, *ast.CodeBlock:
		if t := strings.TrimRight(string(n.Lines().Value(src)), "\n"); t != "" {
			return &doc.Para{Text: t}
		}
	case *east.Table:
		t := &doc.Table{}
		for r := n.FirstChild(); r != nil; r = r.NextSibling() {
			var cells []string
			for c := r.FirstChild(); c != nil; c = c.NextSibling() {
				cells = append(cells, inline(c, src))
			}
			if _, head := r.(*east.TableHeader); head {
				t.Head = cells
			} else {
				t.Rows = append(t.Rows, cells)
			}
		}
		return t
	}
	return nil // thematic breaks, raw HTML
}

// listItems adds each item of l to out, nested items after their parent.
func listItems(l *ast.List, src []byte, indent string, out *doc.List) {
	for it := l.FirstChild(); it != nil; it = it.NextSibling() {
		var parts []string
		for c := it.FirstChild(); c != nil; c = c.NextSibling() {
			if sub, ok := c.(*ast.List); ok {
				if len(parts) > 0 {
					out.Items = append(out.Items, indent+strings.Join(parts, " "))
					parts = nil
				}
				listItems(sub, src, indent+"– ", out)
				continue
			}
			if t := blockText(c, src); t != "" {
				parts = append(parts, t)
			}
		}
		if len(parts) > 0 {
			out.Items = append(out.Items, indent+strings.Join(parts, " "))
		}
	}
}

// blockText is a block's text on one line.
func blockText(n ast.Node, src []byte) string {
	switch n.(type) {
	case *ast.FencedCodeBlock, *ast.CodeBlock:
		return strings.Join(strings.Fields(string(n.Lines().Value(src))), " ")
	case *ast.HTMLBlock:
		return ""
	}
	if n.Type() == ast.TypeInline || n.Kind() == ast.KindParagraph || n.Kind() == ast.KindTextBlock || n.Kind() == ast.KindHeading {
		return inline(n, src)
	}
	var parts []string
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if t := blockText(c, src); t != "" {
			parts = append(parts, t)
		}
	}
	return strings.Join(parts, " ")
}

// inline is the plain text of n's inline children: links as their text,
// emphasis and code as their text, raw HTML dropped, line breaks as
// spaces.
func inline(n ast.Node, src []byte) string {
	var b strings.Builder
	var walk func(ast.Node)
	walk = func(n ast.Node) {
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			switch c := c.(type) {
			case *ast.Text:
				b.Write(c.Segment.Value(src))
				if c.SoftLineBreak() || c.HardLineBreak() {
					b.WriteByte(' ')
				}
			case *ast.String:
				b.Write(c.Value)
			case *ast.CodeSpan:
				for t := c.FirstChild(); t != nil; t = t.NextSibling() {
					if tx, ok := t.(*ast.Text); ok {
						b.Write(tx.Segment.Value(src))
					}
				}
			case *ast.AutoLink:
				b.Write(c.Label(src))
			case *ast.RawHTML:
			case *ast.Image:
				walk(c) // its alt text
			default:
				walk(c)
			}
		}
	}
	walk(n)
	return strings.Join(strings.Fields(b.String()), " ")
}
