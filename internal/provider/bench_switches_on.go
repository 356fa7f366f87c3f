// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

//go:build benchswitches

package provider

// The benchmark (scripts/bench) builds the provider with -tags
// benchswitches so that three environment variables turn a performance
// feature off, to measure what it does:
//
//   - CARDPAY_BENCH_THROTTLE=off stops the client from learning the
//     service's rate limit from 429s;
//   - CARDPAY_BENCH_READ_SHARING=off makes every resource and data source
//     read its merchant's list itself instead of sharing one read per
//     operation (see sharedLists);
//   - CARDPAY_BENCH_HOST_SHARING=off keeps the client's throttle to its
//     process, as if each process of a fleet ran on a machine of its own.
const (
	envBenchThrottle    = "CARDPAY_BENCH_THROTTLE"
	envBenchReadSharing = "CARDPAY_BENCH_READ_SHARING"
	envBenchHostSharing = "CARDPAY_BENCH_HOST_SHARING"
)

func benchSwitches(lookupEnv func(string) (string, bool)) (throttleOff, sharingOff bool) {
	off := func(env string) bool { v, _ := lookupEnv(env); return v == "off" }
	return off(envBenchThrottle), off(envBenchReadSharing)
}

func benchHostSharingOff(lookupEnv func(string) (string, bool)) bool {
	v, _ := lookupEnv(envBenchHostSharing)
	return v == "off"
}
