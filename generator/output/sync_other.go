//go:build !unix

package output

// syncDir does nothing where folders cannot be opened to sync them.
func syncDir(string) error { return nil }

// mountPoint reports false: mount points are not detected here.
func mountPoint(string) bool { return false }
