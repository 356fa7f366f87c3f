// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timetypes/timetypes"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// interappRegistrationData holds what the resource and the ephemeral
// resource share: the request and the issued code.
type interappRegistrationData struct {
	MerchantID       types.Int64       `tfsdk:"merchant_id"`
	StoreID          types.String      `tfsdk:"store_id"`
	RegistrationCode types.String      `tfsdk:"registration_code"`
	RegistrationLink types.String      `tfsdk:"registration_link"`
	ExpiresAt        timetypes.RFC3339 `tfsdk:"expires_at"`
}

// interappRegistrationModel is the state of cardpay_interapp_registration.
type interappRegistrationModel struct {
	interappRegistrationData
	Keepers        types.Map    `tfsdk:"keepers"`
	WaitForPairing types.Bool   `tfsdk:"wait_for_pairing"`
	TerminalID     types.String `tfsdk:"terminal_id"`
}

// fromAPI records an issued code and when it expires.
func (d *interappRegistrationData) fromAPI(reg *client.InterappRegistration, expires time.Time) {
	d.RegistrationCode = types.StringValue(reg.RegistrationCode)
	d.RegistrationLink = stringPointerOrNull(reg.RegistrationLink)
	d.ExpiresAt = timetypes.NewRFC3339TimeValue(expires.UTC().Truncate(time.Second))
}
