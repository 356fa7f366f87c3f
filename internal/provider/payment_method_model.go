// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
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

// activePaymentMethod finds a merchant's entry for method in the shared
// list (names compare case-insensitively); it is nil unless the method is
// listed as active. ok is false once diags says the list could not be read.
func (d *providerData) activePaymentMethod(ctx context.Context, c *client.Client, merchantID int64, method string,
	diags *diag.Diagnostics) (entry *client.PaymentMethod, ok bool) {
	entry, err := d.paymentMethods.find(ctx, c, merchantID, merchantThing("payment method", method, merchantID),
		func(m *client.PaymentMethod) bool { return client.SameMethod(m.Method, method) })
	if err != nil && !notFound(err) {
		addAPIError(diags, fmt.Sprintf("Could not read payment methods of merchant %d", merchantID), err)
		return nil, false
	}
	if !isActive(entry) {
		return nil, true
	}
	return entry, true
}

func isActive(entry *client.PaymentMethod) bool {
	return entry != nil && strings.EqualFold(entry.Status, "active")
}
