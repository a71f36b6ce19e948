package web_test

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator"
)

// phoneColumn is how wide a page's column shows a board on a phone
// phoneWidth wide, in CSS pixels: the page less main's padding (1rem
// each side, style.css); a board's svg takes the column's width.
const phoneColumn = phoneWidth - 2*16

// phoneTextPx is the least size a board's text may show at on a phone,
// in CSS pixels.
const phoneTextPx = 12

// TestBoardTextReadsOnPhone reads every board of the default site's
// pages: each text on it shows at phoneTextPx or more on a phone (its
// size against the board's view box, drawn phoneColumn wide), and each
// label has a white box behind it, as the booklets print one, besides the
// halo round its letters.
func TestBoardTextReadsOnPhone(t *testing.T) {
	files, _, err := generator.Render(generator.Options{Month: "2026-11", Systems: systems.Builtin(), PagesOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	boardSVG := regexp.MustCompile(`(?s)<svg viewBox="([-0-9. ]+)" role="img".*?</svg>`)
	text := regexp.MustCompile(`(<rect [^>]*/>)?<text [^>]*font-size="([0-9.]+)"[^>]*>([^<]*)</text>`)
	boards, labels := 0, 0
	report := 20
	for _, f := range files {
		if !strings.HasSuffix(f.Path, ".html") {
			continue
		}
		for _, svg := range boardSVG.FindAllStringSubmatch(string(f.Data), -1) {
			box := strings.Fields(svg[1])
			w, err := strconv.ParseFloat(box[2], 64)
			if len(box) != 4 || err != nil || w <= 0 {
				t.Fatalf("%s: view box %q", f.Path, svg[1])
			}
			boards++
			px := phoneColumn / w // CSS pixels to the mm
			for _, m := range text.FindAllStringSubmatch(svg[0], -1) {
				size, _ := strconv.ParseFloat(m[2], 64)
				if got := size * px; got < phoneTextPx-0.05 && report > 0 {
					report--
					t.Errorf("%s: %q shows at %.1f px on a phone, under %d", f.Path, m[3], got, phoneTextPx)
				}
				if strings.Contains(m[0], `stroke="#fff"`) { // a label, with its halo
					labels++
					if m[1] == "" || !strings.Contains(m[1], `fill="#fff"`) {
						if report > 0 {
							report--
							t.Errorf("%s: label %q has no white box behind it", f.Path, m[3])
						}
					}
				}
			}
		}
	}
	if boards == 0 || labels == 0 {
		t.Fatalf("%d boards, %d labels on the default site's pages", boards, labels)
	}
	t.Logf("%d boards, %d labels", boards, labels)
}
