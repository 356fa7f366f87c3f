package provider

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

var (
	_ resource.ResourceWithConfigure  = (*orderResource)(nil)
	_ resource.ResourceWithModifyPlan = (*orderResource)(nil)
)

const (
	orderNoCancelSummary = "Orders cannot be cancelled through the API"
	orderNoCancelDetail  = "The cardpay API has no endpoint to read, cancel or delete an order. Destroying or " +
		"replacing cardpay_order only removes it from Terraform state: the order stays at the service as it " +
		"is. A replacement creates an additional order."
)

// orderCurrencies are the currencies section 4.5 of the API reference allows.
var orderCurrencies = []string{"DKK", "EUR", "SEK"}

func orderCurrencyValidators() []validator.String {
	pattern := regexp.MustCompile(`^(` + strings.Join(orderCurrencies, "|") + `)$`)
	return []validator.String{stringvalidator.RegexMatches(pattern,
		"must be one of "+strings.Join(orderCurrencies, ", ")+" (upper-case ISO 4217 code); the service "+
			"accepts no other currency")}
}

// orderAmountValidator requires a positive amount and says which unit is
// expected, which int64validator.AtLeast cannot.
type orderAmountValidator struct{}

func (orderAmountValidator) Description(context.Context) string {
	return "must be a positive whole number, normally in the currency's minor unit (1000 = 10.00 SEK)"
}

func (v orderAmountValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (v orderAmountValidator) ValidateInt64(ctx context.Context, req validator.Int64Request, resp *validator.Int64Response) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() || req.ConfigValue.ValueInt64() > 0 {
		return
	}
	resp.Diagnostics.AddAttributeError(req.Path, "Invalid order amount",
		fmt.Sprintf("amount %s, got %d. For example write 1000 for 10.00 SEK.",
			v.Description(ctx), req.ConfigValue.ValueInt64()))
}

func newOrderResource() resource.Resource {
	return &orderResource{createOnlyResource{
		forgetSummary: orderNoCancelSummary,
		forgetDetail:  orderNoCancelDetail,
		replacedBy:    []string{"merchant_id", "amount", "currency", "reference", "description"},
	}}
}

type orderResource struct {
	createOnlyResource
}

type orderModel struct {
	ID          types.String `tfsdk:"id"`
	MerchantID  types.Int64  `tfsdk:"merchant_id"`
	Amount      types.Int64  `tfsdk:"amount"`
	Currency    types.String `tfsdk:"currency"`
	Reference   types.String `tfsdk:"reference"`
	Description types.String `tfsdk:"description"`
	OrderID     types.String `tfsdk:"order_id"`
	Status      types.String `tfsdk:"status"`
}

func (r *orderResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_order"
}

func (r *orderResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Creates a card-payment order for a merchant.\n\n" +
			"~> **Terraform only knows the order as it was created.** The API has no endpoint to read, cancel " +
			"or delete an order: Terraform never refreshes it (`status` stays the value at creation), cannot " +
			"import an existing order, and destroying the resource only removes it from state (the plan and " +
			"the apply warn about it); the order stays at the service. Every argument forces replacement, " +
			"which creates an additional order and leaves the old one as it is.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				MarkdownDescription: "The order ID, same as `order_id`.",
				Computed:            true,
				PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"merchant_id": schema.Int64Attribute{
				MarkdownDescription: "Numeric ID of the merchant. Changing it creates a new order (replacement).",
				Required:            true,
				Validators:          merchantIDValidators(),
				PlanModifiers:       []planmodifier.Int64{int64planmodifier.RequiresReplace()},
			},
			"amount": schema.Int64Attribute{
				MarkdownDescription: "Order amount, a positive whole number passed to the service unchanged. " +
					"The API reference does not specify its unit; the expected convention is the currency's " +
					"minor unit, so `1000` means 10.00 SEK. Changing it creates a new order (replacement).",
				Required:      true,
				Validators:    []validator.Int64{orderAmountValidator{}},
				PlanModifiers: []planmodifier.Int64{int64planmodifier.RequiresReplace()},
			},
			"currency": schema.StringAttribute{
				MarkdownDescription: "Currency of the amount: `DKK`, `EUR` or `SEK` (upper case). Changing it " +
					"creates a new order (replacement).",
				Required:      true,
				Validators:    orderCurrencyValidators(),
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"reference": schema.StringAttribute{
				MarkdownDescription: "Your own reference for the order, echoed by the service. Optional: the API " +
					"reference does not say whether it is required. Changing it creates a new order (replacement).",
				Optional:      true,
				Validators:    notBlank(),
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"description": schema.StringAttribute{
				MarkdownDescription: "Description of the order, sent on creation; the service does not return " +
					"it, so the state holds the configured value. Optional: the API reference does not say " +
					"whether it is required. Changing it creates a new order (replacement).",
				Optional:      true,
				Validators:    notBlank(),
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"order_id": schema.StringAttribute{
				MarkdownDescription: "Identifier the service assigned to the order.",
				Computed:            true,
				PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"status": schema.StringAttribute{
				MarkdownDescription: "Status of the order **when it was created**, normally `CREATED`. It is " +
					"not refreshed: the API cannot read an order, so later statuses never reach Terraform.",
				Computed:      true,
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
		},
	}
}

func (r *orderResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan orderModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	c, diags := r.data.partnerClient()
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}

	merchantID := plan.MerchantID.ValueInt64()
	order, err := c.CreateOrder(ctx, merchantID, client.OrderRequest{
		Amount:      plan.Amount.ValueInt64(),
		Currency:    plan.Currency.ValueString(),
		Reference:   plan.Reference.ValueString(),
		Description: plan.Description.ValueString(),
	})
	if err != nil {
		addCreateOnlyError(&resp.Diagnostics, "order", merchantID, err)
		return
	}
	// The configured amount, currency and reference stay in state: the
	// service is documented to echo them unchanged.
	if mismatch := orderEchoMismatch(plan, order); mismatch != "" {
		resp.Diagnostics.AddWarning("The service recorded the order differently",
			fmt.Sprintf("Order %s of merchant %d was created, but the service answered with %s. Terraform keeps "+
				"the configured values; check the order with the service.", order.OrderID, merchantID, mismatch))
	}
	plan.ID = types.StringValue(order.OrderID)
	plan.OrderID = types.StringValue(order.OrderID)
	plan.Status = stringOrNull(order.Status)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

// orderEchoMismatch describes where the service's echo of the order differs
// from what was sent, or returns "".
func orderEchoMismatch(sent orderModel, got *client.Order) string {
	var diffs []string
	if got.Amount != sent.Amount.ValueInt64() {
		diffs = append(diffs, fmt.Sprintf("amount %d instead of %d", got.Amount, sent.Amount.ValueInt64()))
	}
	if got.Currency != sent.Currency.ValueString() {
		diffs = append(diffs, fmt.Sprintf("currency %q instead of %q", got.Currency, sent.Currency.ValueString()))
	}
	if got.Reference != sent.Reference.ValueString() {
		diffs = append(diffs, fmt.Sprintf("reference %q instead of %q", got.Reference, sent.Reference.ValueString()))
	}
	return strings.Join(diffs, ", ")
}
