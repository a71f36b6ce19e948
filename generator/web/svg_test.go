package web

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/engine/board"
	"github.com/sortie-wargames/sortie/engine/board/boardtest"
	"github.com/sortie-wargames/sortie/engine/board/draw"
)

func TestNum(t *testing.T) {
	for f, want := range map[float64]string{0: "0", 1: "1", 1.5: "1.5", 1.25: "1.25", 1.255: "1.25", -0.001: "0", 12: "12", 0.1 + 0.2: "0.3"} {
		if got := num(f); got != want {
			t.Errorf("num(%v) = %q, want %q", f, got, want)
		}
	}
}

// fmtNum is num as it was written with fmt, before appendNum: the
// reference appendNum must print the same bytes as.
func fmtNum(f float64) string {
	s := fmt.Sprintf("%.2f", draw.Snap(f))
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		s = "0"
	}
	return s
}

// TestAppendNum checks num's integer arithmetic against fmt on lengths
// as boards have them, on every exact half of a hundredth near them
// (where the float's side of the half decides), and on what falls to
// strconv: the far out of range, infinities and NaN.
func TestAppendNum(t *testing.T) {
	check := func(f float64) {
		t.Helper()
		if got, want := num(f), fmtNum(f); got != want {
			t.Fatalf("num(%v) = %q, fmt gives %q", f, got, want)
		}
	}
	for _, f := range []float64{0, math.Copysign(0, -1), 0.005, -0.005, 0.004999, -0.004999, 0.125, 0.375, 1.005, 2.675, 60.975, -60.975,
		1e-7, -1e-7, 999.995, 1e9 + 0.005, 1e12, -1e12, 1e300, -1e300, math.Inf(1), math.Inf(-1), math.NaN(), math.MaxFloat64, math.SmallestNonzeroFloat64} {
		check(f)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		check((rng.Float64() - 0.5) * 2000)
		check(float64(rng.IntN(4000000)-2000000) / 1e4)                         // whole hundredths, halves of them
		check(float64(rng.IntN(400000000)-200000000)/1e6 + 0.005*rng.Float64()) // millionths
		check(float64(rng.IntN(200000)-100000)/100 + 0.005)                     // exact halves as decimals
	}
}

func TestColour(t *testing.T) {
	for _, g := range []float64{draw.None, 0, 0.25, 0.5, 0.62, 0.9, 1, 1.2, -0.5} {
		want := "none"
		if g != draw.None {
			v := int(math.Round(g * 255))
			want = fmt.Sprintf("#%02x%02x%02x", v, v, v)
		}
		if got := colour(g); got != want {
			t.Errorf("colour(%v) = %q, want %q", g, got, want)
		}
	}
}

