// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

//go:build !unix

package provider

import (
	"net"
	"testing"
)

// closedLoopbackAddress returns a loopback address where nothing listens:
// a port the system has just given out and taken back. Unlike the unix
// version it does not hold the port, so a test running in parallel may
// take it.
func closedLoopbackAddress(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	_ = l.Close()
	return addr
}
