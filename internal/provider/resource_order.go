// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/provider/planmodifiers"
)

var (
	_ resource.ResourceWithConfigure   = (*orderResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*orderResource)(nil)
	_ resource.ResourceWithImportState = (*orderResource)(nil)
	_ resource.ResourceWithIdentity    = (*orderResource)(nil)
)

// orderForgotten is what destroying or replacing an order does: the API
// cannot cancel it, so it only leaves the state.
var orderForgotten = planmodifiers.Warning{
	Summary: "Orders cannot be cancelled through the API",
	Detail: "The cardpay API can create and read an order but cannot cancel or delete one. Destroying or " +
		"replacing cardpay_order only removes it from Terraform state: the order stays at the service as it is. " +
		"A replacement creates an additional order.",
}

func newOrderResource() resource.Resource { return &orderResource{} }

// orderResource is cardpay_order.
type orderResource struct{ data *providerData }

func (r *orderResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_order"
}

func (r *orderResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.data = providerDataFrom(req.ProviderData, &resp.Diagnostics)
}

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
			"merchant_id": replacingMerchantID("Numeric ID of the merchant. Changing it creates a new order (replacement).", orderForgotten),
			"amount": schema.Int64Attribute{
				MarkdownDescription: "Order amount, a positive whole number passed to the service unchanged. " +
					"The API reference does not specify its unit; the expected convention is the currency's " +
					"minor unit, so `1000` means 10.00 SEK. Changing it creates a new order (replacement).",
				Required:      true,
				Validators:    orderAmountValidators(),
				PlanModifiers: []planmodifier.Int64{planmodifiers.RequiresReplace(orderForgotten)},
			},
			"currency": schema.StringAttribute{
				MarkdownDescription: "Currency of the amount: `DKK`, `EUR` or `SEK` (upper case). Changing it " +
					"creates a new order (replacement).",
				Required:      true,
				Validators:    orderCurrencyValidators(),
				PlanModifiers: []planmodifier.String{planmodifiers.RequiresReplace(orderForgotten)},
			},
			"reference": schema.StringAttribute{
				MarkdownDescription: "Your own reference for the order, echoed by the service. Optional: the API " +
					"reference does not say whether it is required. Changing it creates a new order (replacement).",
				Optional:      true,
				Validators:    notBlank(),
				PlanModifiers: []planmodifier.String{planmodifiers.RequiresReplace(orderForgotten)},
			},
			"description": schema.StringAttribute{
				MarkdownDescription: "Description of the order, sent on creation; the service does not return " +
					"it, so the state holds the configured value. Optional: the API reference does not say " +
					"whether it is required. Changing it creates a new order (replacement), except right after " +
					"import, when the configured value is recorded as written.",
				Optional:      true,
				Validators:    notBlank(),
				PlanModifiers: []planmodifier.String{planmodifiers.RequiresReplaceUnlessUnreadAfterImport(orderForgotten)},
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

// ModifyPlan checks the credentials (credentials_check.go) and warns in a
// plan that destroys the order.
func (r *orderResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	r.data.checkCredentials(ctx, client.PartnerAPI, req, &resp.Diagnostics)
	if req.Plan.Raw.IsNull() {
		resp.Diagnostics.Append(orderForgotten.Diagnostics(ctx, req.State)...)
	}
}

func (r *orderResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan orderModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	c, diags := r.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	order, err := plan.create(ctx, c, "Terraform keeps the configured values; check the order with the service.", &resp.Diagnostics)
	if err != nil {
		addCreateError(&resp.Diagnostics, "order", merchantOwner(plan.MerchantID.ValueInt64()), err, "")
		return
	}
	plan.fromCreateAnswer(order)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
	resp.Diagnostics.Append(resp.Identity.Set(ctx, plan.identity())...)
}

// create creates the order and warns, ending with next (what to do), when
// the service recorded it differently from what was sent. It returns the
// client's error, for the caller to report, when there is no order. The
// cardpay_test_order action creates its orders so too.
func (a orderArguments) create(ctx context.Context, c *client.Client, next string, diags *diag.Diagnostics) (*client.Order, error) {
	merchantID, sent := a.MerchantID.ValueInt64(), a.createBody()
	order, err := c.CreateOrder(ctx, merchantID, sent)
	if err != nil {
		return nil, err
	}
	if detail := orderEchoDetail(merchantID, sent, order); detail != "" {
		diags.AddWarning(orderEchoSummary, detail+" "+next)
	}
	return order, nil
}

const orderEchoSummary = "The service recorded the order differently"

// orderEchoDetail says where the service's answer to a new order differs
// from what was sent, or returns "".
func orderEchoDetail(merchantID int64, sent client.OrderRequest, got *client.Order) string {
	mismatch := orderEchoMismatch(sent, got)
	if mismatch == "" {
		return ""
	}
	return fmt.Sprintf("Order %s of merchant %d was created, but the service answered with %s.",
		got.OrderID, merchantID, mismatch)
}

// orderEchoMismatch describes where the service's echo of the order differs
// from what was sent, or returns "".
func orderEchoMismatch(sent client.OrderRequest, got *client.Order) string {
	var diffs []string
	if amount, ok := got.Amount.Int64(); !ok || amount != sent.Amount {
		diffs = append(diffs, fmt.Sprintf("amount %s instead of %d", got.Amount, sent.Amount))
	}
	if got.Currency != sent.Currency {
		diffs = append(diffs, fmt.Sprintf("currency %q instead of %q", got.Currency, sent.Currency))
	}
	if got.Reference != sent.Reference {
		diffs = append(diffs, fmt.Sprintf("reference %q instead of %q", got.Reference, sent.Reference))
	}
	return strings.Join(diffs, ", ")
}

func (r *orderResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state orderModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	c, diags := r.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	merchantID, orderID := state.MerchantID.ValueInt64(), state.OrderID.ValueString()
	order, err := c.GetOrder(ctx, merchantID, orderID)
	if !readOrForget(ctx, resp, err, fmt.Sprintf("Could not read order %s of merchant %d", orderID, merchantID), state.identity()) {
		return
	}
	resp.Diagnostics.Append(state.fromAPI(order)...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
	resp.Diagnostics.Append(resp.Identity.Set(ctx, state.identity())...)
}

// Update only runs to record a description configured after import (see
// planmodifiers.RequiresReplaceUnlessUnreadAfterImport); every other
// change replaces the order.
func (r *orderResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan orderModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
	resp.Diagnostics.Append(resp.Identity.Set(ctx, plan.identity())...)
	resp.Diagnostics.Append(planmodifiers.ClearUnreadAfterImport(ctx, resp.Private)...)
}

// Delete only forgets the order, which the API cannot cancel: it warns,
// and the framework removes the order from state.
func (r *orderResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	resp.Diagnostics.Append(orderForgotten.Diagnostics(ctx, req.State)...)
}

// importIDForm is "<merchant_id>/<order_id>".
func (r *orderResource) importIDForm() importIDForm {
	return merchantScopedForm("order_id", "1001/ord_0123456789abcdef", nil)
}

// ImportState marks the order as imported: the service does not report
// its description, which the next plan then records as configured.
func (r *orderResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if _, _, ok := merchantScopedImport(ctx, req, resp, "cardpay_order", r.importIDForm()); ok {
		resp.Diagnostics.Append(planmodifiers.MarkUnreadAfterImport(ctx, resp.Private)...)
	}
}

func (r *orderResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = merchantIdentitySchema("order_id", "ID of the order, for example `ord_0123456789abcdef`.")
}
