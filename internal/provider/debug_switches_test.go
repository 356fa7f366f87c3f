// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"testing"
)

// Each debugging aid turns its own feature off, only for the exact value
// "off", and nothing else.
func TestDebugSwitches(t *testing.T) {
	for value, off := range map[string]bool{"off": true, "": false, "on": false, "OFF": false} {
		s, diags := resolveSettings(nullConfig(), envFrom(map[string]string{envDebugThrottle: value}))
		requireNoErrors(t, diags)
		if s.clientConfig().DisableAdaptiveThrottle != off || s.ReadSharingOff {
			t.Errorf("%s=%q: throttle off %v, read sharing off %v; want %v, false",
				envDebugThrottle, value, s.clientConfig().DisableAdaptiveThrottle, s.ReadSharingOff, off)
		}
		s, diags = resolveSettings(nullConfig(), envFrom(map[string]string{envDebugReadSharing: value}))
		requireNoErrors(t, diags)
		if shared := newProviderData(s).paymentMethods.share; shared == off || s.AdaptiveThrottleOff {
			t.Errorf("%s=%q: lists shared %v, throttle off %v; want %v, false",
				envDebugReadSharing, value, shared, s.AdaptiveThrottleOff, !off)
		}
	}
}
