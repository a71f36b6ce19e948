package output

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// exchange swaps the names a and b in one atomic step, so that no
// moment exists at which neither is there.
func exchange(a, b string) error {
	err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, unix.ENOSYS), errors.Is(err, unix.EINVAL):
		return errNoExchange // an old kernel, or a file system without it
	}
	return &os.LinkError{Op: "exchange", Old: a, New: b, Err: err}
}
