// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/provider/planmodifiers"
)

var (
	_ resource.ResourceWithConfigure   = (*onlineTerminalResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*onlineTerminalResource)(nil)
	_ resource.ResourceWithImportState = (*onlineTerminalResource)(nil)
	_ resource.ResourceWithIdentity    = (*onlineTerminalResource)(nil)
	_ list.ListResourceWithConfigure   = (*onlineTerminalResource)(nil)
)

// onlineTerminalForgotten is what destroying or replacing an online
// terminal does: the API cannot remove it, so it only leaves the state.
var onlineTerminalForgotten = planmodifiers.Warning{
	Summary: "Online terminals cannot be removed through the API",
	Detail: "The cardpay API can register and list terminals but cannot deactivate or delete one. Destroying or " +
		"replacing cardpay_online_terminal only removes it from Terraform state: the terminal and its public key " +
		"stay registered at the service until cardpay support removes them. A replacement registers an additional " +
		"terminal.",
}

const onlineTerminalInactiveSummary = "Online terminal is inactive: Terraform will register a new one"

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

// isOnlineTerminalMode reports whether a terminal of terminalType is an
// online terminal; the list also holds tap-to-pay devices.
func isOnlineTerminalMode(terminalType string) bool {
	return slices.ContainsFunc(onlineTerminalModes, func(m onlineTerminalMode) bool { return m.name == terminalType })
}

