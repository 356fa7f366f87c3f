// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// paymentMethodModel is a payment method of a merchant: the state of
// cardpay_payment_method and of what its list resource finds.
type paymentMethodModel struct {
	ID          types.String `tfsdk:"id"`
	MerchantID  types.Int64  `tfsdk:"merchant_id"`
	Method      types.String `tfsdk:"method"`
	Status      types.String `tfsdk:"status"`
	ActivatedAt types.String `tfsdk:"activated_at"`
}

// paymentMethodIdentityModel is the identity of cardpay_payment_method.
type paymentMethodIdentityModel struct {
	MerchantID types.Int64  `tfsdk:"merchant_id"`
	Method     types.String `tfsdk:"method"`
}

func (m paymentMethodModel) identity() paymentMethodIdentityModel {
	return paymentMethodIdentityModel{MerchantID: m.MerchantID, Method: m.Method}
}

// fromAPI records what the service reports while keeping the user's
// spelling of the method name (the service may answer in another case).
func (m *paymentMethodModel) fromAPI(entry *client.PaymentMethod) {
	if m.Method.IsNull() {
		m.Method = types.StringValue(strings.ToLower(entry.Method))
	}
	m.ID = types.StringValue(merchantScopedID(m.MerchantID.ValueInt64(), m.Method.ValueString()))
	m.Status = types.StringValue(strings.ToLower(entry.Status))
	m.ActivatedAt = types.StringPointerValue(entry.ActivatedAt)
}

// paymentMethodEntryModel is one entry of the cardpay_payment_methods
// data source.
type paymentMethodEntryModel struct {
	Method      types.String `tfsdk:"method"`
	Status      types.String `tfsdk:"status"`
	ActivatedAt types.String `tfsdk:"activated_at"`
}

func (m *paymentMethodEntryModel) fromAPI(entry *client.PaymentMethod) {
	m.Method = types.StringValue(strings.ToLower(entry.Method))
	m.Status = types.StringValue(strings.ToLower(entry.Status))
	m.ActivatedAt = types.StringPointerValue(entry.ActivatedAt)
}
