// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

//go:build !benchswitches

package provider

// readSharingOff is the benchmark's switch that turns the sharing of list
// reads off, to measure what it saves. A build for users has none: nothing
// a provider user sets can turn it on (bench_switches_on.go has it, for
// builds with -tags benchswitches).
func readSharingOff(func(string) (string, bool)) bool { return false }
