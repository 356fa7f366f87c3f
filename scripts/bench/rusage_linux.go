// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"os"
	"syscall"
)

// peakRSSKiB is the peak resident set size of a finished process in KiB
// (Linux reports ru_maxrss in KiB), or 0 when unknown.
func peakRSSKiB(ps *os.ProcessState) int64 {
	if ps == nil {
		return 0
	}
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return ru.Maxrss
	}
	return 0
}

// childProcAttr kills the real provider if the wrapper dies first (for
// example when go-plugin gives up on a graceful stop and kills the
// wrapper), so no provider outlives its terraform command.
func childProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