// onlineTerminalModeHelp lists the modes with their meaning, for the
// attribute description and errors.
func onlineTerminalModeHelp(quote string) string {
	parts := make([]string, len(onlineTerminalModes))
	for i, m := range onlineTerminalModes {
		parts[i] = fmt.Sprintf("%s%s%s (%s)", quote, m.name, quote, m.meaning)
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

func newOnlineTerminalResource() resource.Resource { return &onlineTerminalResource{} }

// onlineTerminalResource is cardpay_online_terminal, and its list resource.
type onlineTerminalResource struct{ data *providerData }

func (r *onlineTerminalResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_online_terminal"
}

func (r *onlineTerminalResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.data = providerDataFrom(req.ProviderData, &resp.Diagnostics)
}

func (r *onlineTerminalResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Registers an online (e-commerce) terminal for a merchant's store and returns the " +
			"public key that initializes the online payment SDK on the merchant's website. Every refresh reads " +
			"the merchant's terminal list: a terminal that has disappeared from it is removed from state (the next " +
			"plan registers it again), and a terminal the service reports as `INACTIVE` is planned for " +
			"replacement.\n\n" +
			"~> **The API cannot deactivate or delete a terminal.** Destroying the resource only removes it from " +
			"state (the plan and the apply warn about it); the terminal stays registered. Every argument forces " +
			"replacement, which registers an additional terminal and leaves the old one in place.",
		Attributes: map[string]schema.Attribute{
			"id": keptString("The terminal ID, same as `terminal_id`. The import ID is " +
				"`<merchant_id>/<terminal_id>`, for example `1001/term_0123456789abcdef`."),
			"merchant_id": replacingMerchantID("Numeric ID of the merchant. Changing it registers a new terminal for the "+
				"other merchant (replacement).", onlineTerminalForgotten),
			"online_terminal_mode": schema.StringAttribute{
				MarkdownDescription: "How the terminal takes payments: " + onlineTerminalModeHelp("`") +
					". Case-sensitive. Changing it registers a new terminal (replacement).",
				Required:      true,
				Validators:    onlineTerminalModeValidators(),
				PlanModifiers: []planmodifier.String{planmodifiers.RequiresReplace(onlineTerminalForgotten)},
			},
			"store_id": schema.StringAttribute{
				MarkdownDescription: "Store to register the terminal under. When omitted, the service uses the " +
					"merchant's default store and this attribute records which one; leaving it out later does " +
					"not change anything. Setting it to a different store registers a new terminal (replacement). " +
					"The terminal list does not report stores, so after import a configured `store_id` is recorded " +
					"as written, without replacement.",
				Optional:   true,
				Computed:   true,
				Validators: notBlank(),
				PlanModifiers: []planmodifier.String{
					stringplanmodifier.UseStateForUnknown(),
					planmodifiers.RequiresReplaceIfConfiguredAndRecorded(onlineTerminalForgotten),
				},
			},
			"terminal_id": keptString("Identifier used to reference the terminal in payment operations."),
			"terminal_public_key": keptString("Public key that initializes the online payment SDK on the merchant's " +
				"website; needed for `SelfHostedPage` and `PaymentPage`. Null if the service reports none. " +
				"It is a public value, not a secret."),
			"terminal_type": keptString("Terminal type reported by the service; equals `online_terminal_mode`."),
			"terminal_status": keptString("Status the service reports on every refresh: `ACTIVE`, `REGISTERED` or " +
				"`INACTIVE` (other words are shown as sent). An `INACTIVE` terminal takes no payments, so the " +
				"plan replaces it with a new registration. Null from registration until the next refresh, " +
				"because the registration answer does not report it."),
			"terminal_name": keptString("Display name of the terminal, when the service reports one; otherwise null."),
		},
	}
}

// ModifyPlan checks the credentials (credentials_check.go), warns when
// destroy only forgets the terminal, and replaces a terminal the service
// has deactivated.
func (r *onlineTerminalResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	r.data.checkCredentials(ctx, client.PartnerAPI, req, &resp.Diagnostics)
	if req.Plan.Raw.IsNull() {
		resp.Diagnostics.Append(onlineTerminalForgotten.Diagnostics(ctx, req.State)...)
		return
	}
	if req.State.Raw.IsNull() {
		return
	}
	var state onlineTerminalModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() || !isInactiveTerminal(state.TerminalStatus) {
		return
	}
	replaceInactive(ctx, resp, path.Root("terminal_status"), onlineTerminalInactiveSummary, fmt.Sprintf(
		"The service reports terminal %s of merchant %d as %s, so it takes no payments. Terraform plans to "+
			"register a new terminal with the same arguments; the inactive one stays at the service.",
		state.TerminalID.ValueString(), state.MerchantID.ValueInt64(), state.TerminalStatus.ValueString()))
}

func isInactiveTerminal(status types.String) bool {
	return client.Terminal{TerminalStatus: status.ValueString()}.Inactive()
}

func (r *onlineTerminalResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan onlineTerminalModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	c, diags := r.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	merchantID := plan.MerchantID.ValueInt64()
	// The terminals of a list read before the request are not the one it
	// makes, should its answer be lost (recover). Any list of this
	// operation will do, so the merchant's creates share one read.
	before, err := r.data.terminals.recent(ctx, c, merchantID)
	if err != nil {
		addAPIError(&resp.Diagnostics, fmt.Sprintf("Could not list the terminals of merchant %d", merchantID), err)
		return
	}
	listed := make(map[string]bool, len(before))
	for _, t := range before {
		listed[t.TerminalID] = true
	}
	terminal, err := r.register(ctx, c, plan)
	if err == nil {
		plan.fromCreateAnswer(terminal)
	} else {
		found, err := r.recover(ctx, c, plan, listed, err, &resp.Diagnostics)
		if err != nil {
			addCreateError(&resp.Diagnostics, "online terminal", merchantOwner(merchantID), err, "the cardpay_terminals data source lists the merchant's terminals")
			return
		}
		plan.fromListed(found)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
	resp.Diagnostics.Append(resp.Identity.Set(ctx, plan.identity())...)
}

// register sends the registration and claims the terminal it answers,
// sharing the merchant's creating lock with the merchant's other
// registrations (a recovery waits for them).
func (r *onlineTerminalResource) register(ctx context.Context, c *client.Client, m onlineTerminalModel) (*client.OnlineTerminal, error) {
	merchantID := m.MerchantID.ValueInt64()
	lock := r.data.terminals.creating(merchantID)
	lock.RLock()
	defer lock.RUnlock()
	terminal, err := c.CreateOnlineTerminal(ctx, merchantID, m.createBody())
	if err == nil {
		r.data.terminals.claim(merchantID, terminal.TerminalID)
	}
	return terminal, err
}

// recover looks for the terminal a create with an unknown outcome may have
// made: exactly one terminal of the configured mode that was not listed
// before the request (the list reports no creation time) and that no other
// registration of this operation claimed. It reads the list holding the
// merchant's creating lock alone, so no registration is under way, and
// claims what it finds, which it returns with a warning. Otherwise it
// returns the create's error, with what it found.
func (r *onlineTerminalResource) recover(ctx context.Context, c *client.Client, m onlineTerminalModel, listed map[string]bool,
	createErr error, diags *diag.Diagnostics,
) (*client.Terminal, error) {
	merchantID, mode := m.MerchantID.ValueInt64(), m.OnlineTerminalMode.ValueString()
	lists := r.data.terminals
	lock := lists.creating(merchantID)
	lock.Lock()
	defer lock.Unlock()
	found, err := recoverCreated(ctx, createErr, func(ctx context.Context) ([]client.Terminal, error) { return lists.afterWrites(ctx, c, merchantID) },
		func(t *client.Terminal) bool {
			return t.TerminalType == mode && !listed[t.TerminalID] && !lists.claimed(merchantID, t.TerminalID)
		},
		fmt.Sprintf("a new %s terminal", mode), fmt.Sprintf("new %s terminals", mode))
	if err != nil {
		return nil, err
	}
	lists.claim(merchantID, found.TerminalID)
	diags.AddWarning("The terminal's registration was answered with an error, but it exists",
		fmt.Sprintf("%v\n\nThe provider found terminal %s of merchant %d, a %s terminal that was not in the merchant's "+
			"terminal list before the request, and records it: a second apply would otherwise register a second "+
			"terminal. The list does not report stores, so an unset store_id is null.", createErr, found.TerminalID, merchantID, mode))
	return found, nil
}

func (r *onlineTerminalResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state onlineTerminalModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	c, diags := r.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	merchantID, terminalID := state.MerchantID.ValueInt64(), state.TerminalID.ValueString()
	terminal, err := r.findTerminal(ctx, c, merchantID, terminalID)
	if !readOrForget(ctx, resp, err, fmt.Sprintf("Could not list the terminals of merchant %d", merchantID), state.identity()) {
		return
	}
	if state.OnlineTerminalMode.IsNull() && !isOnlineTerminalMode(terminal.TerminalType) {
		resp.Diagnostics.AddError("Not an online terminal",
			fmt.Sprintf("Terminal %s of merchant %d has type %q, which is not an online terminal mode (%s). Only online "+
				"terminals can be imported as cardpay_online_terminal; the cardpay_terminals data source lists every kind.",
				terminalID, merchantID, terminal.TerminalType, onlineTerminalModeHelp(`"`)))
		return
	}
	state.fromAPI(terminal)
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
	resp.Diagnostics.Append(resp.Identity.Set(ctx, state.identity())...)
}

// Update records the plan: it only runs for a store_id configured where
// none is recorded (after import or a recovered create), which changes
// nothing at the service; every other change replaces the terminal.
func (r *onlineTerminalResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan onlineTerminalModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
	resp.Diagnostics.Append(resp.Identity.Set(ctx, plan.identity())...)
}

// Delete only forgets the terminal, which the API cannot remove: it warns,
// and the framework removes the terminal from state.
func (r *onlineTerminalResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	resp.Diagnostics.Append(onlineTerminalForgotten.Diagnostics(ctx, req.State)...)
}

// findTerminal finds a merchant's terminal in the shared list.
func (r *onlineTerminalResource) findTerminal(ctx context.Context, c *client.Client, merchantID int64, terminalID string) (*client.Terminal, error) {
	return r.data.terminals.find(ctx, c, merchantID, merchantThing("terminal", terminalID, merchantID),
		func(t *client.Terminal) bool { return t.TerminalID == terminalID })
}

// importIDForm is "<merchant_id>/<terminal_id>".
func (r *onlineTerminalResource) importIDForm() importIDForm {
	return merchantScopedForm("terminal_id", "1001/term_0123456789abcdef", nil)
}

func (r *onlineTerminalResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	merchantScopedImport(ctx, req, resp, "cardpay_online_terminal", r.importIDForm())
}

func (r *onlineTerminalResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = merchantIdentitySchema("terminal_id", "ID of the terminal, for example `term_0123456789abcdef`.")
}
