package growth

import (
	"time"

	"golang.org/x/sys/unix"
)

// threadTime is the CPU time of the calling thread: the kernel's count,
// to the nanosecond, of the time this thread ran, which other programs
// on a busy machine do not add to.
func threadTime() time.Duration {
	var ts unix.Timespec
	if unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts) != nil {
		return 0
	}
	return time.Duration(ts.Nano())
}
