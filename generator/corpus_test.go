package generator

import (
	"flag"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sortie-wargames/sortie/engine"
	"github.com/sortie-wargames/sortie/engine/systems"
	"github.com/sortie-wargames/sortie/generator/booklet"
)

// corpusCeiling holds the most defects of each kind and class of file
// TestCorpus allows on the corpus.
const corpusCeiling = "corpus.txt"

var corpusDir = flag.String("corpus.site", "", "TestCorpus: write the corpus's site into this directory (new or empty), to build it with sortie build --source")

// corpusMin is how many encounters the corpus holds at least (issue 20:
// "a generated corpus of at least 300 encounters").
const corpusMin = 300

// corpusSystem is one rule system of the corpus and the choices its
// packs take turns through: every encounter type, every list or army
// its side and the enemy may come from, and the Star's Reps and band
// sizes the system lets a pack name (none where it has no Star).
type corpusSystem struct {
	id, short string
	types     []string
	enemies   []string // "" leaves the key out
	recruits  []string
	reps      []int // Star Reps; none where the system has no Star
	grunts    int   // a Star of Rep r leads a band of 1 to r+grunts figures
	campaign  int   // the steps of the system's campaign, 0 for none
}

// corpusSystems are the five built-in systems and what their packs may
// take (sortie encounter's errors list them).
var corpusSystems = []corpusSystem{
	{id: "2d6-sword-and-sorcery", short: "sns", types: []string{"explore", "raid", "defend"},
		enemies: []string{"enemy", "creatures", "dwarves-black-moon", "dwarves-red-sun", "elves-black-moon", "elves-silver", "goblins", "orcs", "wererats", ""},
		reps:    []int{5, 7, 3, 10, 4, 6, 8, 9}, campaign: 3},
	{id: "swordplay", short: "sp", types: []string{"patrol", "raid-attack", "raid-defend"},
		recruits: []string{"feudal", "northmen", "dwarves", "elves", "goblins", "orcs"},
		enemies:  []string{"orcs", "goblins", "feudal", "northmen", "elves", "dwarves", ""},
		reps:     []int{5, 3, 4}, grunts: 1, campaign: 2},
	{id: "chain-reaction-3", short: "cr", types: []string{"patrol"},
		recruits: []string{"military", "police", "insurgents", "gang"},
		enemies:  []string{"insurgents", "gang", "military", "police", ""},
		reps:     []int{5, 3, 6, 4}, grunts: 1},
	{id: "sword-and-spear-fantasy", short: "ssf", types: []string{"battle"},
		recruits: []string{"human-kingdom", "beast-tribe", "dwarf-hold", "elf-host", "orc-horde", "restless-dead", "rolled"},
		enemies:  []string{"rolled", "orc-horde", "human-kingdom", "restless-dead", "elf-host", "dwarf-hold", "beast-tribe", ""}},
	{id: "two-page-skirmish", short: "tps", types: []string{"skirmish"},
		recruits: []string{"musketeers", "highlanders", "militia", "pirates", "zulu-impi", "redcoats", "rolled"},
		enemies:  []string{"rolled", "redcoats", "pirates", "musketeers", "zulu-impi", "militia", "highlanders", ""}},
}

// corpusPackSizes are the encounters of each system's packs: from a
// one-encounter booklet to one folded in several volumes, 60 a system.
var corpusPackSizes = []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 15}

// corpusOnA4 are the places in corpusPackSizes of the packs the first,
// third and fifth systems print on A4 (30 encounters), the others on
// Letter (30); the second and fourth systems the other way round.
var corpusOnA4 = []int{0, 1, 3, 7, 9}

// corpusPrinted are the places in corpusPackSizes of the packs also
// printed print-ready, one on each paper: a print-ready booklet is the
// flat one's layout with a bleed around it and padded to a multiple of
// four pages (booklet.PrintReady), so a few packs of it are enough, and
// the corpus's time goes to the layouts that differ.
var corpusPrinted = []int{7, 8}

// corpusFile is one file of the corpus's content.
type corpusFile struct {
	name, text string
	folder     string // the output folder its pages and booklets go in: "packs/sns-4"
	system     string
	paper      string   // the site it goes in: a4 or letter
	print      bool     // in the site that prints print-ready booklets too
	types      []string // a pack's encounters' types, in order
}

