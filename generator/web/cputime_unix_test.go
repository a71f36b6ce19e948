//go:build unix

package web

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used, all its threads (the
// collector's too): unlike the clock, it does not count the time other
// programs on a busy machine take.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
