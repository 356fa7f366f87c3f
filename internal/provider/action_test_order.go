// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"errors"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/action/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

var _ action.ActionWithConfigure = (*testOrderAction)(nil)

// actionsNeedSentence is said in every action's description.
const actionsNeedSentence = "Actions need Terraform 1.14 or later; OpenTofu has no actions."

func newTestOrderAction() action.Action {
	return &testOrderAction{actionBase{name: "test_order"}}
}

// testOrderAction creates an order and reports it, for one-off orders such
// as a smoke test, which cardpay_order would keep in state for good.
type testOrderAction struct{ actionBase }

func (a *testOrderAction) Schema(_ context.Context, _ action.SchemaRequest, resp *action.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Creates a card-payment order, for example a smoke test after a terminal is " +
			"registered, and reports its ID, status and payment link in Terraform's output. Nothing is kept in " +
			"state: every invocation creates another order, and the API cannot cancel orders. Use the " +
			"`cardpay_order` resource for an order Terraform should follow. " + actionsNeedSentence,
		Attributes: map[string]schema.Attribute{
			"merchant_id": schema.Int64Attribute{
				MarkdownDescription: "Numeric ID of the merchant the order is created for.",
				Required:            true,
				Validators:          merchantIDValidators(),
			},
			"amount": schema.Int64Attribute{
				MarkdownDescription: "Order amount, a positive whole number passed to the service unchanged. " +
					"The API reference does not specify its unit; the expected convention is the currency's " +
					"minor unit, so `1000` means 10.00 SEK.",
				Required:   true,
				Validators: orderAmountValidators(),
			},
			"currency": schema.StringAttribute{
				MarkdownDescription: "Currency of the amount: `DKK`, `EUR` or `SEK` (upper case).",
				Required:            true,
				Validators:          orderCurrencyValidators(),
			},
			"reference": schema.StringAttribute{
				MarkdownDescription: "Your own reference for the order, echoed by the service. Choose one that " +
					"tells test orders apart, such as `smoke-<date>`: if the outcome of the request is unknown, " +
					"the error asks you to look the order up by it.",
				Optional:   true,
				Validators: notBlank(),
			},
			"description": schema.StringAttribute{
				MarkdownDescription: "Description of the order, sent on creation.",
				Optional:            true,
				Validators:          notBlank(),
			},
		},
	}
}

func (a *testOrderAction) Invoke(ctx context.Context, req action.InvokeRequest, resp *action.InvokeResponse) {
	var args orderArguments
	resp.Diagnostics.Append(req.Config.Get(ctx, &args)...)
	c, diags := a.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	merchantID := args.MerchantID.ValueInt64()
	order, err := args.create(ctx, c, "Check the order with the service.", &resp.Diagnostics)
	if err != nil {
		addTestOrderError(&resp.Diagnostics, merchantID, err)
		return
	}
	resp.SendProgress(action.InvokeProgressEvent{Message: orderCreatedMessage(merchantID, order)})
}

// addTestOrderError reports a failed create. When its outcome is unknown,
// the order may exist, and the API cannot look orders up: the action does
// not try again, and says what would run it again (a trigger with
// on_failure = taint) and how to stop that.
func addTestOrderError(diags *diag.Diagnostics, merchantID int64, err error) {
	var maybe *client.MaybeCreatedError
	if !errors.As(err, &maybe) {
		addCreateError(diags, "order", merchantOwner(merchantID), err, "")
		return
	}
	diags.AddError(fmt.Sprintf("The order may have been created for merchant %d (outcome unknown)", merchantID),
		apiErrorDetail(err)+"\n\nThe action does not send the request again, and the API cannot look orders up, so "+
			"only cardpay can tell whether the order exists. Check before this action runs again: every run creates "+
			"another order. If an action_trigger with on_failure = taint ran it, Terraform has marked the triggering "+
			"resource tainted, and the next apply replaces that resource and runs the action again: if the order "+
			"exists, run terraform untaint on that resource first.")
}

// orderCreatedMessage reports a new order. It leaves out the nonce, which
// lets its holder drive the payment.
func orderCreatedMessage(merchantID int64, o *client.Order) string {
	link := "no payment link (the service returned none)"
	if o.PaymentLink != nil && *o.PaymentLink != "" {
		link = "payment link " + *o.PaymentLink
	}
	status := o.Status
	if status == "" {
		status = "not reported"
	}
	return fmt.Sprintf("Created order %s for merchant %d: status %s, %s", o.OrderID, merchantID, status, link)
}
