package generator

import (
	"crypto/sha256"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/sortie-wargames/sortie/generator/output"
	"github.com/sortie-wargames/sortie/generator/web"
)

// Reuse keeps what one build made for the next build of the same site
// in the same process, with the same Systems ("sortie serve" gives the
// same Reuse to each build), so that a save draws only what it touched.
// Every pack and campaign is still rolled (under a millisecond for a pack
// of the default site): the pages that list them need it.
//
// A booklet or play sheet whose inputs have not changed is taken as it
// was rather than drawn again. Its inputs are the site's files, but for
// the pages' and layouts' (content/pages/, layouts/: only HTML reads
// them) and the other packs', campaigns' and series' own files: an edit
// to a pack draws that pack's booklets and play sheets again, and no
// other's.
//
// So are the HTML pages of a pack or campaign (its own page and its
// encounters' or entries' pages): their inputs are every file of the
// site but the other packs' and campaigns' own files, the build's
// options, and the little the templates show of the rest of the site
// (web.Renderer.PartInputs: whether it has feeds, whether it has a
// downloads page). They are drawn again at every build when the
// templates may show another part (a site's own layout reading
// .Site.Packs, say). The pages that list every part (home, systems,
// downloads, series, feeds) are always drawn.
//
// Each is kept under a SHA-256 hash of those inputs, so a page or booklet
// whose inputs changed is never found: nothing is kept that a build
// without Reuse would not make byte for byte. Nothing is reused when a
// file changed while the build read the site. The embedded default site
// (no Source) is never reused.
type Reuse struct {
	mu    sync.Mutex
	kept  map[[32]byte]reused
	last  [2]int                     // the last build's reused and drawn, for Counts
	pages map[[32]byte][]output.File // a part's pages, by their key
	// the last build's pages of packs and campaigns: taken from the
	// build before, and drawn; for Pages
	lastPages [2][]string
}

// reused is a job's outcome: its files and, for a folded booklet, its
// link and what it is.
type reused struct {
	files []output.File
	link  web.Link
	info  Folded
}

// Counts says how many booklets and play sheets the last build that
// used r took as they were, and how many it drew.
func (r *Reuse) Counts() (reused, drawn int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.last[0], r.last[1]
}

// Pages says which pages of packs and campaigns the last build that
// used r took as they were, and which it drew, by path, sorted. The
// pages that list every part are drawn at every build and in neither.
func (r *Reuse) Pages() (reused, drawn []string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.lastPages[0]), slices.Clone(r.lastPages[1])
}

// reuseKeys are what a build's jobs are keyed by: a hash of the files
// every job reads, and of each part's own file; and what its parts' pages
// are keyed by: a hash of every file but the packs' and campaigns' own.
type reuseKeys struct {
	global [32]byte
	own    map[string][32]byte // by the part's file, relative to the site
	pages  [32]byte
}

// siteFiles hashes the site's files, by name relative to the site, but
// its output (public/) and its hidden files, which no build reads; ok is
// false when the site cannot be read, and the build then reuses nothing.
func siteFiles(source string) (files map[string][32]byte, ok bool) {
	root, err := openSite(source)
	if err != nil {
		return nil, false
	}
	defer root.Close()
	fsys := root.FS()
	files = map[string][32]byte{}
	err = fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if name != "." && strings.HasPrefix(d.Name(), ".") || name == "public" {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		files[name] = sha256.Sum256(data)
		return nil
	})
	return files, err == nil
}

// readingSite, when the build reuses, hashes the site's files before it
// is read; readSite hashes them again once it is read, and keeps them if
// none changed meanwhile: what was read is then what they hold, and the
// booklets drawn from it can be kept under their hash.
func (b *builder) readingSite() map[string][32]byte {
	if b.opt.Reuse == nil || b.opt.Source == "" {
		return nil
	}
	files, _ := siteFiles(b.opt.Source)
	return files
}

