// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

//go:build !benchswitches

package provider

import "testing"

// A build for users has no benchmark switches: the variables the bench's
// build reads change nothing here.
func TestBenchSwitchesOffForUsers(t *testing.T) {
	env := envFrom(map[string]string{"CARDPAY_BENCH_THROTTLE": "off", "CARDPAY_BENCH_READ_SHARING": "off", "CARDPAY_BENCH_HOST_SHARING": "off"})
	d := newProviderData(resolvedConfig{}, env)
	if throttleOff, sharingOff := benchSwitches(env); throttleOff || sharingOff || !d.paymentMethods.share || benchHostSharingOff(env) {
		t.Error("a build without -tags benchswitches obeys the benchmark's switches")
	}
}
