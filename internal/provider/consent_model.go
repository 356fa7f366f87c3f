// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-timetypes/timetypes"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// aisConsentModel is the state of cardpay_ais_consent.
type aisConsentModel struct {
	ID                      types.String      `tfsdk:"id"`
	RequestID               types.String      `tfsdk:"request_id"`
	MerchantID              types.Int64       `tfsdk:"merchant_id"`
	UserID                  types.String      `tfsdk:"user_id"`
	Permissions             types.Set         `tfsdk:"permissions"`
	ExpirationDateTime      timetypes.RFC3339 `tfsdk:"expiration_date_time"`
	TransactionFromDateTime timetypes.RFC3339 `tfsdk:"transaction_from_date_time"`
	CallbackURL             types.String      `tfsdk:"callback_url"`
	ConsentID               types.String      `tfsdk:"consent_id"`
	Status                  types.String      `tfsdk:"status"`
	AuthorizationURL        types.String      `tfsdk:"authorization_url"`
	ErrorMessage            types.String      `tfsdk:"error_message"`
	CreatedAt               types.String      `tfsdk:"created_at"`
	UpdatedAt               types.String      `tfsdk:"updated_at"`
}

// aisConsentIdentityModel is the identity of cardpay_ais_consent.
type aisConsentIdentityModel struct {
	RequestID  types.String `tfsdk:"request_id"`
	MerchantID types.Int64  `tfsdk:"merchant_id"`
	UserID     types.String `tfsdk:"user_id"`
}

func (m aisConsentModel) identity() aisConsentIdentityModel {
	return aisConsentIdentityModel{RequestID: m.RequestID, MerchantID: m.MerchantID, UserID: m.UserID}
}

// fromAPI records what the service reports. The arguments are taken from the
// answer only after import, when the state has none: otherwise they keep
// the user's spelling.
func (m *aisConsentModel) fromAPI(ctx context.Context, c *client.Consent) diag.Diagnostics {
	var diags diag.Diagnostics
	if m.MerchantID.IsNull() {
		var d diag.Diagnostics
		m.MerchantID = types.Int64Value(c.MerchantID)
		m.UserID = types.StringValue(c.UserID)
		m.Permissions, d = types.SetValueFrom(ctx, types.StringType, c.Permissions)
		diags.Append(d...)
		m.ExpirationDateTime, d = timetypes.NewRFC3339Value(c.ExpirationDateTime)
		diags.Append(d...)
		m.TransactionFromDateTime, d = timetypes.NewRFC3339Value(c.TransactionFromDateTime)
		diags.Append(d...)
	}
	known := *m
	m.fromCreateAnswer(c)
	// A read may leave out what the create answer had.
	if c.RequestID == "" {
		m.ID, m.RequestID = known.ID, known.RequestID
	}
	if m.AuthorizationURL.IsNull() {
		m.AuthorizationURL = known.AuthorizationURL
	}
	return diags
}

// fromCreateAnswer records the service's answer and keeps the inputs as written, so the
// next plan compares configuration with the user's own spelling.
func (m *aisConsentModel) fromCreateAnswer(c *client.Consent) {
	m.ID = types.StringValue(c.RequestID)
	m.RequestID = types.StringValue(c.RequestID)
	m.Status = types.StringValue(c.Status)
	m.ConsentID = stringPointerOrNull(c.ConsentID)
	m.AuthorizationURL = stringPointerOrNull(c.AuthorizationURL)
	m.ErrorMessage = stringPointerOrNull(c.ErrorMessage)
	m.CreatedAt = stringOrNull(c.CreatedAt)
	m.UpdatedAt = stringOrNull(c.UpdatedAt)
}

// createBody builds the API body. Timestamps go out exactly as the user wrote
// them.
func (m aisConsentModel) createBody(ctx context.Context) (client.ConsentRequest, diag.Diagnostics) {
	perms, diags := sortedStrings(ctx, m.Permissions)
	return client.ConsentRequest{
		MerchantID:              m.MerchantID.ValueInt64(),
		UserID:                  m.UserID.ValueString(),
		Permissions:             perms,
		ExpirationDateTime:      m.ExpirationDateTime.ValueString(),
		TransactionFromDateTime: m.TransactionFromDateTime.ValueString(),
		CallbackURL:             m.CallbackURL.ValueString(),
	}, diags
}

// scope is whose data the consent's calls touch: its own user's, with the
// permissions it grants.
func (m aisConsentModel) scope(ctx context.Context) client.DataScope {
	var perms []string
	_ = m.Permissions.ElementsAs(ctx, &perms, false) // a null set (before import) asks for every permission
	return client.ConsentScope(m.MerchantID.ValueInt64(), m.UserID.ValueString(), perms)
}
