package site

import (
	"io/fs"
	"maps"
	"path"
	"strings"
	"testing"

	"github.com/sortie-wargames/sortie/content"
)

// flatFields is the flat "key: value" reader Sortie used before YAML
// front matter, kept here to show that every file written for it reads
// the same now.
func flatFields(lines []string) map[string]string {
	out := map[string]string{}
	for _, raw := range lines {
		line := strings.TrimSpace(raw)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, value, _ := strings.Cut(line, ":")
		value = strings.TrimSpace(value)
		if len(value) >= 2 && (value[0] == '"' && value[len(value)-1] == '"' || value[0] == '\'' && value[len(value)-1] == '\'') {
			value = value[1 : len(value)-1]
		}
		out[strings.TrimSpace(key)] = value
	}
	return out
}

func yamlFields(t *testing.T, file string, lines []string) map[string]string {
	t.Helper()
	f, err := parseFields(file, lines, 1, allKeys)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if len(f.Warnings) > 0 {
		t.Errorf("%s: warnings %q", file, f.Warnings)
	}
	out := map[string]string{}
	for k, v := range f.values {
		out[k] = v.value
	}
	return out
}

var allKeys = append(append(append([]string{}, configKeys...), packKeys...), "steps", "start")

// TestFlatFilesReadAsBefore: every config and front matter of the
// embedded site, and flat lines YAML alone would refuse, read the same
// values as the flat format read them.
func TestFlatFilesReadAsBefore(t *testing.T) {
	n := 0
	err := fs.WalkDir(content.FS, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(content.FS, name)
		if err != nil {
			return err
		}
		var lines []string
		switch {
		case name == ConfigFile:
			lines = strings.Split(string(data), "\n")
		case path.Ext(name) == ".md":
			front, _, _, err := splitFront(name, data)
			if err != nil {
				return err
			}
			lines = front
		default:
			return nil
		}
		n++
		if got, want := yamlFields(t, name, lines), flatFields(lines); !maps.Equal(got, want) {
			t.Errorf("%s: YAML reads %q, the flat format read %q", name, got, want)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 10 {
		t.Errorf("only %d files checked", n)
	}
	flat := []string{
		"title: Three battles: one a month",
		"summary: Ends in a colon:",
		"seed: @home",
		"seed: `tick`",
		"summary: time: 10:30 # not a comment here",
		"title: 'single'",
		`title: "double"`,
		"weight: 010",
		"title: yes",
		"summary: x:y",
	}
	for _, l := range flat {
		if got, want := yamlFields(t, "x", []string{l}), flatFields([]string{l}); !maps.Equal(got, want) {
			t.Errorf("%q: YAML reads %q, the flat format read %q", l, got, want)
		}
	}
}
