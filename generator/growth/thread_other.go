//go:build !linux

package growth

import "time"

var start = time.Now()

// threadTime is the time since the package was loaded, where the
// thread's CPU time is not read: best of several turns, it still
// measures the work when the machine is quiet.
func threadTime() time.Duration { return time.Since(start) }
