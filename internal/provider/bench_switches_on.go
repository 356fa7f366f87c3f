// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

//go:build benchswitches

package provider

// The benchmark (scripts/bench) builds the provider with -tags
// benchswitches so that CARDPAY_BENCH_READ_SHARING=off makes every
// resource and data source read its merchant's list itself instead of
// sharing one read per operation (see sharedLists), to measure what
// sharing saves.
const envBenchReadSharing = "CARDPAY_BENCH_READ_SHARING"

func readSharingOff(lookupEnv func(string) (string, bool)) bool {
	v, _ := lookupEnv(envBenchReadSharing)
	return v == "off"
}
