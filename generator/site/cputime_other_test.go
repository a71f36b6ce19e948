//go:build !unix

package site_test

import "time"

var testStart = time.Now()

// cpuTime is the time since the tests started, where the process's CPU
// time is not read.
func cpuTime() time.Duration { return time.Since(testStart) }