func (b *builder) readSite(before map[string][32]byte) {
	if before == nil {
		return
	}
	after, ok := siteFiles(b.opt.Source)
	if ok && maps.Equal(before, after) {
		b.files = after
	}
}

// htmlOnly reports whether a site's file is read for the HTML pages
// alone, never for a booklet: the site's pages and its layouts.
func htmlOnly(name string) bool {
	return strings.HasPrefix(name, "layouts/") || strings.HasPrefix(name, "content/pages/")
}

// inputs are the reuse keys of the files readSite kept: for the jobs,
// every file but the parts' own and those only HTML reads in one hash,
// each part's own file on its own; for the parts' pages, every file but
// the packs' and campaigns' own in one hash.
func (b *builder) inputs() (k reuseKeys, ok bool) {
	if b.files == nil {
		return k, false
	}
	parts := map[string]bool{}
	for _, p := range b.site.Packs {
		parts[b.partFile(p.File)] = true
	}
	for _, c := range b.site.Campaigns {
		parts[b.partFile(c.File)] = true
	}
	series := map[string]bool{}
	for _, s := range b.site.Series {
		parts[b.partFile(s.File)] = true
		series[b.partFile(s.File)] = true
	}
	g, pg := sha256.New(), sha256.New()
	// What the build was asked for, beside what the site holds.
	asked := fmt.Sprintf("%q %q %q %v %s %q %q %s %v %v %q\n", b.papers, b.impose, b.version, b.printing, b.bopt.Created, b.opt.Month, b.opt.Source,
		b.opt.Today.Format(time.RFC3339Nano), b.opt.Future, b.opt.Drafts, b.opt.BaseURL)
	io.WriteString(g, asked)
	// The pages of a pages-only build link a folded booklet's page, not
	// its files.
	fmt.Fprintf(pg, "%s%v\n", asked, b.opt.PagesOnly)
	// With a Roll page, every page's navigation links it.
	fmt.Fprintf(pg, "roll %v\n", b.opt.Roll != nil)
	k.own = map[string][32]byte{}
	for _, name := range slices.Sorted(maps.Keys(b.files)) {
		h := b.files[name]
		if parts[name] {
			k.own[name] = h
		}
		// A series' file is every page's: the navigation names it.
		if !parts[name] || series[name] {
			fmt.Fprintf(pg, "%q ", name)
			pg.Write(h[:])
		}
		if parts[name] || htmlOnly(name) {
			continue
		}
		fmt.Fprintf(g, "%q ", name)
		g.Write(h[:])
	}
	copy(k.global[:], g.Sum(nil))
	copy(k.pages[:], pg.Sum(nil))
	return k, true
}

// key is a job's key: the files every job reads, the files of its part
// (its pack's or campaign's, or every series'), and its path. ok is
// false when a part's file was not among those hashed: the job is then
// drawn, and not kept.
func (k reuseKeys) key(part []string, j job) (_ [32]byte, ok bool) {
	h := sha256.New()
	h.Write(k.global[:])
	for _, p := range slices.Sorted(slices.Values(part)) {
		own, ok := k.own[p]
		if !ok {
			return [32]byte{}, false
		}
		fmt.Fprintf(h, "%q ", p)
		h.Write(own[:])
	}
	fmt.Fprintf(h, "%q %v %v", j.path, j.sheet != nil, j.fold != nil)
	var out [32]byte
	copy(out[:], h.Sum(nil))
	return out, true
}

// reuser is one build's use of a Reuse: what it takes and what it keeps.
type reuser struct {
	r     *Reuse
	keys  reuseKeys
	mu    sync.Mutex
	next  map[[32]byte]reused
	count [2]int
	// shared is what the parts' pages see of the other parts
	// (web.Renderer.PartInputs); isolated is false when the templates
	// may show them more, and no page is then reused.
	shared   string
	isolated bool
	// nextPages are this build's parts' pages, by key; pages are the
	// paths of those it took and drew.
	nextPages map[[32]byte][]output.File
	pages     [2][]string
}

