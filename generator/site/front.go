package site

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Fields are the key: value lines of a config file or a page's front
// matter, each with the line it was written on. The format is a strict,
// flat subset of YAML: one "key: value" per line, # comments, no nesting,
// no quoting rules to trip over. Unknown and repeated keys are errors, so a
// misspelt key never goes silently unread.
type Fields struct {
	File   string
	End    int // the line a missing key is reported at: the front matter's closing "---", or 0 for a config file
	values map[string]field
}

type field struct {
	value string
	line  int
}

// Error is a mistake in a site file, at a line.
type Error struct {
	File string
	Line int
	Msg  string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return e.File + ": " + e.Msg
}

// parseFields reads key: value lines, numbered from first, allowing only
// the given keys.
func parseFields(file string, lines []string, first int, allowed []string) (*Fields, error) {
	f := &Fields{File: file, values: map[string]field{}}
	for i, raw := range lines {
		n := first + i
		line := strings.TrimSpace(raw)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, value, ok := strings.Cut(line, ":")
		key = strings.TrimSpace(key)
		if !ok || key == "" || strings.ContainsAny(key, " \t") {
			return nil, &Error{file, n, fmt.Sprintf("%q: want key: value", line)}
		}
		if !slices.Contains(allowed, key) {
			return nil, &Error{file, n, fmt.Sprintf("unknown key %q (known: %s)", key, strings.Join(allowed, ", "))}
		}
		if prev, dup := f.values[key]; dup {
			return nil, &Error{file, n, fmt.Sprintf("%s given twice (first on line %d)", key, prev.line)}
		}
		value = strings.TrimSpace(value)
		if len(value) >= 2 && (value[0] == '"' && value[len(value)-1] == '"' || value[0] == '\'' && value[len(value)-1] == '\'') {
			value = value[1 : len(value)-1]
		}
		f.values[key] = field{value, n}
	}
	return f, nil
}

// bom is the UTF-8 byte order mark some editors put at the start of a file.
var bom = []byte("\xef\xbb\xbf")

// splitFront splits a Markdown file into its front matter lines (between
// "---" lines at the top) and its body, and says on which line the front
// matter's first line and the body start.
func splitFront(file string, data []byte) (front []string, body []byte, bodyLine int, err error) {
	data = bytes.TrimPrefix(data, bom)
	if !utf8.Valid(data) {
		return nil, nil, 0, &Error{file, 0, "not UTF-8 text"}
	}
	data = bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	lines := strings.Split(string(data), "\n")
	if len(lines) == 0 || strings.TrimSpace(lines[0]) != "---" {
		return nil, nil, 0, &Error{file, 1, `want front matter: a "---" line, key: value lines, then "---"`}
	}
	for i := 1; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) == "---" {
			return lines[1:i], []byte(strings.Join(lines[i+1:], "\n")), i + 2, nil
		}
	}
	return nil, nil, 0, &Error{file, 1, `front matter is not closed: want a "---" line after it`}
}

// Has reports whether key was given.
func (f *Fields) Has(key string) bool { _, ok := f.values[key]; return ok }

// Line returns the line key was written on, or 0.
func (f *Fields) Line(key string) int { return f.values[key].line }

// String returns key's value, or "".
func (f *Fields) String(key string) string { return f.values[key].value }

// Errorf returns an error at key's line.
func (f *Fields) Errorf(key, format string, args ...any) error {
	return &Error{f.File, f.Line(key), fmt.Sprintf(format, args...)}
}

// Required returns key's value, or an error naming the key.
func (f *Fields) Required(key string) (string, error) {
	v, ok := f.values[key]
	if !ok || v.value == "" {
		line := 0
		if ok {
			line = v.line
		}
		if !ok {
			line = f.End
		}
		return "", &Error{f.File, line, fmt.Sprintf("missing %s", key)}
	}
	return v.value, nil
}

// Int returns key's value as a whole number in [lo, hi], or def when the
// key is absent.
func (f *Fields) Int(key string, def, lo, hi int) (int, error) {
	v, ok := f.values[key]
	if !ok {
		return def, nil
	}
	n, err := strconv.Atoi(v.value)
	if err != nil || n < lo || n > hi {
		return 0, &Error{f.File, v.line, fmt.Sprintf("%s %q: want a whole number from %d to %d", key, v.value, lo, hi)}
	}
	return n, nil
}
