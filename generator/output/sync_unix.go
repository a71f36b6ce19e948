//go:build unix

package output

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// syncDir syncs the folder dir, so the names in it survive a power loss.
func syncDir(dir string) error {
	f, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("failed to sync %s: %w", dir, err)
	}
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("failed to sync %s: %w", dir, err)
	}
	return nil
}

// mountPoint reports whether dir is the root of a mounted file system,
// which no rename can replace.
func mountPoint(dir string) bool {
	a, err := os.Stat(dir)
	if err != nil {
		return false
	}
	b, err := os.Stat(filepath.Dir(dir))
	if err != nil {
		return false
	}
	sa, ok1 := a.Sys().(*syscall.Stat_t)
	sb, ok2 := b.Sys().(*syscall.Stat_t)
	return ok1 && ok2 && sa.Dev != sb.Dev
}
