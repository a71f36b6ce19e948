package booklet_test

import (
	"bytes"
	"github.com/sortie-wargames/sortie/engine/systems"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sortie-wargames/sortie/content"
	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/campaign"
	"github.com/sortie-wargames/sortie/engine/pack"
	"github.com/sortie-wargames/sortie/engine/rules"
	"github.com/sortie-wargames/sortie/engine/swordsorcery"
	"github.com/sortie-wargames/sortie/generator/booklet"
)

// created is the fixed date the test booklets carry.
var created = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)

// The built-in system, loaded once as the generator loads it (its data
// through rules.Load, then its procedures) without importing package
// generator, which imports this one.
var (
	loadOnce sync.Once
	loaded   engine.System
	loadErr  error
)

const systemID = "2d6-sword-and-sorcery"

func sorcery(t testing.TB) engine.System {
	t.Helper()
	loadOnce.Do(func() {
		sub, err := fs.Sub(content.FS, "systems/"+systemID)
		if err != nil {
			loadErr = err
			return
		}
		set, err := rules.Load(sub, "content/systems/"+systemID)
		if err != nil {
			loadErr = err
			return
		}
		loaded, loadErr = swordsorcery.New(set)
	})
	if loadErr != nil {
		t.Fatal(loadErr)
	}
	return loaded
}

// registry holds every built-in system, loaded from the embedded data.
func registry(t testing.TB) *engine.Registry {
	t.Helper()
	reg := engine.NewRegistry()
	for _, b := range systems.Builtin() {
		sys := sorcery(t)
		if b.ID != systemID {
			sub, err := fs.Sub(content.FS, "systems/"+b.ID)
			if err != nil {
				t.Fatal(err)
			}
			set, err := rules.Load(sub, "content/systems/"+b.ID)
			if err != nil {
				t.Fatal(err)
			}
			if sys, err = b.New(set); err != nil {
				t.Fatal(err)
			}
		}
		if err := reg.Add(sys); err != nil {
			t.Fatal(err)
		}
	}
	return reg
}

// packDoc is a pack of several encounters, a Raid with its camp among
// them, with creature contacts so that cards list creatures.
func packDoc(t testing.TB, seed string, opt engine.Options) booklet.Doc {
	t.Helper()
	sys := sorcery(t)
	p, err := pack.Build(sys, seed, []string{"explore", "raid", "defend", "raid", "explore"}, opt)
	if err != nil {
		t.Fatal(err)
	}
	return booklet.Doc{
		Title: "Into the Marshes", Summary: "Five encounters in the marshes – for a band of five ×½ “quoted”.",
		Set: sys.Rules(), Seed: seed, Pack: p,
	}
}

