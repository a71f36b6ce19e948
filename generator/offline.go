package generator

import (
	"crypto/sha256"
	"sync"

	"github.com/sortie-wargames/sortie/generator/output"
	"github.com/sortie-wargames/sortie/generator/pwa"
	"github.com/sortie-wargames/sortie/generator/site"
)

// The site as an app (package pwa): when the site has it on (sortie.conf
// offline:, on by default) and the build does not leave it out
// (Options.NoOffline), every page links the web app manifest and
// registers the service worker, and the build writes them. The worker
// names every file the build writes with a hash of its bytes, so it is
// written last, once every other file is made.

// offline reports whether the build makes the site an app.
func (b *builder) offline() bool { return b.site.Offline && !b.opt.NoOffline }

// fileSums records the SHA-256 of every file a build hands on, for the
// worker. Files come from several workers at once.
type fileSums struct {
	mu    sync.Mutex
	files []pwa.Entry
}

// wrap returns emit, recording each file's sum first.
func (s *fileSums) wrap(emit func(output.File) error) func(output.File) error {
	return func(f output.File) error {
		e := pwa.Entry{Path: f.Path, Sum: sha256.Sum256(f.Data), Size: len(f.Data)}
		s.mu.Lock()
		s.files = append(s.files, e)
		s.mu.Unlock()
		return emit(f)
	}
}

// appFiles are the app's files that need nothing of the rest of the
// build: the manifest, the script pages load and the icons, in the
// colours of the site's style sheet (its layouts/style.css, else
// Sortie's).
func appFiles(s *site.Site, css []byte) ([]output.File, error) {
	fs, err := pwa.Files(pwa.App{Title: s.Title, Tagline: s.Tagline, Colors: pwa.ColorsOf(css)})
	if err != nil {
		return nil, err
	}
	out := make([]output.File, len(fs))
	for i, f := range fs {
		out[i] = output.File{Path: f.Path, Data: f.Data}
	}
	return out, nil
}

// worker writes the service worker over every file handed on so far.
func (s *fileSums) worker() (output.File, pwa.Kept, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f, k, err := pwa.WorkerFile(s.files)
	return output.File{Path: f.Path, Data: f.Data}, k, err
}
