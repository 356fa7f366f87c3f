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
	_ resource.ResourceWithConfigure  = (*onlineTerminalResource)(nil)
	_ resource.ResourceWithModifyPlan = (*onlineTerminalResource)(nil)
)

const (
	onlineTerminalNoDeleteSummary = "Online terminals cannot be removed through the API"
	onlineTerminalNoDeleteDetail  = "The cardpay API has no endpoint to read, deactivate or delete an online " +
		"terminal. Destroying or replacing cardpay_online_terminal only removes it from Terraform state: the " +
		"terminal and its public key stay registered at the service until cardpay support removes them. A " +
		"replacement registers an additional terminal."
)

// onlineTerminalMode is one value of onlineTerminalMode and what it is for,
// as section 4.1 of the API reference describes it.
type onlineTerminalMode struct {
	name, meaning string
}

var onlineTerminalModes = []onlineTerminalMode{
	{"SelfHostedPage", "payment fields embedded in the merchant's own website"},
	{"PaymentPage", "the customer is redirected to a hosted payment page"},
	{"MerchantInitiated", "recurring payments and subscriptions, after an initial customer authentication"},
}

// onlineTerminalModeHelp lists the modes with their meaning, for the
// validator message and the attribute description.
func onlineTerminalModeHelp(quote string) string {
	parts := make([]string, len(onlineTerminalModes))
	for i, m := range onlineTerminalModes {
		parts[i] = fmt.Sprintf("%s%s%s (%s)", quote, m.name, quote, m.meaning)
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

func onlineTerminalModeValidators() []validator.String {
	names := make([]string, len(onlineTerminalModes))
	for i, m := range onlineTerminalModes {
		names[i] = regexp.QuoteMeta(m.name)
	}
	pattern := regexp.MustCompile(`^(` + strings.Join(names, "|") + `)$`)
	return []validator.String{stringvalidator.RegexMatches(pattern,
		"must be one of "+onlineTerminalModeHelp(`"`)+", spelled exactly so (the names are case-sensitive)")}
}

func newOnlineTerminalResource() resource.Resource {
	return &onlineTerminalResource{createOnlyResource{
		forgetSummary: onlineTerminalNoDeleteSummary,
		forgetDetail:  onlineTerminalNoDeleteDetail,
		replacedBy:    []string{"merchant_id", "online_terminal_mode", "store_id"},
	}}
}

type onlineTerminalResource struct {
	createOnlyResource
}

type onlineTerminalModel struct {
	ID                 types.String `tfsdk:"id"`
	MerchantID         types.Int64  `tfsdk:"merchant_id"`
	OnlineTerminalMode types.String `tfsdk:"online_terminal_mode"`
	StoreID            types.String `tfsdk:"store_id"`
	TerminalID         types.String `tfsdk:"terminal_id"`
	TerminalPublicKey  types.String `tfsdk:"terminal_public_key"`
	TerminalType       types.String `tfsdk:"terminal_type"`
}

func (r *onlineTerminalResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_online_terminal"
}

func (r *onlineTerminalResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Registers an online (e-commerce) terminal for a merchant's store and returns the " +
			"public key that initializes the online payment SDK on the merchant's website.\n\n" +
			"~> **Terraform only knows the terminal as it was registered.** The API has no endpoint to read, " +
			"deactivate or delete an online terminal: Terraform never refreshes it, cannot import an existing " +
			"terminal, and destroying the resource only removes it from state (the plan and the apply warn " +
			"about it); the terminal stays registered. Every argument forces replacement, which registers an " +
			"additional terminal and leaves the old one in place.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				MarkdownDescription: "The terminal ID, same as `terminal_id`.",
				Computed:            true,
				PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"merchant_id": schema.Int64Attribute{
				MarkdownDescription: "Numeric ID of the merchant. Changing it registers a new terminal for the " +
					"other merchant (replacement).",
				Required:      true,
				Validators:    merchantIDValidators(),
				PlanModifiers: []planmodifier.Int64{int64planmodifier.RequiresReplace()},
			},
			"online_terminal_mode": schema.StringAttribute{
				MarkdownDescription: "How the terminal takes payments: " + onlineTerminalModeHelp("`") +
					". Case-sensitive. Changing it registers a new terminal (replacement).",
				Required:      true,
				Validators:    onlineTerminalModeValidators(),
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"store_id": schema.StringAttribute{
				MarkdownDescription: "Store to register the terminal under. When omitted, the service uses the " +
					"merchant's default store and this attribute records which one; leaving it out later does " +
					"not change anything. Setting it to a different store registers a new terminal (replacement).",
				Optional:   true,
				Computed:   true,
				Validators: notBlank(),
				PlanModifiers: []planmodifier.String{
					stringplanmodifier.UseStateForUnknown(),
					stringplanmodifier.RequiresReplaceIfConfigured(),
				},
			},
			"terminal_id": schema.StringAttribute{
				MarkdownDescription: "Identifier used to reference the terminal in payment operations.",
				Computed:            true,
				PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"terminal_public_key": schema.StringAttribute{
				MarkdownDescription: "Public key that initializes the online payment SDK on the merchant's " +
					"website; needed for `SelfHostedPage` and `PaymentPage`. Null if the service returns none. " +
					"It is a public value, not a secret.",
				Computed:      true,
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"terminal_type": schema.StringAttribute{
				MarkdownDescription: "Terminal type reported by the service at registration; equals " +
					"`online_terminal_mode`.",
				Computed:      true,
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
		},
	}
}

func (r *onlineTerminalResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan onlineTerminalModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	c, diags := r.data.partnerClient()
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}

	merchantID := plan.MerchantID.ValueInt64()
	terminal, err := c.CreateOnlineTerminal(ctx, merchantID, client.OnlineTerminalRequest{
		OnlineTerminalMode: plan.OnlineTerminalMode.ValueString(),
		StoreID:            plan.StoreID.ValueString(), // "" when unknown (omitted): the default store
	})
	if err != nil {
		addCreateOnlyError(&resp.Diagnostics, "online terminal", merchantID, err)
		return
	}
	plan.fill(terminal)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

// fill records the service's answer. A configured store_id is kept as
// written, because Terraform requires the applied value to match the
// configuration; an omitted one records the store the service chose.
func (m *onlineTerminalModel) fill(t *client.OnlineTerminal) {
	m.ID = types.StringValue(t.TerminalID)
	m.TerminalID = types.StringValue(t.TerminalID)
	m.TerminalPublicKey = stringOrNull(t.TerminalPublicKey)
	m.TerminalType = stringOrNull(t.TerminalType)
	if m.StoreID.IsUnknown() || m.StoreID.IsNull() {
		m.StoreID = stringOrNull(t.StoreID)
	}
}
