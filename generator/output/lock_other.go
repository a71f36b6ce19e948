//go:build !unix

package output

// lock is a no-op where flock is not available: builds into the same
// output should not run at once there.
func lock(string) (func(), error) { return func() {}, nil }
