// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

const (
	orderNoCancelSummary = "Orders cannot be cancelled through the API"
	orderNoCancelDetail  = "The cardpay API can create and read an order but cannot cancel or delete one. " +
		"Destroying or replacing cardpay_order only removes it from Terraform state: the order stays at the " +
		"service as it is. A replacement creates an additional order."
)

func newOrderResource() resource.Resource {
	return &orderResource{forgotten("order", orderNoCancelSummary, orderNoCancelDetail)}
}

type orderResource struct{ forgottenOnDestroy }

func (r *orderResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Creates a card-payment order for a merchant. Every refresh reads the order, so " +
			"`status` follows the service (`CREATED`, then for example `PAID`, `CANCELLED` or `REFUNDED`), and " +
			"an order the service no longer knows is removed from state.\n\n" +
			"~> **The API cannot cancel or delete an order.** Destroying the resource only removes it from " +
			"state (the plan and the apply warn about it); the order stays at the service. Every argument " +
			"forces replacement, which creates an additional order and leaves the old one as it is.",
		Attributes: map[string]schema.Attribute{
			"id":          keptString("The order ID, same as `order_id`."),
			"merchant_id": replacingMerchantID("Numeric ID of the merchant. Changing it creates a new order (replacement)."),
			"amount": schema.Int64Attribute{
				MarkdownDescription: "Order amount, a positive whole number passed to the service unchanged. " +
					"The API reference does not specify its unit; the expected convention is the currency's " +
					"minor unit, so `1000` means 10.00 SEK. Changing it creates a new order (replacement).",
				Required:      true,
				Validators:    orderAmountValidators(),
				PlanModifiers: []planmodifier.Int64{replaceInt64(int64planmodifier.RequiresReplace())},
			},
			"currency": schema.StringAttribute{
				MarkdownDescription: "Currency of the amount: `DKK`, `EUR` or `SEK` (upper case). Changing it " +
					"creates a new order (replacement).",
				Required:      true,
				Validators:    orderCurrencyValidators(),
				PlanModifiers: []planmodifier.String{replaceString(stringplanmodifier.RequiresReplace())},
			},
			"reference": schema.StringAttribute{
				MarkdownDescription: "Your own reference for the order, echoed by the service. Optional: the API " +
					"reference does not say whether it is required. Changing it creates a new order (replacement).",
				Optional:      true,
				Validators:    notBlank(),
				PlanModifiers: []planmodifier.String{replaceString(stringplanmodifier.RequiresReplace())},
			},
			"description": schema.StringAttribute{
				MarkdownDescription: "Description of the order, sent on creation; the service does not return " +
					"it, so the state holds the configured value. Optional: the API reference does not say " +
					"whether it is required. Changing it creates a new order (replacement), except right after " +
					"import, when the configured value is recorded as written.",
				Optional:      true,
				Validators:    notBlank(),
				PlanModifiers: []planmodifier.String{requiresReplaceUnlessUnreadAfterImport()},
			},
			"order_id": keptString("Identifier the service assigned to the order."),
			"status": keptString("Status of the order as the service reports it on every refresh: `CREATED` " +
				"on creation, later for example `PAID`, `CANCELLED` or `REFUNDED` (other words are shown as sent)."),
			"payment_link": keptString("Link to the hosted payment page of the order, for payment-page terminals, as " +
				"returned on creation; null when the service returns none, and after import (reads do not " +
				"report it). Not sensitive: it is meant to be sent to the paying customer, and paying is all it " +
				"allows."),
			"nonce": schema.StringAttribute{
				MarkdownDescription: "Nonce that initializes the online payment SDK for this order, as returned on " +
					"creation; null when the service returns none, and after import. Sensitive: it lets the " +
					"holder drive the order's payment from their own page, so plans and logs do not show it.",
				Computed:      true,
				Sensitive:     true,
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
		},
	}
}

func (r *orderResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	plan, c, ok := begin[orderModel](ctx, r.data, client.AreaPartner, req.Plan, &resp.Diagnostics)
	if !ok {
		return
	}
	order, err := plan.create(ctx, c, "Terraform keeps the configured values; check the order with the service.", &resp.Diagnostics)
	if err != nil {
		addCreateError(&resp.Diagnostics, "order", merchantOwner(plan.MerchantID.ValueInt64()), err, "")
		return
	}
	plan.fromCreateAnswer(order)
	save(ctx, &resp.State, resp.Identity, plan, &resp.Diagnostics)
}

func (r *orderResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	state, c, ok := begin[orderModel](ctx, r.data, client.AreaPartner, req.State, &resp.Diagnostics)
	if !ok {
		return
	}
	merchantID, orderID := state.MerchantID.ValueInt64(), state.OrderID.ValueString()
	order, err := c.GetOrder(ctx, merchantID, orderID)
	if !readOrForget(ctx, req, resp, err, fmt.Sprintf("Could not read order %s of merchant %d", orderID, merchantID)) {
		return
	}
	resp.Diagnostics.Append(state.fromAPI(order)...)
	if resp.Diagnostics.HasError() {
		return
	}
	save(ctx, &resp.State, resp.Identity, state, &resp.Diagnostics)
}

func (r *orderResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if _, _, ok := merchantScopedImport(ctx, req, resp, "cardpay_order"); ok {
		resp.Diagnostics.Append(markUnreadAfterImport(ctx, resp.Private)...)
	}
}

// Update only runs to record a description configured after import (see
// requiresReplaceUnlessUnreadAfterImport); every other change replaces the
// order.
func (r *orderResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	r.forgottenOnDestroy.Update(ctx, req, resp)
	resp.Diagnostics.Append(clearUnreadAfterImport(ctx, resp.Private)...)
}

func (r *orderResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = merchantIdentitySchema("order_id", "ID of the order, for example `ord_0123456789abcdef`.")
}
