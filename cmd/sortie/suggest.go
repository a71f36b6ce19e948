package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// suggestDistance is how many letters a mistyped command or flag may be
// off by and still get a "did you mean", as cobra's own suggestions.
const suggestDistance = 2

// unknownSub refuses an argument to a command that only takes
// subcommands ("sortie new pak"), suggesting the nearest.
func unknownSub(cmd *cobra.Command, arg string) error {
	err := fmt.Errorf("unknown command %q for %q", arg, cmd.CommandPath())
	cmd.SuggestionsMinimumDistance = suggestDistance
	if s := cmd.SuggestionsFor(arg); len(s) > 0 {
		for i := range s {
			s[i] = "\"" + cmd.CommandPath() + " " + s[i] + "\""
		}
		return &hintError{err, "did you mean " + strings.Join(s, " or ") + "?"}
	}
	return &hintError{err, fmt.Sprintf("\"%s --help\" lists its commands", cmd.CommandPath())}
}

// subcommandsOnly is the Args of a command whose arguments can only be
// its subcommands' names.
func subcommandsOnly(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	return unknownSub(cmd, args[0])
}

// flagError adds a "did you mean" to an unknown flag: the command's
// flags (its own and those it inherits) nearest the one typed.
func flagError(cmd *cobra.Command, err error) error {
	msg := err.Error()
	var typed string
	switch {
	case strings.HasPrefix(msg, "unknown flag: --"):
		typed = strings.TrimPrefix(msg, "unknown flag: --")
	case strings.HasPrefix(msg, "unknown shorthand flag: '"):
		short, _, _ := strings.Cut(strings.TrimPrefix(msg, "unknown shorthand flag: '"), "'")
		if short == "v" {
			return &hintError{err, "-v is --version, and only before a command (sortie -v); " + verboseHint(cmd)}
		}
		if h := hugoHint(cmd, "-"+short); h != "" {
			return &hintError{err, h}
		}
		return &hintError{err, fmt.Sprintf("\"%s --help\" lists its flags", cmd.CommandPath())}
	default:
		return err
	}
	typed, _, _ = strings.Cut(typed, "=")
	if h := hugoHint(cmd, "--"+typed); h != "" {
		return &hintError{err, h}
	}
	var near []string
	visit := func(f *pflag.Flag) {
		if f.Hidden || slices.Contains(near, f.Name) {
			return
		}
		if ld(typed, f.Name) <= suggestDistance || (len(typed) > 1 && strings.HasPrefix(f.Name, typed)) ||
			(len(typed) > 3 && commonPrefix(typed, f.Name) >= len(typed)-1) {
			near = append(near, f.Name)
		}
	}
	cmd.Flags().VisitAll(visit)
	cmd.InheritedFlags().VisitAll(visit)
	if len(near) == 0 {
		return &hintError{err, fmt.Sprintf("\"%s --help\" lists its flags", cmd.CommandPath())}
	}
	for i := range near {
		near[i] = "--" + near[i]
	}
	return &hintError{err, "did you mean " + strings.Join(near, " or ") + "?"}
}

// verboseHint says where --verbose is, for a -v typed after a command.
func verboseHint(cmd *cobra.Command) string {
	if cmd.Flags().Lookup("verbose") != nil {
		return "for more output, --verbose"
	}
	return "\"" + cmd.CommandPath() + " --help\" lists its flags"
}

// ld is the Levenshtein distance between a and b, ignoring case.
func ld(a, b string) int {
	s, t := []rune(strings.ToLower(a)), []rune(strings.ToLower(b))
	prev := make([]int, len(t)+1)
	cur := make([]int, len(t)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(s); i++ {
		cur[0] = i
		for j := 1; j <= len(t); j++ {
			cost := 1
			if s[i-1] == t[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(t)]
}

// commonPrefix is how many bytes a and b start with alike.
func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// hugoFlags are Hugo's build and server flags a Hugo user types by habit,
// with Sortie's way to say the same ("" where Sortie has no such thing,
// and why).
var hugoFlags = map[string]struct{ flag, why string }{
	"-D":                    {"drafts", ""},
	"--buildDrafts":         {"drafts", ""},
	"-F":                    {"future", ""},
	"--buildFuture":         {"future", ""},
	"-E":                    {"", "Sortie has no expiry date: a pack or campaign stays on the site until you delete it or mark it draft: true"},
	"--buildExpired":        {"", "Sortie has no expiry date: a pack or campaign stays on the site until you delete it or mark it draft: true"},
	"-d":                    {"out", ""},
	"--destination":         {"out", ""},
	"-s":                    {"source", ""},
	"-b":                    {"baseurl", ""},
	"-w":                    {"", "sortie serve always watches the site's files, and sortie build never does"},
	"--watch":               {"", "sortie serve always watches the site's files, and sortie build never does"},
	"--minify":              {"", "Sortie has no minifier"},
	"--cleanDestinationDir": {"", "sortie build always replaces public/ whole, keeping nothing stale"},
	"--gc":                  {"", "sortie build always replaces public/ whole, keeping nothing stale"},
}

// hugoHint names Sortie's flag for a Hugo flag typed to cmd, or "" when
// typed is not one of Hugo's.
func hugoHint(cmd *cobra.Command, typed string) string {
	h, ok := hugoFlags[typed]
	if !ok {
		return ""
	}
	if h.flag == "" {
		return typed + " is Hugo's: " + h.why
	}
	if cmd.Flags().Lookup(h.flag) == nil && cmd.InheritedFlags().Lookup(h.flag) == nil {
		return ""
	}
	return fmt.Sprintf("%s is Hugo's; Sortie's is --%s (%s --%s)", typed, h.flag, cmd.CommandPath(), h.flag)
}

// noSiteArg is the Args of build and serve: they take no arguments, and
// a directory typed as one (sortie build ., as hugo takes none either but
// other generators do) is pointed to --source.
func noSiteArg(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	err := fmt.Errorf("%s takes no arguments, got %q", cmd.CommandPath(), strings.Join(args, " "))
	a := args[0]
	if a == "." || a == "./" {
		return &hintError{err, fmt.Sprintf("%s alone works on the site the current directory lies in", cmd.CommandPath())}
	}
	if a == ".." || strings.ContainsAny(a, `/\`) {
		return &hintError{err, fmt.Sprintf("the site is the one the current directory lies in; for another, %s --source %s", cmd.CommandPath(), a)}
	}
	return &hintError{err, fmt.Sprintf("if %s is a site's directory, %s --source %s", a, cmd.CommandPath(), a)}
}
