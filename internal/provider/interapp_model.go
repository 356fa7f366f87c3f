// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timetypes/timetypes"
	"github.com/hashicorp/terraform-plugin-framework/diag"
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

type interappRegistrationModel struct {
	interappRegistrationData
	Keepers        types.Map    `tfsdk:"keepers"`
	WaitForPairing types.Bool   `tfsdk:"wait_for_pairing"`
	TerminalID     types.String `tfsdk:"terminal_id"`
}

// issue asks the service for a code and records it, with the expiry counted
// from the moment the answer arrived.
func (d *interappRegistrationData) issue(ctx context.Context, data *providerData) diag.Diagnostics {
	var diags diag.Diagnostics
	_, c, ok := begin[struct{}](ctx, data, client.AreaPartner, nil, &diags)
	if !ok {
		return diags
	}
	merchantID := d.MerchantID.ValueInt64()
	reg, err := c.CreateInterappRegistration(ctx, merchantID, client.InterappRegistrationRequest{StoreID: d.StoreID.ValueString()})
	answeredAt := data.now()
	if err != nil {
		addCreateError(&diags, "in-app registration code", merchantOwner(merchantID), err, "")
		return diags
	}
	if reg.RegistrationCode == "" {
		diags.AddError("No registration code in the service's answer",
			fmt.Sprintf("The service answered the request for merchant %d without a registrationCode. "+
				"Try again; if this persists, contact cardpay support.", merchantID))
		return diags
	}
	d.fromAPI(reg, answeredAt.Add(data.poll.codeValidity))
	return diags
}

// fromAPI records an issued code and when it expires.
func (d *interappRegistrationData) fromAPI(reg *client.InterappRegistration, expires time.Time) {
	d.RegistrationCode = types.StringValue(reg.RegistrationCode)
	d.RegistrationLink = stringPointerOrNull(reg.RegistrationLink)
	d.ExpiresAt = timetypes.NewRFC3339TimeValue(expires.UTC().Truncate(time.Second))
}
