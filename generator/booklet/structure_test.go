package booklet

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestStructure holds the booklet to the rules of its layers (issue 37,
// "Frames before ink"): only the painting part draws with fpdf (and the
// face, for its fonts); nothing is measured by drawing it on a scratch
// renderer; no function takes a flag that switches it between measuring
// and drawing; no height function stands beside the function that draws
// the same thing. Each list below names what does not meet a rule yet.
// The test fails when anything is added to a list, and when something
// on it is mended and still listed, so that the lists stay exactly what
// is left to do; a change that mends one deletes its line.
func TestStructure(t *testing.T) {
	fset := token.NewFileSet()
	var files []*ast.File
	var names []string
	for _, dir := range []string{".", "face", "flow", "frame", "memo", "plan", "press"} {
		paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range paths {
			if strings.HasSuffix(p, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
			names = append(names, filepath.ToSlash(p))
		}
	}

	// The painting part: pdf.go (the one wrapper of fpdf) and paint.go
	// (frames to pdf); and the face, which parses fonts with fpdf.
	painting := []string{"pdf.go", "face/face.go"}
	var importsFpdf []string
	var got []string
	for i, f := range files {
		for _, im := range f.Imports {
			if p, _ := strconv.Unquote(im.Path.Value); p == "github.com/sortie-wargames/sortie/generator/booklet/fpdf" {
				got = append(got, names[i])
			}
		}
	}
	same(t, "files importing fpdf", got, append(painting, importsFpdf...))

	// Functions that take a flag switching them between measuring and
	// drawing. None is left: a pass lays out on a document it never
	// draws on, and only the pass printed is painted (pages.go,
	// paintPages).
	var flags []string
	got = nil
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			for _, p := range fd.Type.Params.List {
				if id, ok := p.Type.(*ast.Ident); !ok || id.Name != "bool" {
					continue
				}
				for _, n := range p.Names {
					if slices.Contains([]string{"measure", "draw", "dry", "measuring", "measured"}, n.Name) {
						got = append(got, fd.Name.Name+" "+n.Name)
					}
				}
			}
		}
	}
	same(t, "functions taking a measure or draw flag", got, flags)

	// No document is dry: nothing reads whether one is.
	got = nil
	for i, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			if s, ok := n.(*ast.SelectorExpr); ok && s.Sel.Name == "dry" {
				got = append(got, names[i]+": "+fset.Position(s.Pos()).String())
			}
			return true
		})
	}
	same(t, "reading whether a document is dry", got, nil)

	// Functions that build a renderer of their own to measure on it: the
	// documents themselves (render, sheetPDF) build the renderers they
	// print with.
	// None is left: the list is empty, and the documents found building
	// theirs say the search still finds such calls.
	documents := []string{"render", "newPlaySheet", "sheetPDF"}
	var scratch []string
	got = nil
	var docs []string
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			calls := false
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if c, ok := n.(*ast.CallExpr); ok {
					if id, ok := c.Fun.(*ast.Ident); ok && (id.Name == "newRenderer" || id.Name == "newPlaySheet") {
						calls = true
					}
				}
				return true
			})
			switch {
			case calls && slices.Contains(documents, fd.Name.Name):
				docs = append(docs, fd.Name.Name)
			case calls:
				got = append(got, fd.Name.Name)
			}
		}
	}
	same(t, "functions measuring on a renderer of their own", got, scratch)
	if !slices.Contains(docs, "sheetPDF") || !slices.Contains(docs, "render") {
		t.Errorf("documents building their renderers: found %v, want render and sheetPDF among them: the search for renderers built has gone blind", docs)
	}

	// Height functions: a height worked out by a function of its own
	// beside the one that draws the thing, kept in step by care. A
	// frame's height is its own (frame.Frame.H) and needs none; a table,
	// a span or pieces laid out carry theirs (laidTable, laidSpan,
	// laidPieces). None is left.
	var heights []string
	got = nil
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				n := fd.Name.Name
				if strings.HasSuffix(n, "Height") || strings.HasSuffix(n, "Heights") || strings.HasSuffix(n, "H") && n != "H" {
					got = append(got, n)
				}
			}
		}
	}
	same(t, "height functions", got, heights)
}

// TestDrawnDirectly finds the drawing calls made on the fpdf wrapper
// (r.f.CellFormat, Rect, Line, SetXY, the colour setters, ...) outside
// the painting part, pdf.go and paint.go: drawing not laid out as frames
// and painted. Issue 37 began with 257 such calls in 13 files; there are
// none now, and a file that makes one fails here.
func TestDrawnDirectly(t *testing.T) {
	want := map[string]int{}
	drawing := []string{"CellFormat", "Cell", "MultiCell", "Write", "Text", "SetXY", "Rect", "Line", "Polygon",
		"PolygonAt", "Circle", "Ellipse", "Arc", "Curve", "Link", "Image", "ImageOptions", "TransformBegin",
		"TransformEnd", "TransformRotate", "ClipRect", "ClipEnd", "SetDrawColor", "SetFillColor", "SetTextColor",
		"SetLineWidth", "SetDashPattern"}
	paths, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	got := map[string]int{}
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") || p == "pdf.go" || p == "paint.go" {
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			m, ok := c.Fun.(*ast.SelectorExpr)
			if !ok || !slices.Contains(drawing, m.Sel.Name) {
				return true
			}
			if x, ok := m.X.(*ast.SelectorExpr); ok && x.Sel.Name == "f" {
				got[p]++
			}
			return true
		})
	}
	for p, n := range got {
		switch w := want[p]; {
		case n > w:
			t.Errorf("%s draws directly %d times, %d before: lay it out as a frame and paint it (paint.go) instead", p, n, w)
		case n < w:
			t.Errorf("%s draws directly %d times, fewer than the %d listed: set its count in TestDrawnDirectly", p, n, w)
		}
	}
	for p, w := range want {
		if got[p] == 0 && w > 0 {
			t.Errorf("%s no longer draws directly: delete its count from TestDrawnDirectly", p)
		}
	}
}

// same fails unless got and want hold the same names, whatever their
// order, saying which are new and which are mended.
func same(t *testing.T, what string, got, want []string) {
	t.Helper()
	for _, g := range got {
		if !slices.Contains(want, g) {
			t.Errorf("%s: %s is new: lay it out as a frame instead (issue 37)", what, g)
		}
	}
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("%s: %s is gone: delete its line from TestStructure's list", what, w)
		}
	}
}