func campaignDoc(t testing.TB, seed string) booklet.Doc {
	t.Helper()
	sys := sorcery(t)
	c, err := campaign.Build(sys, seed, 12, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return booklet.Doc{Title: "Summer of Blades", Summary: "A twelve-encounter campaign.", Set: sys.Rules(), Seed: seed, Campaign: c}
}

func write(t *testing.T, d booklet.Doc, opt booklet.Options) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := booklet.Write(&b, d, opt); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// writeLaid is write, booklet.Pages and booklet.PageTexts from one
// render of d: the PDF, the page each anchor landed on and the text
// drawn on each page.
func writeLaid(t *testing.T, d booklet.Doc, opt booklet.Options) ([]byte, map[string]int, map[int]string) {
	t.Helper()
	pdf, pages, texts, err := booklet.Laid(d, opt)
	if err != nil {
		t.Fatal(err)
	}
	return pdf, pages, texts
}

// shared holds the renders sharedLaid makes, one per document and
// options, each made on first use.
var shared = struct {
	sync.Mutex
	m map[string]*sharedRender
}{m: map[string]*sharedRender{}}

type sharedRender struct {
	once  sync.Once
	pdf   []byte
	pages map[string]int
	texts map[int]string
	err   error
}

// sharedLaid is writeLaid rendered once per test binary for the document
// key names, as packDoc or campaignDoc rolled it and unchanged, and the
// same options: the pack "marsh" and the campaign "summer" at version
// 0.1.0 on each paper are read by TestWrite, TestQPDF, TestCampaignChart,
// TestCampaignLog, TestCardFoot and TestCardTables, which rendered them
// ten times over. Laid's PDF is Write's (TestLaidIsWrite). What it
// returns is shared: no caller may change it.
func sharedLaid(t *testing.T, key string, d booklet.Doc, opt booklet.Options) ([]byte, map[string]int, map[int]string) {
	t.Helper()
	if opt.Faults != nil || opt.Face != nil {
		t.Fatal("sharedLaid: a render with a Faults or Face option is not shared")
	}
	k := strings.Join([]string{key, opt.Paper, opt.Created.String(), opt.Version, strconv.FormatBool(opt.PrintReady), opt.Impose}, "|")
	shared.Lock()
	r := shared.m[k]
	if r == nil {
		r = &sharedRender{}
		shared.m[k] = r
	}
	shared.Unlock()
	r.once.Do(func() { r.pdf, r.pages, r.texts, r.err = booklet.Laid(d, opt) })
	if r.err != nil {
		t.Fatalf("%s: %v", k, r.err)
	}
	return r.pdf, r.pages, r.texts
}

// TestLaidIsWrite: booklet.Laid, which tests use to read a booklet's PDF
// and its anchors from one render, writes the bytes Write writes, flat
// on A4 and print-ready on Letter (its anchors are render's, as Pages'
// are).
func TestLaidIsWrite(t *testing.T) {
	d := packDoc(t, "marsh", engine.Options{})
	for _, opt := range []booklet.Options{
		{Paper: "a4", Created: created, Version: "0.1.0"},
		{Paper: "letter", Created: created, Version: "0.1.0", PrintReady: true},
	} {
		pdf, pages, _ := writeLaid(t, d, opt)
		if !bytes.Equal(pdf, write(t, d, opt)) {
			t.Errorf("%s, print-ready %v: Laid writes other bytes than Write", opt.Paper, opt.PrintReady)
		}
		if pages["entry/1"] == 0 {
			t.Errorf("%s: Laid finds no page for entry 1: %v", opt.Paper, pages)
		}
	}
}

func fold(t *testing.T, d booklet.Doc, opt booklet.Options) *booklet.Folded {
	t.Helper()
	f, err := booklet.Fold(d, opt)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// save writes a PDF to a temporary file, and to $SORTIE_BOOKLET_OUT when
// set, for looking at.
func save(t *testing.T, name string, pdf []byte) string {
	t.Helper()
	if dir := os.Getenv("SORTIE_BOOKLET_OUT"); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), pdf, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// tool returns the path of a command line tool the test needs, skipping
// the test without it unless SORTIE_REQUIRE_TOOLS=1 (as in CI).
func tool(t *testing.T, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("SORTIE_REQUIRE_TOOLS") == "1" {
			t.Fatalf("%s not found and SORTIE_REQUIRE_TOOLS=1: install poppler-utils and qpdf", name)
		}
		t.Skipf("%s not found: install poppler-utils and qpdf to run this test (SORTIE_REQUIRE_TOOLS=1 makes this an error)", name)
	}
	return path
}

// pdftotext extracts the text of pages first to last (0 for all).
func pdftotext(t *testing.T, path string, first, last int) string {
	t.Helper()
	args := []string{"-layout", "-enc", "UTF-8"}
	if first > 0 {
		args = append(args, "-f", strconv.Itoa(first), "-l", strconv.Itoa(last))
	}
	args = append(args, path, "-")
	out, err := exec.Command(tool(t, "pdftotext"), args...).CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext: %v\n%s", err, out)
	}
	return string(out)
}

// squash joins a text's whitespace so that wrapped phrases match.
func squash(s string) string { return strings.Join(strings.Fields(s), " ") }
