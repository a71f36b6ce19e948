package generator

import (
	"runtime/debug"
	"testing"
)

func TestBuildVersion(t *testing.T) {
	vcs := func(mod string, settings ...string) *debug.BuildInfo {
		info := &debug.BuildInfo{Main: debug.Module{Path: "github.com/sortie-wargames/sortie", Version: mod}}
		for i := 0; i+1 < len(settings); i += 2 {
			info.Settings = append(info.Settings, debug.BuildSetting{Key: settings[i], Value: settings[i+1]})
		}
		return info
	}
	for _, c := range []struct {
		info *debug.BuildInfo
		want string
	}{
		{nil, Version + "+devel"},
		{vcs("(devel)"), Version + "+devel"},
		{vcs(""), Version + "+devel"},
		{vcs("v" + Version), Version},
		{vcs("v9.9.9"), Version + "+v9.9.9"},
		{vcs("v0.0.0-20250102150405-0123456789ab"), Version + "+0123456789ab"},
		{vcs("v0.0.0-20250102150405-0123456789ab+dirty", "vcs.revision", "0123456789abcdef0123", "vcs.modified", "true"), Version + "+0123456789ab.modified"},
		{vcs("(devel)", "vcs.revision", "fedcba9876543210", "vcs.modified", "false"), Version + "+fedcba987654"},
		{vcs("(devel)", "vcs.revision", "abc"), Version + "+abc"},
	} {
		if got := BuildVersion(c.info); got != c.want {
			t.Errorf("BuildVersion(%+v) = %q, want %q", c.info, got, c.want)
		}
	}
}
