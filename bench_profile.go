// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

//go:build !benchswitches

package main

// startProfiles is the benchmark's profiling switch; a build for users has
// none (bench_profile_on.go has it, for builds with -tags benchswitches).
func startProfiles() (stop func()) { return func() {} }
