// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

//go:build !benchswitches

package provider

import "testing"

// A build for users has no benchmark switch: the variable the bench's build
// reads changes nothing here.
func TestBenchSwitchesOffForUsers(t *testing.T) {
	env := envFrom(map[string]string{"CARDPAY_BENCH_READ_SHARING": "off"})
	if d := newProviderData(resolvedConfig{}, env); !d.paymentMethods.share || readSharingOff(env) {
		t.Error("a build without -tags benchswitches obeys the benchmark's switch")
	}
}
