package generator

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine/doc"
	"github.com/sortie-wargames/sortie/engine/systems"
)

func TestMarkdownBlocks(t *testing.T) {
	src := "Intro with *emphasis*, **strong**, `code` and [a link](https://example.com).\n" +
		"Second line <b>raw</b>.\n\n" +
		"# Part one\n\nFirst para.\n\n- one\n- two\n  - two a\n- three\n\n" +
		"## Detail\n\n> A remark.\n\n" +
		"# Part two\n\n| A | B |\n|---|---|\n| 1 | 2 |\n\n---\n\n<div>dropped</div>\n"
	got := markdownBlocks([]byte(src))
	want := []doc.Block{
		&doc.Para{Text: "Intro with emphasis, strong, code and a link. Second line raw."},
		&doc.Section{Title: "Part one", Blocks: []doc.Block{
			&doc.Para{Text: "First para."},
			&doc.List{Items: []string{"one", "two", "– two a", "three"}},
			&doc.Section{Title: "Detail", Blocks: []doc.Block{&doc.Para{Text: "A remark.", Note: true}}},
		}},
		&doc.Section{Title: "Part two", Blocks: []doc.Block{
			&doc.Table{Head: []string{"A", "B"}, Rows: [][]string{{"1", "2"}}},
		}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("blocks:\n%s\nwant:\n%s", dump(got), dump(want))
	}
	if b := markdownBlocks(nil); len(b) != 0 {
		t.Errorf("empty body gave %d blocks", len(b))
	}
}

func dump(bs []doc.Block) string {
	var b strings.Builder
	m := &mdWriter{w: &b}
	m.blocks(bs, 1)
	return b.String()
}

// TestPackBodyInBooklet: a pack's Markdown body prints in its booklet,
// not only on its page.
func TestPackBodyInBooklet(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil && os.Getenv("SORTIE_REQUIRE_TOOLS") != "1" {
		t.Skip("pdftotext not installed (booklet.TestIntro checks the page text without it)")
	}
	dir := writeSite(t, `
-- sortie.conf --
title: T
paper: a4
-- content/packs/p.md --
---
title: Marsh Nights
system: 2d6-sword-and-sorcery
seed: s
encounters: raid
---
The *river* runs high this spring.

## Before you play

- Read [the table page](https://example.com/x) first.
`)
	files, _, err := Render(Options{Systems: systems.Builtin(), Source: dir})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if f.Path != "packs/p/p-a4.pdf" {
			continue
		}
		pdf := filepath.Join(t.TempDir(), "p.pdf")
		if err := os.WriteFile(pdf, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command("pdftotext", "-layout", pdf, "-").CombinedOutput()
		if err != nil {
			t.Fatalf("pdftotext: %v\n%s", err, out)
		}
		text := strings.Join(strings.Fields(string(out)), " ")
		for _, w := range []string{"About this pack", "The river runs high this spring.", "Before you play", "Read the table page first."} {
			if !strings.Contains(text, w) {
				t.Errorf("the booklet lacks %q", w)
			}
		}
		return
	}
	t.Fatal("no booklet packs/p/p-a4.pdf")
}
