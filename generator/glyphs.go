package generator

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"

	"github.com/sortie-wargames/sortie/generator/booklet/face"
	"github.com/sortie-wargames/sortie/generator/site"
)

// siteFace is the face the site's booklets print their reading text in:
// nil for the built-in one, or the font files sortie.conf names, each
// error at the line naming the file.
func siteFace(s *site.Site) (*face.Face, error) {
	if s.Fonts[0] == nil {
		return nil, nil
	}
	var data [4][]byte
	for i, f := range s.Fonts {
		if f == nil {
			continue
		}
		data[i] = f.Data
		// Each file alone, so that a broken one is named at its line.
		if _, err := face.New(f.Data, nil, nil, nil); err != nil {
			return nil, &site.Error{File: f.File, Line: f.Line, Msg: fmt.Sprintf("%s %q: %v", site.FontKeys[i], f.Path, err)}
		}
	}
	fc, err := face.New(data[0], data[1], data[2], data[3])
	if err != nil {
		f := s.Fonts[0]
		return nil, &site.Error{File: f.File, Line: f.Line, Msg: fmt.Sprintf("font %q: %v", f.Path, err)}
	}
	return fc, nil
}

// checkGlyphs refuses text the site wrote for its booklets in characters
// fc (nil for the built-in face) cannot print: each at its file and line,
// naming the characters, with a hint to end them. What the booklets
// print of a site's own writing is checked: the title, summary, seed and
// Markdown text of each pack and campaign, and the title and seed of each
// monthly series. Pages only on the web are not: a browser finds a font
// for any character.
func checkGlyphs(s *site.Site, fc *face.Face) error {
	var errs []error
	beyond := false // a character no font can print in a booklet
	report := func(file string, line int, what string, lack []rune) {
		if len(lack) == 0 || len(errs) >= maxGlyphErrors {
			return
		}
		var names []string
		for _, r := range lack {
			names = append(names, fmt.Sprintf("%c (U+%04X)", r, r))
			beyond = beyond || r > 0xFFFF
		}
		errs = append(errs, &site.Error{File: file, Line: line, Msg: what + " has characters the booklet fonts lack: " + strings.Join(names, ", ")})
	}
	field := func(p *site.Page, key, value string) {
		lack := fc.Lacks(value)
		if key == "seed" {
			lack = fc.SeedLacks(value)
		}
		report(p.File, p.Fields.Line(key), key, lack)
	}
	page := func(p *site.Page, seed string, body bool) {
		field(p, "title", p.Title)
		field(p, "summary", p.Summary)
		field(p, "seed", seed)
		if body {
			bodyText(p.Body, func(offset int, t []byte) {
				line := p.BodyLine + bytes.Count(p.Body[:offset], []byte("\n"))
				report(p.File, line, "text", fc.Lacks(string(t)))
			})
		}
	}
	for _, pk := range s.Packs {
		page(&pk.Page, pk.Seed, true)
	}
	for _, c := range s.Campaigns {
		page(&c.Page, c.Seed, true)
	}
	for _, sr := range s.Series {
		field(&sr.Page, "title", sr.Title)
		field(&sr.Page, "seed", sr.Seed)
	}
	if len(errs) == 0 {
		return nil
	}
	hint := "hint: name a font that has them in " + site.ConfigFile + ", such as font: fonts/NotoSansJP-Regular.ttf (a TrueType file in the site), or write them another way"
	switch {
	case beyond:
		hint = "hint: the booklets print no character past Unicode's Basic Multilingual Plane (U+FFFF), such as an emoji, in any font: write it another way"
	case s.Fonts[0] != nil:
		hint = fmt.Sprintf("hint: the font %s names (%s) lacks them: name one that has them, or write them another way", site.ConfigFile, s.Fonts[0].Path)
	}
	return errors.Join(append(errs, errors.New(hint))...)
}

// maxGlyphErrors bounds the characters' errors reported at once.
const maxGlyphErrors = 20

// bodyText calls fn with each run of Markdown text a booklet prints of
// src (markdownBlocks), and its offset in src: text, code and the alt
// text of images, not link addresses or raw HTML.
func bodyText(src []byte, fn func(offset int, t []byte)) {
	root := goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough)).Parser().Parse(text.NewReader(src))
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Text:
			fn(n.Segment.Start, n.Segment.Value(src))
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			lines := n.Lines()
			for i := range lines.Len() {
				seg := lines.At(i)
				fn(seg.Start, seg.Value(src))
			}
		case *ast.RawHTML, *ast.HTMLBlock:
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
}
