// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

//go:build benchswitches

package provider

import "testing"

// In the benchmark's build the switch turns list sharing off, only for the
// exact value "off".
func TestBenchSwitches(t *testing.T) {
	for value, off := range map[string]bool{"off": true, "": false, "on": false, "OFF": false} {
		env := envFrom(map[string]string{envBenchReadSharing: value})
		if shared := newProviderData(resolvedConfig{}, env).paymentMethods.share; shared == off {
			t.Errorf("%s=%q: lists shared %v, want %v", envBenchReadSharing, value, shared, !off)
		}
	}
}
