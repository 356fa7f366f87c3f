// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import "maps"

// robustCardPaymentID is the card payment of robustOrderID, which
// routePath names.
const robustCardPaymentID = cardPaymentPrefix + "robustness"

// The partner book's routes join the robustness table (validBodies) here,
// so the table's own file stays as it was. Their path parameters are
// filled in by routePath: merchant 1001, the demo partner's first
// credential, the card payment of the seeded order, the seeded consent.
func init() {
	contact := map[string]any{
		"companyName": "Harbour Coffee ApS", "contactEmail": "owner@harbour.example",
		"contactPhone": "+45 22 33 44 55", "partnerRefId": "crm-42",
	}
	fastTrack := maps.Clone(contact)
	maps.Copy(fastTrack, map[string]any{
		"registrationNumber": "12345678", "website": "https://harbour.example", "iban": "DK50 0040 0440 1162 43", "bic": "DABADKKK",
	})
	maps.Copy(validBodies, map[string]map[string]any{
		RouteCreateMerchant:          contact,
		RouteCreateFastTrackMerchant: fastTrack,
		RouteCreateTestMerchant:      maps.Clone(contact),
		RouteGetMerchant:             nil,
		RouteListMerchants:           nil,
		RouteListCredentials:         nil,
		RouteCreateCredential:        {"name": "ci"},
		RouteRotateCredential:        nil,
		RouteRevokeCredential:        nil,
		RouteGetProfile:              nil,
		// terminalId is left out: the robustness server has no terminal
		// (TestSDKToken covers it).
		RouteCreateSDKToken:      {},
		RouteCardPaymentStatus:   nil,
		RouteListPayments:        nil,
		RouteListConsentAccounts: nil,
	})
}
