package site

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// Fields are the keys of a config file or a page's front matter, each
// with the line it was written on. Both are YAML, decoded strictly: the
// top level is a mapping of known keys to plain values (a list only where
// a key takes one), and unknown and repeated keys are errors at their
// line, so a misspelt key never goes silently unread.
type Fields struct {
	File     string
	End      int // the line a missing key is reported at: the front matter's closing "---", or 0 for a config file
	values   map[string]field
	Warnings []string // what was read but may not be what the author meant, each "file:line: ..."
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

// listKeys may hold a YAML list; its items are joined with ", ", the
// form a flat line writes them in ("encounters: explore 3, raid").
var listKeys = []string{"encounters", "paper", "tags"}

// yamlLine finds the line in a YAML library message: "yaml: line 3: ...".
var yamlLine = regexp.MustCompile(`^yaml: line \d+: (.*)$`)

// parseFields decodes the YAML text in lines, numbered from first,
// allowing only the given keys.
func parseFields(file string, lines []string, first int, allowed []string) (*Fields, error) {
	f := &Fields{File: file, values: map[string]field{}}
	at := func(line int) int { return first + line - 1 }
	// Mistakes the YAML library reports without a line, or in its own
	// words, are caught here first, line by line.
	for i, l := range lines {
		// YAML ends a line at U+2028 and U+2029 too, where every editor's
		// line count (and this file's) does not: refused at their line,
		// on a line of nothing else as well (both are white space).
		if strings.ContainsAny(l, "\u2028\u2029") {
			return nil, &Error{file, at(i + 1), "a Unicode line or paragraph separator (U+2028, U+2029): end lines with a plain line break"}
		}
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		key, _, hasColon := strings.Cut(t, ":")
		if strings.ContainsFunc(l, func(r rune) bool { return (unicode.IsControl(r) && r != '\t') || isNonCharacter(r) }) {
			if hasColon && !strings.ContainsAny(key, " \t") {
				return nil, &Error{file, at(i + 1), key + " holds a control character: use printable text"}
			}
			return nil, &Error{file, at(i + 1), "a control character: use printable text"}
		}
		if strings.HasPrefix(l, "\t") {
			return nil, &Error{file, at(i + 1), "a tab before a key: YAML indents with spaces"}
		}
		if (!hasColon || key == "") && l == t && !strings.HasPrefix(t, "-") {
			return nil, &Error{file, at(i + 1), fmt.Sprintf("%q: want key: value", t)}
		}
	}
	var doc yaml.Node
	err := yaml.Unmarshal([]byte(strings.Join(lines, "\n")), &doc)
	if err != nil {
		flat := make([]string, len(lines))
		for i, l := range lines {
			flat[i] = flatLine(l)
		}
		if yaml.Unmarshal([]byte(strings.Join(flat, "\n")), &doc) == nil {
			err = nil
		}
	}
	if err != nil {
		for i, l := range lines {
			key, value, _ := strings.Cut(l, ":")
			v := strings.TrimSpace(value)
			closes := false // a quoted value may go on over indented lines
			for _, next := range lines[i+1:] {
				if !strings.HasPrefix(next, " ") {
					break
				}
				closes = closes || (v != "" && strings.ContainsRune(next, rune(v[0])))
			}
			if !strings.HasPrefix(l, " ") && unclosed(v) && !closes {
				return nil, &Error{file, at(i + 1), fmt.Sprintf("%s: the value opens a quote (%c) it never closes: close it at the end of the value, or drop it", strings.TrimSpace(key), v[0])}
			}
		}
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		if m := yamlLine.FindStringSubmatch(err.Error()); m != nil {
			msg = m[1]
		}
		line := 0
		if n := badLine(lines); n > 0 {
			line = at(n)
		}
		return nil, &Error{file, line, "not valid YAML: " + msg + ` (quote a value holding ": ", " #" or starting with [ { * & ! | > @ or a backtick)`}
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return f, nil // empty or comments only
	}
	top := doc.Content[0]
	if top.Kind == yaml.ScalarNode && top.Tag == "!!null" {
		return f, nil
	}
	if top.Kind != yaml.MappingNode {
		return nil, &Error{file, at(top.Line), fmt.Sprintf("%q: want key: value lines", firstLine(lines, top.Line))}
	}
	for i := 0; i+1 < len(top.Content); i += 2 {
		k, v := top.Content[i], top.Content[i+1]
		n := at(k.Line)
		if k.Kind != yaml.ScalarNode || k.Tag == "!!merge" || k.Value == "" {
			return nil, &Error{file, n, fmt.Sprintf("%q: want key: value", firstLine(lines, k.Line))}
		}
		key := k.Value
		if !slices.Contains(allowed, key) {
			msg := fmt.Sprintf("unknown key %q (known: %s)", key, strings.Join(allowed, ", "))
			if where, ok := keyOf[key]; ok {
				msg += ": " + where
			}
			return nil, &Error{file, n, msg}
		}
		if prev, dup := f.values[key]; dup {
			return nil, &Error{file, n, fmt.Sprintf("%s given twice (first on line %d)", key, prev.line)}
		}
		value, err := plainValue(key, v)
		if err != nil {
			return nil, &Error{file, at(v.Line), err.Error()}
		}
		if v.LineComment != "" && v.Kind == yaml.ScalarNode && v.Style == 0 && value != "" {
			f.Warnings = append(f.Warnings, (&Error{file, at(v.Line), fmt.Sprintf("%s: the text after \" #\" is a YAML comment, not part of the value %q: quote the value if it belongs to it", key, value)}).Error())
		}
		f.values[key] = field{value, n}
	}
	return f, nil
}

// flatLine keeps a line of the flat format Sortie read before YAML
// working where YAML refuses it: a top-level "key: value" line that YAML
// cannot read on its own ("summary: Three battles: one a month", "seed:
// @home", "tagline: \"Big\" news, they say") has its value quoted whole,
// as the flat format read it. It is used only on text YAML refuses, so no
// file YAML accepts changes meaning.
func flatLine(l string) string {
	key, value, ok := strings.Cut(l, ":")
	if !ok || key == "" || strings.ContainsAny(key, " \t\"'[]{}#&*!|>%@`,?-") {
		return l
	}
	v := strings.TrimSpace(value)
	if v == "" || (value[0] != ' ' && value[0] != '\t') || unclosed(v) {
		return l
	}
	var n yaml.Node
	if yaml.Unmarshal([]byte(l), &n) == nil {
		return l
	}
	return key + ": " + strconv.Quote(v)
}

// badLine finds the first line at which the YAML text stops parsing, by
// parsing ever longer beginnings of it: the library's own line is often
// the next token's, or missing. 0 when none is found.
func badLine(lines []string) int {
	const most, bytes = 200, 16 << 10 // front matter is short; do not spend long on a huge one
	if len(strings.Join(lines, "\n")) > bytes {
		return 0
	}
	var n yaml.Node
	for i := 1; i <= len(lines) && i <= most; i++ {
		if yaml.Unmarshal([]byte(strings.Join(lines[:i], "\n")), &n) != nil {
			return i
		}
	}
	return 0
}

// plainValue reads a value as text: a scalar as written (so "weight: 010"
// and "title: yes" stay text), null as "", and a list of scalars, where
// the key takes one, joined with ", ".
func plainValue(key string, v *yaml.Node) (string, error) {
	switch v.Kind {
	case yaml.ScalarNode:
		if v.Tag == "!!null" && v.Style == 0 {
			return "", nil
		}
		if err := noTag(key, v); err != nil {
			return "", err
		}
		return v.Value, nil
	case yaml.SequenceNode:
		if !slices.Contains(listKeys, key) {
			return "", fmt.Errorf("%s: want one value, not a list", key)
		}
		var items []string
		for _, it := range v.Content {
			if it.Kind != yaml.ScalarNode {
				return "", fmt.Errorf("%s: want a list of plain values", key)
			}
			if err := noTag(key, it); err != nil {
				return "", err
			}
			if strings.Contains(it.Value, ",") {
				return "", fmt.Errorf("%s: item %q holds a comma: one item per list entry", key, it.Value)
			}
			items = append(items, it.Value)
		}
		if len(items) == 0 {
			return "", nil
		}
		return strings.Join(items, ", "), nil
	case yaml.AliasNode:
		return "", fmt.Errorf("%s: a YAML alias is not a value here", key)
	default:
		return "", fmt.Errorf("%s: want a plain value, not a nested mapping", key)
	}
}

// noTag refuses a value written with a YAML tag, a local one ("!x") or
// one of YAML's own ("!!binary aGVsbG8=" would read as the text
// "aGVsbG8=", not what the tag says): like an alias, a tag makes a value
// other than the text written, and Sortie reads front matter as text.
func noTag(key string, v *yaml.Node) error {
	if v.Style&yaml.TaggedStyle != 0 || (v.Tag != "" && v.Tag[0] == '!' && !strings.HasPrefix(v.Tag, "!!")) {
		return fmt.Errorf("%s: a YAML tag (%s) is not a value: write the value as plain text, or quote it", key, v.Tag)
	}
	return nil
}

// firstLine returns the trimmed text of the 1-based line n of lines.
func firstLine(lines []string, n int) string {
	if n < 1 || n > len(lines) {
		return ""
	}
	return strings.TrimSpace(lines[n-1])
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

// Bool returns key's value as yes or no (true, false, yes, no, in any
// case), or false when the key is absent.
func (f *Fields) Bool(key string) (bool, error) {
	v, ok := f.values[key]
	if !ok {
		return false, nil
	}
	switch strings.ToLower(strings.TrimSpace(v.value)) {
	case "true", "yes":
		return true, nil
	case "false", "no":
		return false, nil
	}
	return false, &Error{f.File, v.line, fmt.Sprintf("%s %q: want true or false", key, v.value)}
}

// unclosed says a value opens a quote and never closes it ("title:
// \"Orc Border"): YAML refuses it, and the flat format's rescue would read
// the quote as part of the title.
func unclosed(v string) bool {
	return v != "" && (v[0] == '"' || v[0] == '\'') && !strings.ContainsRune(v[1:], rune(v[0]))
}

// keyOf says where a key belongs that one kind of page takes and
// another does not: a pack saved in campaigns/ is told so, not only that
// "encounters" is unknown.
var keyOf = map[string]string{
	"encounters": "packs (content/packs/) and series (content/series/) take encounters:; a campaign takes steps:",
	"steps":      "campaigns (content/campaigns/) take steps:; a pack or series takes encounters:",
	"start":      "only a monthly series (content/series/) takes start:",
}
