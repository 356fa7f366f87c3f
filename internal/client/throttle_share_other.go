// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

//go:build !unix

package client

import "os"

// Without file locks each process keeps its throttle to itself.
func lockFile(*os.File) error   { return errNoFileLocks }
func unlockFile(*os.File) error { return errNoFileLocks }