// newReuser starts a build's use of r, or returns nil when there is none
// or the site cannot be hashed.
func (b *builder) newReuser() *reuser {
	if b.opt.Reuse == nil {
		return nil
	}
	k, ok := b.inputs()
	if !ok {
		return nil
	}
	return &reuser{r: b.opt.Reuse, keys: k, next: map[[32]byte]reused{}, nextPages: map[[32]byte][]output.File{}}
}

// renderer notes what the build's renderer says the parts' pages see of
// the rest of the site; until it is called no page is reused.
func (u *reuser) renderer(r *web.Renderer) {
	if u != nil {
		u.shared, u.isolated = r.PartInputs()
	}
}

// partPages returns the key of the pages of the part whose file is file
// and folder dir, and those pages when the build before drew them from
// the same inputs. ok is false when they cannot be kept: they are then
// drawn, and not kept.
func (u *reuser) partPages(file, dir string) (key [32]byte, kept []output.File, ok bool) {
	if u == nil || !u.isolated {
		return key, nil, false
	}
	own, found := u.keys.own[file]
	if !found {
		return key, nil, false
	}
	h := sha256.New()
	h.Write(u.keys.pages[:])
	fmt.Fprintf(h, "%q %q %q ", u.shared, file, dir)
	h.Write(own[:])
	copy(key[:], h.Sum(nil))
	u.r.mu.Lock()
	kept, found = u.r.pages[key]
	u.r.mu.Unlock()
	if found {
		u.mu.Lock()
		u.nextPages[key] = kept
		for _, f := range kept {
			u.pages[0] = append(u.pages[0], f.Path)
		}
		u.mu.Unlock()
	}
	return key, kept, true
}

// drawn returns what records each page of a part this build draws, kept
// under the part's key when ok; nil when the build has no Reuse.
func (u *reuser) drawn(key [32]byte, ok bool) func(output.File) {
	if u == nil {
		return nil
	}
	return func(f output.File) {
		u.mu.Lock()
		defer u.mu.Unlock()
		u.pages[1] = append(u.pages[1], f.Path)
		if ok {
			u.nextPages[key] = append(u.nextPages[key], f)
		}
	}
}

// job renders j with render, or takes what the last build made of it.
func (u *reuser) job(part []string, j job, render func(job) ([]output.File, error)) ([]output.File, error) {
	if u == nil {
		return render(j)
	}
	key, ok := u.keys.key(part, j)
	if !ok {
		u.mu.Lock()
		u.count[1]++
		u.mu.Unlock()
		return render(j)
	}
	u.r.mu.Lock()
	got, ok := u.r.kept[key]
	u.r.mu.Unlock()
	if ok {
		if j.fold != nil {
			j.fold.link, j.fold.info = got.link, got.info
		}
		u.mu.Lock()
		u.next[key] = got
		u.count[0]++
		u.mu.Unlock()
		return got.files, nil
	}
	files, err := render(j)
	if err != nil {
		return nil, err
	}
	r := reused{files: files}
	if j.fold != nil {
		r.link, r.info = j.fold.link, j.fold.info
	}
	u.mu.Lock()
	u.next[key] = r
	u.count[1]++
	u.mu.Unlock()
	return files, nil
}

// keep makes this build's jobs the ones the next build may take.
func (u *reuser) keep() {
	if u == nil {
		return
	}
	u.r.mu.Lock()
	defer u.r.mu.Unlock()
	u.r.last = u.count
	u.r.kept = u.next
	u.r.pages = u.nextPages
	for i := range u.pages {
		slices.Sort(u.pages[i])
	}
	u.r.lastPages = u.pages
}

// partFile is a part's file relative to the site, for its reuse key.
func (b *builder) partFile(file string) string {
	return path.Clean(strings.TrimPrefix(file, sitePrefix(b.opt.Source)))
}
