package generator

import (
	"strings"
	"testing"
	"time"

	"github.com/sortie-wargames/sortie/engine/systems"
)

// TestFoldedBooklets: impose: saddle in sortie.conf writes a folded
// booklet beside each flat one of a pack and a campaign, linked from
// their pages with how to print it; the Quick Reference Sheets stay
// flat; Options.Impose "none" turns it off and "saddle" on for a site
// without the setting.
func TestFoldedBooklets(t *testing.T) {
	folded := []string{"packs/small/small-a4-folded.pdf", "campaigns/short/short-a4-folded.pdf"}
	const label = "Folded A5 booklet: print on A4, flip on short edge"
	dir := writeSite(t, strings.Replace(minimal, "paper: a4\n", "paper: a4\nimpose: saddle\n", 1))
	files := render(t, Options{Systems: systems.Builtin(), Source: dir, Created: time.Unix(0, 0)})
	for _, f := range folded {
		data, ok := files[f]
		if !ok {
			t.Fatalf("impose: saddle did not write %s", f)
		}
		checkPDF(t, f, data)
		if _, ok := files[strings.Replace(f, "-folded", "", 1)]; !ok {
			t.Errorf("no flat booklet beside %s", f)
		}
	}
	for page, href := range map[string]string{
		"packs/small/index.html":     `/small-a4-folded.pdf">` + label + `</a>`,
		"campaigns/short/index.html": `/short-a4-folded.pdf">` + label + `</a>`,
	} {
		if !strings.Contains(string(files[page]), href) {
			t.Errorf("%s does not link its folded booklet (%s)", page, href)
		}
	}
	for p := range files {
		if strings.HasPrefix(p, "systems/") && strings.HasSuffix(p, "-folded.pdf") {
			t.Errorf("a QRS booklet was folded: %s", p)
		}
	}
	checkPages(t, files)

	off := render(t, Options{Systems: systems.Builtin(), Source: dir, Created: time.Unix(0, 0), Impose: "none"})
	on := render(t, Options{Systems: systems.Builtin(), Source: writeSite(t, minimal), Created: time.Unix(0, 0), Impose: "saddle"})
	for _, f := range folded {
		if _, ok := off[f]; ok {
			t.Errorf("Impose none still wrote %s", f)
		}
		if _, ok := on[f]; !ok {
			t.Errorf("Impose saddle did not write %s", f)
		}
	}
}
