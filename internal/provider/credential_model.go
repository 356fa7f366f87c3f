// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// credentialAttrs are what the service lists about a partner credential,
// as cardpay_partner_credential and each entry of the
// cardpay_partner_credentials data source record them.
type credentialAttrs struct {
	ID                types.String `tfsdk:"id"`
	Name              types.String `tfsdk:"name"`
	ClientID          types.String `tfsdk:"client_id"`
	ClientSecretLast4 types.String `tfsdk:"client_secret_last4"`
	Status            types.String `tfsdk:"status"`
	CreatedAt         types.String `tfsdk:"created_at"`
}

// credentialModel is the state of cardpay_partner_credential. The secret
// comes only with the create and rotate answers.
type credentialModel struct {
	credentialAttrs
	RotateWhen   types.Map    `tfsdk:"rotate_when"`
	ClientSecret types.String `tfsdk:"client_secret"`
}

// credentialIdentityModel is the identity of cardpay_partner_credential.
type credentialIdentityModel struct {
	ID types.String `tfsdk:"id"`
}

func (m credentialModel) identity() credentialIdentityModel { return credentialIdentityModel{ID: m.ID} }

// fromAPI records the service's credential. An answer that leaves a field
// out keeps what is recorded, and a secret in the answer is recorded with
// its last four characters.
func (m *credentialAttrs) fromAPI(cr *client.PartnerCredential) {
	if cr.ID != "" {
		m.ID = types.StringValue(string(cr.ID))
	}
	m.Name = keepUnlessSent(m.Name, cr.Name)
	m.ClientID = keepUnlessSent(m.ClientID, cr.ClientID)
	m.Status = keepUnlessSent(m.Status, cr.Status)
	m.CreatedAt = keepUnlessSent(m.CreatedAt, cr.CreatedAt)
	last4 := strings.TrimLeft(cr.ClientSecretLast4, ".…") // published as "...xz9f"
	if cr.ClientSecret != nil && len(*cr.ClientSecret) >= 4 {
		last4 = (*cr.ClientSecret)[len(*cr.ClientSecret)-4:]
	}
	m.ClientSecretLast4 = keepUnlessSent(m.ClientSecretLast4, last4)
}

// fromAnswer records a create or rotate answer, secret included.
func (m *credentialModel) fromAnswer(cr *client.PartnerCredential) {
	m.fromAPI(cr)
	m.ClientSecret = stringPointerOrNull(cr.ClientSecret)
}
