package generator

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/sortie-wargames/sortie/generator/output"
	"github.com/sortie-wargames/sortie/generator/web"
)

// Reuse keeps the booklets and play sheets one build made for the next
// build of the same site in the same process ("sortie serve" gives the
// same Reuse to each build): a booklet or play sheet whose inputs have
// not changed is taken as it was rather than drawn again. Its inputs are
// the site's files, but for the pages' and layouts' (content/pages/,
// layouts/: only HTML reads them) and the other packs', campaigns' and
// series' own files: an edit to a pack draws that pack's booklets and
// play sheets again, and no other's. Nothing is reused when a file
// changed while the build read the site. The embedded default site (no Source) is never
// reused. A build's bytes are the same with or without a Reuse.
type Reuse struct {
	mu   sync.Mutex
	kept map[[32]byte]reused
	last [2]int // the last build's reused and drawn, for Counts
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

// reuseKeys are what a build's jobs are keyed by: a hash of the files
// every job reads, and of each part's own file.
type reuseKeys struct {
	global [32]byte
	own    map[string][32]byte // by the part's file, relative to the site
}

// siteFiles hashes the site's files but those no booklet reads, by name
// relative to the site; ok is false when the site cannot be read, and
// the build then reuses nothing.
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
		if name != "." && strings.HasPrefix(d.Name(), ".") || name == "public" || name == "layouts" || name == "content/pages" {
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

// inputs are the reuse keys of the files readSite kept: every file but
// the parts' own in one hash, each part's own file on its own.
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
	for _, s := range b.site.Series {
		parts[b.partFile(s.File)] = true
	}
	g := sha256.New()
	// What the build was asked for, beside what the site holds.
	fmt.Fprintf(g, "%q %q %q %v %s %q %q\n", b.papers, b.impose, b.version, b.printing, b.bopt.Created, b.opt.Month, b.opt.Source)
	k.own = map[string][32]byte{}
	for _, name := range slices.Sorted(maps.Keys(b.files)) {
		h := b.files[name]
		if parts[name] {
			k.own[name] = h
			continue
		}
		fmt.Fprintf(g, "%q ", name)
		g.Write(h[:])
	}
	copy(k.global[:], g.Sum(nil))
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
	return &reuser{r: b.opt.Reuse, keys: k, next: map[[32]byte]reused{}}
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
}

// partFile is a part's file relative to the site, for its reuse key.
func (b *builder) partFile(file string) string {
	return path.Clean(strings.TrimPrefix(file, sitePrefix(b.opt.Source)))
}
