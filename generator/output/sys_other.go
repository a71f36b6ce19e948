//go:build !linux

package output

// exchange reports that this system has no atomic exchange of two names,
// so swap uses two renames.
func exchange(a, b string) error { return errNoExchange }
