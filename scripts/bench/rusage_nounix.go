// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

//go:build !unix

package main

import (
	"os"
	"syscall"
)

// peakRSSKiB is unknown outside Unix: the report shows n/a.
func peakRSSKiB(*os.ProcessState) int64 { return 0 }

func childProcAttr() *syscall.SysProcAttr { return nil }
