// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

//go:build !benchswitches

package provider

// benchSwitches are the benchmark's switches, which turn a performance
// feature off to measure what it does. A build for users has none:
// nothing a provider user sets can turn them on (bench_switches_on.go has
// them, for builds with -tags benchswitches).
func benchSwitches(func(string) (string, bool)) (throttleOff, sharingOff bool) { return false, false }

// benchHostSharingOff is the switch that keeps the throttle to one process;
// a build for users has none.
func benchHostSharingOff(func(string) (string, bool)) bool { return false }