// corpusFiles generates the corpus's content from fixed choices and
// seeds (no clock, no random source). For every system: a pack of each
// size in corpusPackSizes, half on A4 and half on Letter, two of them
// print-ready too (corpusPrinted), its encounter
// types taken in turn so each type comes in every place of a pack, its
// lists, armies, Reps and band sizes taken in turn; a campaign where
// the system has them; a monthly series of two months.
func corpusFiles() []corpusFile {
	var files []corpusFile
	for si, s := range corpusSystems {
		paperOf := func(a4 bool) string {
			if a4 == (si%2 == 0) {
				return "a4"
			}
			return "letter"
		}
		// options returns the keys a pack, campaign or series takes in
		// its i-th place.
		options := func(i int) []string {
			var o []string
			if len(s.recruits) > 0 {
				o = append(o, "recruits: "+s.recruits[i%len(s.recruits)])
			}
			if e := s.enemies[(i+i/len(s.enemies))%len(s.enemies)]; e != "" {
				o = append(o, "enemies: "+e)
			}
			if len(s.reps) > 0 {
				rep := s.reps[i%len(s.reps)]
				o = append(o, fmt.Sprintf("star-rep: %d", rep))
				switch most := rep + s.grunts; i % 3 {
				case 1:
					o = append(o, fmt.Sprintf("band: %d", most))
				case 2:
					o = append(o, "band: 1")
				}
			}
			return o
		}
		front := func(title, seed string, keys ...string) string {
			return "---\n" + strings.Join(append([]string{"title: " + title, "system: " + s.id, "seed: " + seed}, keys...), "\n") + "\n---\n"
		}
		next := 0 // the next type, taken in turn across the packs
		for i, n := range corpusPackSizes {
			types := make([]string, n)
			for k := range types {
				types[k] = s.types[next%len(s.types)]
				next++
			}
			slug := fmt.Sprintf("%s-%d", s.short, i+1)
			files = append(files, corpusFile{name: "content/packs/" + slug + ".md", folder: "packs/" + slug, system: s.id,
				paper: paperOf(slices.Contains(corpusOnA4, i)), print: slices.Contains(corpusPrinted, i), types: types,
				text: front(fmt.Sprintf("Corpus %s %d", s.short, i+1), "corpus-"+slug,
					append([]string{"encounters: [" + strings.Join(types, ", ") + "]"}, options(i)...)...) +
					fmt.Sprintf("Pack %d of the print check's corpus: %d encounters of %s.\n", i+1, n, s.id)})
		}
		if s.campaign > 0 {
			slug := s.short + "-campaign"
			files = append(files, corpusFile{name: "content/campaigns/" + slug + ".md", folder: "campaigns/" + slug, system: s.id,
				paper: paperOf(true),
				text: front("Corpus campaign "+s.short, "corpus-"+slug, append([]string{fmt.Sprintf("steps: %d", s.campaign)}, options(3)...)...) +
					"The print check's campaign for " + s.id + ".\n"})
		}
		slug := s.short + "-monthly"
		files = append(files, corpusFile{name: "content/series/" + slug + ".md", folder: "series/" + slug, system: s.id,
			paper: paperOf(false),
			text: front("Corpus monthly "+s.short, "corpus-"+slug,
				append([]string{"start: 2026-10", "encounters: [" + strings.Join(s.types, ", ") + "]"}, options(5)...)...) +
				"The print check's monthly series for " + s.id + ".\n"})
	}
	return files
}

// corpusHard are parts a build of the corpus has failed on, each built
// on its own (impose none) so that its failure costs only itself: a
// failure counts as one "unbuilt" defect of the class of the file the
// build named, a success is read back like the rest. Each is the
// smallest site that fails as the corpus did, its seed and options the
// corpus's.
var corpusHard = []corpusFile{{
	// Packs cr-10 on Letter (its encounter 4, stream pack/4/patrol): a
	// Police force of a Rep 3 Star, whose re-rolled recruits fill a long
	// paragraph, against a 15-row Insurgent roster: its play sheet's page
	// 1 did not fit even at 7 pt (booklet.ErrSheetFull).
	name: "content/packs/cr-10.md", folder: "packs/cr-10", system: "chain-reaction-3", paper: "letter", types: []string{"patrol", "patrol", "patrol", "patrol"},
	text: "---\ntitle: Corpus cr 10\nsystem: chain-reaction-3\nseed: corpus-cr-10\nencounters: [patrol, patrol, patrol, patrol]\n" +
		"recruits: police\nenemies: insurgents\nstar-rep: 3\n---\nThe corpus's pack cr-10, to encounter 4.\n",
}}

// writeCorpus writes a site of the corpus's files on one paper to dir
// (a new one when empty), with impose (saddle or none) and print-ready
// booklets when print is set.
func writeCorpus(t *testing.T, dir, paper, impose string, print bool, files []corpusFile) string {
	t.Helper()
	if dir == "" {
		dir = t.TempDir()
	}
	write := func(name, text string) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	conf := fmt.Sprintf("title: Corpus\npaper: %s\nimpose: %s\n", paper, impose)
	if print {
		conf += "print: on-demand\n"
	}
	write("sortie.conf", conf)
	write("content/index.md", "---\ntitle: The print check's corpus\n---\nEvery system, every encounter type, every list.\n")
	for _, f := range files {
		write(f.name, f.text)
	}
	return dir
}

