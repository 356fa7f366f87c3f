// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

// The payment method routes' robustness cases.
func init() {
	addRobustCases(map[string]robustCase{
		RouteListPaymentMethods:    {},
		RouteActivatePaymentMethod: {path: map[string]string{"method": "visa"}},
	})
}
