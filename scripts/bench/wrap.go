// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"syscall"
)

// Terraform starts the provider itself, so the bench cannot wait for it
// directly. Instead the dev_overrides directory holds a copy of this binary
// named terraform-provider-cardpay. Started with wrapRealEnv set, it runs
// the real provider as its child with the same arguments, environment and
// standard streams (go-plugin's handshake goes over the child's stdout, so
// the wrapper itself never writes to stdout), waits for it and appends the
// child's peak resident set size to the file named by wrapOutEnv.
const (
	wrapRealEnv = "BENCH_WRAP_REAL"
	wrapOutEnv  = "BENCH_WRAP_OUT"
)

// runWrapper is main in wrapper mode; it returns the exit code.
func runWrapper(bin, out string) int {
	cmd := exec.Command(bin, os.Args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.Env = os.Environ()
	cmd.SysProcAttr = childProcAttr()
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT)
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(os.Stderr, "bench wrapper: start %s: %v\n", bin, err)
		return 1
	}
	go func() {
		for s := range sigs {
			_ = cmd.Process.Signal(s)
		}
	}()
	err := cmd.Wait()
	signal.Stop(sigs)
	if cmd.ProcessState != nil && out != "" {
		if kib := peakRSSKiB(cmd.ProcessState); kib > 0 {
			// One short O_APPEND write per process keeps concurrent
			// providers from mixing lines.
			if f, ferr := os.OpenFile(out, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644); ferr == nil {
				_, _ = fmt.Fprintf(f, "%d\n", kib)
				_ = f.Close()
			}
		}
	}
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exit):
		if ws, ok := exit.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return 128 + int(ws.Signal())
		}
		return exit.ExitCode()
	default:
		fmt.Fprintf(os.Stderr, "bench wrapper: %v\n", err)
		return 1
	}
}
