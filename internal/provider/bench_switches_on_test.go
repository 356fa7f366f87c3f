// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

//go:build benchswitches

package provider

import "testing"

// In the benchmark's build each switch turns its own feature off, only for
// the exact value "off".
func TestBenchSwitches(t *testing.T) {
	for value, off := range map[string]bool{"off": true, "": false, "on": false, "OFF": false} {
		throttleOff, sharingOff := benchSwitches(envFrom(map[string]string{envBenchThrottle: value}))
		if throttleOff != off || sharingOff {
			t.Errorf("%s=%q: throttle off %v, sharing off %v; want %v, false", envBenchThrottle, value, throttleOff, sharingOff, off)
		}
		if got := benchHostSharingOff(envFrom(map[string]string{envBenchHostSharing: value})); got != off {
			t.Errorf("%s=%q: host sharing off %v, want %v", envBenchHostSharing, value, got, off)
		}
		env := envFrom(map[string]string{envBenchReadSharing: value})
		if shared := newProviderData(resolvedConfig{}, env).paymentMethods.share; shared == off {
			t.Errorf("%s=%q: lists shared %v, want %v", envBenchReadSharing, value, shared, !off)
		}
	}
}
