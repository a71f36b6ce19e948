package generator

import (
	"regexp"
	"runtime/debug"
)

// pseudoRev matches the commit at the end of a Go pseudo-version
// (v0.0.0-20250102150405-0123456789ab), the form a module fetched at a
// commit, rather than a tag, carries.
var pseudoRev = regexp.MustCompile(`-(?:\d+\.)?\d{14}-([0-9a-f]{12})(?:\+incompatible)?$`)

// BuildVersion identifies the binary a build comes from: Sortie's Version
// followed, as semantic-version build metadata, by the commit it was built
// from ("0.2.0+0123456789ab", with ".modified" when the checkout had
// uncommitted changes), or by the module version it was installed at when
// that is not the release itself, or by "devel" when nothing is known
// (go run, go test). info is what runtime/debug.ReadBuildInfo returned;
// the caller reads it, so this stays a pure function of its input and the
// same binary always prints the same version.
func BuildVersion(info *debug.BuildInfo) string {
	if info == nil {
		return Version + "+devel"
	}
	var rev string
	modified := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	mod := info.Main.Version
	if rev == "" {
		if m := pseudoRev.FindStringSubmatch(mod); m != nil {
			rev = m[1]
		}
	}
	switch {
	case rev != "":
		if len(rev) > 12 {
			rev = rev[:12]
		}
		v := Version + "+" + rev
		if modified {
			v += ".modified"
		}
		return v
	case mod == "v"+Version:
		return Version
	case mod != "" && mod != "(devel)":
		return Version + "+" + mod
	}
	return Version + "+devel"
}
