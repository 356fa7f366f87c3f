// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

//go:build unix

package provider

import (
	"net"
	"strconv"
	"syscall"
	"testing"
)

// closedLoopbackAddress returns a loopback address where nothing listens,
// and keeps it so until the test ends: a socket bound to the port without
// listening answers every connection with a refusal, and holds the port
// against the sandboxes of tests running in parallel (a port given out and
// closed again was once taken by one of them, so a plan meant to fail
// found a service).
func closedLoopbackAddress(t *testing.T) string {
	t.Helper()
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = syscall.Close(fd) })
	if err := syscall.Bind(fd, &syscall.SockaddrInet4{Addr: [4]byte{127, 0, 0, 1}}); err != nil {
		t.Fatal(err)
	}
	bound, err := syscall.Getsockname(fd)
	if err != nil {
		t.Fatal(err)
	}
	inet4, ok := bound.(*syscall.SockaddrInet4)
	if !ok {
		t.Fatalf("the socket is bound to %#v, want an IPv4 address", bound)
	}
	return net.JoinHostPort("127.0.0.1", strconv.Itoa(inet4.Port))
}
