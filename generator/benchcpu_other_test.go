//go:build !unix

package generator

import "time"

// cpuTime stands in for the process's CPU time where getrusage is not:
// the wall clock.
func cpuTime() time.Duration { return time.Duration(time.Now().UnixNano()) }
