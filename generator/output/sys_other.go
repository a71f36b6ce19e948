//go:build !linux

package output

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// exchange reports that this system has no atomic exchange of two names,
// so swap uses two renames.
func exchange(a, b string) error { return errNoExchange }

// syncFiles puts every file written under dir on disk before the swap,
// one at a time where there is no syncfs.
func syncFiles(dir string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		f, err := os.Open(p)
		if err != nil {
			return fmt.Errorf("failed to sync %s: %w", p, err)
		}
		err = f.Sync()
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("failed to sync %s: %w", p, err)
		}
		return nil
	})
}
