// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

//go:build !unix

package client

import (
	"errors"
	"os"
)

// errNoFileLocks: file locks are not available on this system.
var errNoFileLocks = errors.New("file locks are not supported on this system")

// Without file locks each process keeps its throttle to itself.
func lockFile(*os.File) error   { return errNoFileLocks }
func unlockFile(*os.File) error { return errNoFileLocks }