// save writes a board's SVG and legend into an HTML page in
// $SORTIE_SVG_OUT when it is set, for looking at.
func save(t *testing.T, name string, v mapView) {
	t.Helper()
	dir := os.Getenv("SORTIE_SVG_OUT")
	if dir == "" {
		return
	}
	css, err := os.ReadFile("../../templates/style.css")
	if err != nil {
		t.Fatal(err)
	}
	page := "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>" + string(css) + "</style></head><body><main><figure class=\"board\">" +
		string(v.SVG()) + "<ul class=\"legend\">" + string(v.Legend()) + "</ul></figure></main></body></html>"
	if err := os.WriteFile(filepath.Join(dir, name), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
}

// groups returns the content of every <g class="kind"> group of an SVG,
// joined per class.
func groups(svg string) map[string]string {
	out := map[string]string{}
	for _, m := range regexp.MustCompile(`<g class="([^"]+)">(.*?)</g>`).FindAllStringSubmatch(svg, -1) {
		out[m[1]] += m[2]
	}
	return out
}

// TestFullBoard draws a board with every kind of feature and checks that
// each kind has a pattern of its own, and that the legend lists exactly
// the kinds present.
func TestFullBoard(t *testing.T) {
	m := boardtest.Full()
	v := newMapView(m)
	save(t, "full.html", v)
	svg := string(v.SVG())
	g := groups(svg)
	present := []string{board.Woods, board.Hills, board.Lake, board.Rough, board.Buildings, board.River, board.Road, board.Bridge, board.Ford, board.Wall}
	shape := func(s string) string { // a pattern's elements, without their places
		return regexp.MustCompile(`(points|cx|cy|x|y)="[^"]*"`).ReplaceAllString(s, "")
	}
	seen := map[string]string{}
	for _, k := range present {
		if g[k] == "" {
			t.Errorf("no %s drawn", k)
			continue
		}
		s := shape(g[k])
		for other, o := range seen {
			if o == s {
				t.Errorf("%s and %s are drawn alike", k, other)
			}
		}
		seen[k] = s
	}
	for _, k := range []string{board.Rocks, board.Ruins, board.ZoneBand, board.ZoneEnemy} {
		if g[k] != "" {
			t.Errorf("%s drawn on a board without any", k)
		}
	}
	var got []string
	for _, m := range regexp.MustCompile(`</svg> ([^<]+)</li>`).FindAllStringSubmatch(string(v.Legend()), -1) {
		got = append(got, m[1])
	}
	// The markers as the map labels them, the entry arrows explained.
	want := []string{"PEF markers 1, 2, 3", board.StyleOf(board.EntryArrow).Legend}
	for _, k := range present {
		want = append(want, board.StyleOf(k).Legend)
	}
	want = append(want, "1 square = 6 inches")
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("legend %q\nwant %q", got, want)
	}
	// The legend's marker shows the map's first marker's label.
	if !strings.Contains(string(v.Legend()), `>1</text>`) {
		t.Errorf("the legend's marker does not show the map's 1:\n%s", v.Legend())
	}
	// Section numbers in boxes, drawn after (above) all terrain.
	if n := strings.Count(g["section"], "<text"); n != 9 {
		t.Errorf("%d section numbers, want 9", n)
	}
	last := strings.LastIndex(svg, `<g class="section"><polygon`)
	for _, k := range present {
		if i := strings.LastIndex(svg, `<g class="`+k+`">`); i > last {
			t.Errorf("%s is drawn over the section numbers", k)
		}
	}
	// Labels: "Buildings: 3", "DV 2", the river's width.
	for _, s := range []string{">Buildings: 3<", ">DV 2<", `>River 6"<`, ">Your edge<"} {
		if !strings.Contains(svg, strings.ReplaceAll(s, `"`, "&#34;")) {
			t.Errorf("no %s on the board", s)
		}
	}
	if strings.Contains(svg, "Enemy edge") {
		t.Error("an enemy edge on a board without an enemy zone")
	}
	// A screen reader hears a section's walls once, where they stand,
	// though they are drawn as several runs.
	walls := board.Label(board.Wall) + " in section 9"
	if aria := regexp.MustCompile(`aria-label="([^"]*)"`).FindStringSubmatch(svg); aria == nil || strings.Count(aria[1], walls) != 1 {
		t.Errorf("the board's description names %q other than once: %q", walls, aria)
	}
}

// TestLabelSize checks that no text on a board is under 7 pt against the
// board drawn as wide as the site shows it.
func TestLabelSize(t *testing.T) {
	for _, m := range []board.Map{boardtest.Full(), board.New("B", 12, 12, "in", true, "out")} {
		v := newMapView(m)
		for _, f := range regexp.MustCompile(`font-size="([0-9.]+)"`).FindAllStringSubmatch(string(v.SVG()), -1) {
			var mm float64
			fmt.Sscan(f[1], &mm)
			if pt := mm / (25.4 / 72); pt < 6.99 {
				t.Errorf("%v\" board: text at %.1f pt", m.WidthIn, pt)
			}
		}
	}
}

func TestMapViewTrack(t *testing.T) {
	m := board.New("B", 12, 12, "in", true, "out")
	m.PlaceTrack("1", "2", "3")
	v := newMapView(m)
	save(t, "track.html", v)
	var x, y, w, h float64
	if _, err := fmt.Sscanf(string(v.SVG()), `<svg viewBox="%g %g %g %g"`, &x, &y, &w, &h); err != nil {
		t.Fatal(err)
	}
	// The view box reaches above the track's markers and its label.
	top := 0.0
	for _, c := range regexp.MustCompile(`cy="(-[0-9.]+)" r="([0-9.]+)"`).FindAllStringSubmatch(string(v.SVG()), -1) {
		var cy, r float64
		fmt.Sscan(c[1], &cy)
		fmt.Sscan(c[2], &r)
		top = min(top, cy-r)
	}
	if top == 0 || y > top-4 {
		t.Errorf("view box %v does not hold the track reaching up to %v and its label", y, top)
	}
	if n := strings.Count(string(v.SVG()), `<g class="track">`); n == 0 {
		t.Error("no track drawn")
	}
}
