// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

// Debugging aids: environment variables that turn a performance feature
// off, so the benchmark (and a developer chasing a problem) can measure
// what it does. They are not settings for users and are documented only
// in DEVELOPERS.md.
const (
	// envDebugThrottle=off stops the client from learning the service's
	// rate limit from 429s; users who want a fixed pace set
	// max_requests_per_second.
	envDebugThrottle = "CARDPAY_DEBUG_THROTTLE"
	// envDebugReadSharing=off makes every resource and data source read
	// its merchant's list itself instead of sharing one read per
	// operation (see sharedLists).
	envDebugReadSharing = "CARDPAY_DEBUG_READ_SHARING"
)

// debugOff reports whether the debugging variable env is set to "off".
func debugOff(lookupEnv func(string) (string, bool), env string) bool {
	v, _ := lookupEnv(env)
	return v == "off"
}
