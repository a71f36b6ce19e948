// Command figures counts the cases of the battery (docs/reliability.md,
// "The battery in figures") from the test code, so the figures there can
// be checked: run it from the repository's root with
//
//	go run ./.ci/figures
//
// A table-driven test's count is the number of elements of the literal
// tables its outermost range statements walk (a literal in the range
// clause, or one assigned to the name it ranges over); a fuzz target's
// is its seeds: f.Add calls inside a range over a literal count that
// literal, and each file of its testdata/fuzz corpus counts one. Figures
// known only when the tests run (kills survived, files validated) are
// printed by those tests (go test -v) and are not counted here.
package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// categories names, for each category of the battery, the tests whose
// case tables count, as package folder and function name.
var categories = []struct {
	name  string
	tests []string
}{
	{"bad site files", []string{
		"generator/site TestErrors", "generator/site TestEncounterLimits",
		"generator/site TestNothingSkipped", "generator/site TestMisnamedThings",
		"generator/site TestTextChecks", "generator/site TestPaperCommasOnly", "generator TestBadSites",
	}},
	{"bad rule data", []string{"generator TestRuleDataStrict", "generator TestLoadSystemsErrors"}},
	{"bad flags", []string{"cmd/sortie TestErrors", "cmd/sortie TestBuildCommandErrors"}},
	{"hostile content", []string{"generator/site TestHostileValues", "generator TestHostileContent", "generator TestMarkdownLinks"}},
	{"environments compared", []string{"cmd/sortie TestSameBytesInEveryEnvironment"}},
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "figures:", err)
		os.Exit(1)
	}
}

func run() error {
	for _, c := range categories {
		total := 0
		var parts []string
		for _, spec := range c.tests {
			dir, name, _ := strings.Cut(spec, " ")
			fn, err := findFunc(dir, name)
			if err != nil {
				return err
			}
			n := tableCases(fn)
			total += n
			parts = append(parts, fmt.Sprintf("%s %d", name, n))
		}
		fmt.Printf("%-22s %4d  (%s)\n", c.name, total, strings.Join(parts, ", "))
	}
	return fuzzTargets()
}

// parsed holds the test files of each folder, parsed once.
var parsed = map[string][]*ast.File{}

func testFiles(dir string) ([]*ast.File, error) {
	if fs, ok := parsed[dir]; ok {
		return fs, nil
	}
	names, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	var files []*ast.File
	fset := token.NewFileSet()
	for _, n := range names {
		f, err := parser.ParseFile(fset, n, nil, 0)
		if err != nil {
			return nil, fmt.Errorf("failed to parse %s: %w", n, err)
		}
		files = append(files, f)
	}
	parsed[dir] = files
	return files, nil
}

func findFunc(dir, name string) (*ast.FuncDecl, error) {
	files, err := testFiles(dir)
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Name.Name == name && fn.Recv == nil {
				return fn, nil
			}
		}
	}
	return nil, fmt.Errorf("no func %s in %s", name, dir)
}

// tableCases counts the elements of the literal tables the outermost
// range statements of fn walk; a test with no such table counts 1.
func tableCases(fn *ast.FuncDecl) int {
	lits := map[string]*ast.CompositeLit{}
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		if a, ok := n.(*ast.AssignStmt); ok && len(a.Lhs) == 1 && len(a.Rhs) == 1 {
			if id, ok := a.Lhs[0].(*ast.Ident); ok {
				if cl, ok := a.Rhs[0].(*ast.CompositeLit); ok {
					lits[id.Name] = cl
				}
			}
		}
		return true
	})
	n := 0
	var walk func(ast.Node) bool
	walk = func(node ast.Node) bool {
		r, ok := node.(*ast.RangeStmt)
		if !ok {
			return true
		}
		switch x := r.X.(type) {
		case *ast.CompositeLit:
			n += len(x.Elts)
			return false
		case *ast.Ident:
			if cl := lits[x.Name]; cl != nil {
				n += len(cl.Elts)
				return false
			}
		}
		return true
	}
	ast.Inspect(fn.Body, walk)
	return max(n, 1)
}

// fuzzTargets prints each fuzz target with its seeds.
func fuzzTargets() error {
	var dirs []string
	err := filepath.WalkDir(".", func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".") && p != ".") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, "_test.go") && !slices.Contains(dirs, filepath.Dir(p)) {
			dirs = append(dirs, filepath.Dir(p))
		}
		return nil
	})
	if err != nil {
		return err
	}
	slices.Sort(dirs)
	var lines []string
	for _, dir := range dirs {
		files, err := testFiles(dir)
		if err != nil {
			return err
		}
		for _, f := range files {
			for _, d := range f.Decls {
				fn, ok := d.(*ast.FuncDecl)
				if !ok || !strings.HasPrefix(fn.Name.Name, "Fuzz") || fn.Recv != nil {
					continue
				}
				seeds := 0
				ast.Inspect(fn.Body, func(n ast.Node) bool {
					if r, ok := n.(*ast.RangeStmt); ok {
						if cl, ok := r.X.(*ast.CompositeLit); ok {
							seeds += len(cl.Elts)
							return false
						}
					}
					if c, ok := n.(*ast.CallExpr); ok {
						if s, ok := c.Fun.(*ast.SelectorExpr); ok && s.Sel.Name == "Add" {
							seeds++
						}
					}
					return true
				})
				corpus, _ := filepath.Glob(filepath.Join(dir, "testdata", "fuzz", fn.Name.Name, "*"))
				lines = append(lines, fmt.Sprintf("  %s %s: %d seeds in the code, %d in testdata/fuzz", dir, fn.Name.Name, seeds, len(corpus)))
			}
		}
	}
	fmt.Printf("%-22s %4d\n", "fuzz targets", len(lines))
	for _, l := range lines {
		fmt.Println(l)
	}
	return nil
}