// corpusEncounter matches the page of one encounter of the corpus: a
// pack's, a campaign entry's or a month's.
var corpusEncounter = regexp.MustCompile(`^(packs/[^/]+/encounter-[0-9]+|campaigns/[^/]+/entry-[0-9]+|series/[^/]+/[0-9]{4}-[0-9]{2})\.html$`)

// unbuilt is the corpus's kind of defect for a part whose build failed.
const unbuilt = "unbuilt"

// failedFile finds the file a failed build names.
var failedFile = regexp.MustCompile(`failed to write (\S+\.pdf)`)

// TestCorpus is the print check on a generated corpus of 300 encounters
// and more (corpusFiles): every system, every encounter type, the lists,
// armies, Reps and band sizes packs may name, campaigns and monthly
// series, built as the default site is not: on A4 and Letter (half the
// packs each), flat, folded (in volumes, with card sheets), print-ready
// (a few packs) and as play sheets. Every PDF is read back (generator/proof) and every
// layout fault the booklets and play sheets reported (booklet.Fault) is
// counted, with the parts known to fail to build (corpusHard), by kind
// and class of file; the counts may not rise above testdata/corpus.txt,
// a ratchet like TestProof's (-update rewrites it, -proof.list logs every
// defect). -corpus.site DIR writes the sites it builds into DIR.
func TestCorpus(t *testing.T) {
	t.Parallel() // builds a site of its own; see parallel in generator_test.go
	if testing.Short() {
		t.Skip("builds and reads back a corpus of 300 encounters: not in -short")
	}
	needTool(t, "pdftotext")
	files := corpusFiles()
	systemOf := map[string]string{}
	for _, f := range slices.Concat(files, corpusHard) {
		systemOf[f.folder] = f.system
	}
	type site struct {
		name, paper, impose string
		print, hard         bool
		files               []corpusFile
	}
	var sites []site
	for _, paper := range []string{"a4", "letter"} {
		for _, print := range []bool{false, true} {
			var on []corpusFile
			for _, f := range files {
				if f.paper == paper && f.print == print {
					on = append(on, f)
				}
			}
			name := paper
			if print {
				name += "-print"
			}
			sites = append(sites, site{name: name, paper: paper, impose: "saddle", print: print, files: on})
		}
	}
	for _, f := range corpusHard {
		sites = append(sites, site{name: "hard-" + path.Base(f.folder) + "-" + f.paper, paper: f.paper, impose: "none", hard: true, files: []corpusFile{f}})
	}

	byClass, bySystem := newTally(printClass), newTally(func(p string) string {
		f := strings.Split(p, "/")
		if len(f) < 2 {
			return "?"
		}
		return systemOf[f[0]+"/"+f[1]]
	})
	byClass.more, bySystem.more = []string{unbuilt}, []string{unbuilt}
	encounters := map[string]int{} // packs, campaigns (entries), series (months)
	start := time.Now()
	var building, reading time.Duration
	var pdfCount, pageCount, turns int
	for _, s := range sites {
		dir := ""
		if *corpusDir != "" {
			dir = filepath.Join(*corpusDir, s.name)
		}
		src := writeCorpus(t, dir, s.paper, s.impose, s.print, s.files)
		out := filepath.Join(t.TempDir(), "public")
		faults := map[string][]booklet.Fault{} // Progress is called one event at a time
		began := time.Now()
		_, err := Build(Options{Systems: systems.Builtin(), Source: src, Out: out, Month: testMonth, Version: Version + "+0123456789ab",
			Progress: func(e Event) {
				if e.Kind == JobEnd && len(e.Faults) > 0 {
					faults[e.Path] = append(faults[e.Path], e.Faults...)
				}
			}})
		building += time.Since(began)
		if err != nil {
			if !s.hard {
				t.Fatalf("failed to build the corpus on %s: %v", s.paper, err)
			}
			what := s.files[0].folder + "/" + path.Base(s.files[0].folder) + "-" + s.paper + ".pdf"
			if m := failedFile.FindStringSubmatch(err.Error()); m != nil {
				what = m[1]
			}
			byClass.add(printClass(what), unbuilt, fmt.Sprintf("%s %s: %v", unbuilt, what, err))
			bySystem.add(s.files[0].system, unbuilt, err.Error())
			continue
		}
		var pdfs []string
		err = filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel := filepath.ToSlash(p[len(out)+1:])
			switch {
			case path.Ext(rel) == ".pdf" && !strings.HasPrefix(rel, "systems/"): // the QRS are TestProof's
				pdfs = append(pdfs, rel)
			case !s.hard && corpusEncounter.MatchString(rel):
				encounters[strings.SplitN(rel, "/", 2)[0]]++
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		slices.Sort(pdfs)
		began = time.Now()
		if !s.hard {
			turns += checkTurns(t, pdfs, func(p string) string { return filepath.Join(out, filepath.FromSlash(p)) }, apartOf(systemOf))
		}
		for _, r := range readBack(t, out, pdfs) {
			byClass.report(r)
			bySystem.report(r)
			pageCount += r.Pages
		}
		reading += time.Since(began)
		pdfCount += len(pdfs)
		for _, p := range slices.Sorted(maps.Keys(faults)) {
			for _, f := range faults[p] {
				byClass.fault(p, f)
				bySystem.fault(p, f)
			}
		}
	}
	if turns < corpusMin {
		t.Errorf("checked the turns of %d folded entries, fewer than %d", turns, corpusMin)
	}
	n := encounters["packs"] + encounters["campaigns"] + encounters["series"]
	if n < corpusMin {
		t.Errorf("the corpus holds %d encounters, fewer than %d", n, corpusMin)
	}
	t.Logf("the corpus: %d encounters (packs %d, campaign entries %d, months %d) in %d sites; built in %s, read back %d PDFs of %d pages in %s; %s in all",
		n, encounters["packs"], encounters["campaigns"], encounters["series"], len(sites), building.Round(time.Millisecond),
		pdfCount, pageCount, reading.Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
	var ids []string
	for _, s := range corpusSystems {
		ids = append(ids, s.id)
	}
	t.Logf("print check of the corpus, by class of file:\n%s", byClass.table(printClasses))
	t.Logf("print check of the corpus, by system:\n%s", bySystem.table(ids))
	if *proofList {
		byClass.list(t, byClass.kinds())
	}

	// The ratchet, a ceiling for each kind on each class of file.
	var keys []string
	counts := map[string]int{}
	for _, c := range printClasses {
		if c == "qrs" {
			continue
		}
		for _, k := range byClass.kinds() {
			key := classKey(k, c)
			keys = append(keys, key)
			counts[key] = byClass.counts[c][k]
		}
	}
	ratchet(t, corpusCeiling, "# The print check's ceiling on the corpus (TestCorpus): the most defects of\n"+
		"# each kind on each class of file, read back (generator/proof), reported\n"+
		"# at layout time (booklet.Fault) or a build's failure (unbuilt). Written by\n"+
		"# go test ./generator -run TestCorpus -update; lower, never raise.\n",
		keys, counts, func(key string) []string { return byClass.defects[key] })
}

// TestCorpusCovers checks the corpus's choices against the built-in
// systems, without building it: every system that rolls encounters is in
// it, with each of its encounter types, and every source its enemies and
// its side may come from; each type of each system comes on both papers;
// and its packs hold corpusMin encounters or more.
func TestCorpusCovers(t *testing.T) {
	reg, err := LoadSystems("", systems.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	bySystem := map[string]corpusSystem{}
	for _, s := range corpusSystems {
		bySystem[s.id] = s
	}
	for _, id := range reg.IDs() {
		sys, _ := reg.Get(id)
		if _, ok := sys.(engine.Encounterer); !ok {
			continue
		}
		s, ok := bySystem[id]
		if !ok {
			t.Errorf("system %s rolls encounters but is not in the corpus", id)
			continue
		}
		var types []string
		for _, e := range sys.Rules().Encounters {
			types = append(types, e.ID)
		}
		if !slices.Equal(slices.Sorted(slices.Values(types)), slices.Sorted(slices.Values(s.types))) {
			t.Errorf("%s: the corpus rolls types %v, the system has %v", id, s.types, types)
		}
		if src, ok := sys.(engine.EnemySourcer); ok {
			for _, e := range src.EnemySources() {
				if !slices.Contains(s.enemies, e) {
					t.Errorf("%s: the corpus never takes its enemies from %q", id, e)
				}
				if len(s.recruits) > 0 && !slices.Contains(s.recruits, e) && e != "enemy" {
					t.Errorf("%s: the corpus never recruits from %q", id, e)
				}
			}
		}
	}
	n := 0
	seen := map[string]bool{} // system, paper, type
	for _, f := range corpusFiles() {
		n += len(f.types)
		for _, typ := range f.types {
			seen[f.system+" "+f.paper+" "+typ] = true
		}
	}
	if n < corpusMin {
		t.Errorf("the corpus's packs hold %d encounters, fewer than %d", n, corpusMin)
	}
	for _, s := range corpusSystems {
		for _, paper := range []string{"a4", "letter"} {
			for _, typ := range s.types {
				if !seen[s.id+" "+paper+" "+typ] {
					t.Errorf("%s: no %s encounter on %s", s.id, typ, paper)
				}
			}
		}
	}
}
