package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// cpuPrefix starts the line run prints after a test binary exits: its
// CPU time, children included, which go test -json passes on as the
// package's own output and log.cpu reads back.
const cpuPrefix = "testlog: cpu "

// run runs a test binary as go test's -exec does ("testlog -exec
// pkg.test -test.flags..."): with go test's standard streams, its signals
// passed on, and its exit code as testlog's; after it, on stdout, a line
// with the CPU time it and the processes it waited for used (user and
// system, as wait4 counts them: a package's sortie builds, pdftotext and
// browsers too). The time a package takes on the clock follows the
// machine's load; its CPU time is the work it does.
func run(argv []string, stdout, stderr io.Writer) int {
	if len(argv) == 0 {
		fmt.Fprintln(stderr, "testlog: -exec wants a test binary to run")
		return 2
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, stdout, stderr
	// Should testlog be killed (go test's timeout kills it, not the
	// binary), the binary goes with it.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM, syscall.SIGQUIT)
	defer signal.Stop(sigs)
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(stderr, "testlog: failed to start %s: %v\n", argv[0], err)
		return 2
	}
	done := make(chan struct{})
	go func() {
		for {
			select {
			case s := <-sigs:
				cmd.Process.Signal(s)
			case <-done:
				return
			}
		}
	}()
	err := cmd.Wait()
	close(done)
	if cmd.ProcessState != nil {
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
			fmt.Fprintf(stdout, "%s%.2fs\n", cpuPrefix, cpu.Seconds())
		}
	}
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exit):
		if code := exit.ExitCode(); code >= 0 {
			return code
		}
		return 1 // killed by a signal
	default:
		fmt.Fprintf(stderr, "testlog: %s: %v\n", argv[0], err)
		return 1
	}
}

// cpuLine reads the CPU time from a line run printed, or says it is
// not one.
func cpuLine(output string) (seconds float64, ok bool) {
	rest, found := strings.CutPrefix(output, cpuPrefix)
	if !found {
		return 0, false
	}
	s, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(rest), "s"), 64)
	return s, err == nil
}
