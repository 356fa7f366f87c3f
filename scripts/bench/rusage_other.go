// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

//go:build unix && !linux

package main

import (
	"os"
	"runtime"
	"syscall"
)

// peakRSSKiB is the peak resident set size of a finished process in KiB,
// or 0 when unknown. macOS reports ru_maxrss in bytes, the BSDs in KiB.
func peakRSSKiB(ps *os.ProcessState) int64 {
	if ps == nil {
		return 0
	}
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0
	}
	if runtime.GOOS == "darwin" {
		return int64(ru.Maxrss) / 1024
	}
	return int64(ru.Maxrss)
}

func childProcAttr() *syscall.SysProcAttr { return nil }
