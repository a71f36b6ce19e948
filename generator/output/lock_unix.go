//go:build unix

package output

import (
	"fmt"
	"os"
	"syscall"
)

// lock takes an exclusive lock on dir, the output's parent, so two builds
// into the same place take turns instead of swapping over each other. It
// locks the folder itself: no lock file is left behind.
func lock(dir string) (unlock func(), err error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, fmt.Errorf("failed to lock %s: %w", dir, err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, fmt.Errorf("failed to lock %s: %w", dir, err)
	}
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}
