package skeleton

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"text/template"

	"github.com/sortie-wargames/sortie/generator/site"
)

// kinds holds the commented starter file of each kind "sortie new"
// writes into a site, as Hugo's archetypes do.
//
//go:embed kinds
var kinds embed.FS

// Kinds are the kinds of content "sortie new KIND NAME" writes, each into
// its folder under content/.
var Kinds = []string{"pack", "campaign", "series"}

// folder is where each kind's files go under content/.
var folder = map[string]string{"pack": "packs", "campaign": "campaigns", "series": "series"}

// Folder returns the folder under content/ that holds a kind's files.
func Folder(kind string) string { return folder[kind] }

// ErrExists is why a starter file is refused: the site has that file.
var ErrExists = errors.New("it exists")

// Entry is what a starter file is made from. The caller, which loads the
// rule systems, fills in what the system offers, so the file builds as it
// is written.
type Entry struct {
	Kind       string   // pack, campaign or series
	Name       string   // as typed: a title ("Goblin Hill") or a slug ("goblin-hill")
	System     string   // the rule system's id
	SystemName string   // its name, for the summary
	Types      []string // the system's encounter types, in its order
	Enemies    []string // the ids "enemies:" takes; none when the system takes none
	Recruits   []string // the ids "recruits:" takes
	Month      string   // a series' first month, YYYY-MM
}

// NewEntry returns the commented starter file of e's kind, with its path
// in the site (content/packs/<slug>.md ...).
func NewEntry(e Entry) (File, error) {
	dir, ok := folder[e.Kind]
	if !ok {
		return File{}, fmt.Errorf("unknown kind %q: want %s", e.Kind, strings.Join(Kinds, ", "))
	}
	slug, title, err := names(e.Name)
	if err != nil {
		return File{}, err
	}
	if len(e.Types) == 0 {
		return File{}, fmt.Errorf("system %s has no encounters to roll", e.System)
	}
	text, err := fs.ReadFile(kinds, "kinds/"+e.Kind+".md")
	if err != nil {
		return File{}, fmt.Errorf("failed to read the %s starter: %w", e.Kind, err)
	}
	t, err := template.New(e.Kind).Funcs(template.FuncMap{"join": strings.Join, "wrap": wrap}).Parse(string(text))
	if err != nil {
		return File{}, fmt.Errorf("failed to read the %s starter: %w", e.Kind, err)
	}
	summary := map[string]string{
		"pack":     fmt.Sprintf("%d encounters for %s.", len(e.Types), e.SystemName),
		"campaign": fmt.Sprintf("A campaign for %s, played as a gamebook.", e.SystemName),
		"series":   fmt.Sprintf("A fresh %s encounter every month.", e.SystemName),
	}[e.Kind]
	var b bytes.Buffer
	err = t.Execute(&b, struct {
		Entry
		Title, Summary, Seed, Encounters string
	}{e, yamlText(title), yamlText(summary), slug, strings.Join(e.Types, ", ")})
	if err != nil {
		return File{}, fmt.Errorf("failed to write the %s starter: %w", e.Kind, err)
	}
	return File{Path: path.Join("content", dir, slug+".md"), Data: b.Bytes()}, nil
}

// names returns the slug and the title a name gives: a slug keeps its
// name and is titled word by word ("goblin-hill", "Goblin Hill"); a title
// keeps its words and is slugged ("Goblin Hill!", "goblin-hill"), its
// letters spelled in ASCII ("Ávila's Défense", "avilas-defense"; see
// site.Slug).
func names(name string) (slug, title string, err error) {
	name = strings.TrimSpace(name)
	slug = site.Slug(name)
	if slug == "" {
		return "", "", fmt.Errorf("name %q gives no slug: use letters or digits", name)
	}
	if site.IsDeviceName(slug) {
		return "", "", fmt.Errorf("name %q: %q is a device name on Windows, where the site could not be copied: pick another", name, slug)
	}
	title = name
	if name == slug {
		words := strings.Split(slug, "-")
		for i, w := range words {
			words[i] = strings.ToUpper(w[:1]) + w[1:]
		}
		title = strings.Join(words, " ")
	}
	return slug, title, nil
}

// yamlText writes s as a YAML value that reads back as s: plain where
// YAML reads it so, else double-quoted.
func yamlText(s string) string {
	plain := s != "" && !strings.ContainsAny(s[:1], "!&*?|>'\"%@`#-[]{},:") &&
		!strings.Contains(s, ": ") && !strings.Contains(s, " #") && !strings.HasSuffix(s, ":") &&
		strings.TrimSpace(s) == s
	if plain {
		return s
	}
	return strconv.Quote(s)
}

// wrap lists ids as comment lines of at most 76 characters.
func wrap(ids []string) string {
	var lines []string
	line := "#"
	for i, id := range ids {
		item := " " + id
		if i < len(ids)-1 {
			item += ","
		}
		if len(line)+len(item) > 76 && line != "#" {
			lines = append(lines, line)
			line = "#"
		}
		line += item
	}
	return strings.Join(append(lines, line+"."), "\n")
}

// Add writes one file into the site dir, making its folder if need be; a
// file already there is never written over (ErrExists).
func Add(dir string, f File) error {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return fmt.Errorf("failed to open %s: %w", dir, err)
	}
	defer root.Close()
	err = create(root, dir, f)
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("refusing to write %s: %w", filepath.Join(dir, filepath.FromSlash(f.Path)), ErrExists)
	}
	return err
}
