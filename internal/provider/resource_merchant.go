// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework-validators/objectvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

const (
	merchantNoDeleteSummary = "Merchants cannot be deleted through the API"
	merchantNoDeleteDetail  = "The cardpay API can create and read merchants but cannot update, deactivate or " +
		"delete one. Destroying cardpay_merchant only removes it from Terraform state: the merchant stays at the " +
		"service, with its stores, terminals and payment methods. Ask cardpay to deactivate it."
	// defaultMerchantWait bounds a wait_for wait when no timeouts are set:
	// a person fills in the onboarding form.
	defaultMerchantWait = 30 * time.Minute
)

// merchantImmutable are the arguments the API cannot change: a change
// fails the plan instead of replacing the merchant, which would create a
// second one.
var merchantImmutable = []string{"company_name", "contact_email", "contact_phone", "partner_ref_id", "fast_track", "test_merchant"}

func newMerchantResource() resource.Resource { return newMerchant() }

// newMerchant returns the resource, which also serves as its list resource.
func newMerchant() *merchantResource {
	return &merchantResource{forgotten("merchant", merchantNoDeleteSummary, merchantNoDeleteDetail)}
}

type merchantResource struct{ forgottenOnDestroy }

func (r *merchantResource) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Creates a merchant of the partner: a standard merchant, which completes its " +
			"onboarding at `onboarding_url`; a fast-track merchant (`fast_track`), whose company details the " +
			"partner already has, so it only signs the agreement and links a bank account; or, on the service's " +
			"sandbox only, a pre-activated test merchant (`test_merchant = true`), for a module's CI. Every refresh " +
			"reads the merchant, so `status` follows the service (`pending` until onboarding completes, then " +
			"`active`). With `wait_for = \"active\"` the apply waits until the merchant is active, so that card " +
			"onboarding, stores and terminals that depend on it are set up only then.\n\n" +
			"~> **The API cannot update or delete a merchant.** A change of its arguments fails the plan (a " +
			"replacement would create a second merchant); change them in the cardpay dashboard, then in the " +
			"configuration. Destroying the resource only removes it from state, and the plan warns about it.",
		Attributes: merchantAttributes(),
		Blocks: map[string]schema.Block{"timeouts": timeouts.Block(ctx, timeouts.Opts{Create: true, Update: true,
			CreateDescription: "How long `wait_for` waits after creating the merchant.",
			UpdateDescription: "How long `wait_for` waits when it is set on an existing merchant that is not active yet."})},
	}
}

func merchantAttributes() map[string]schema.Attribute {
	immutable := " The API cannot change it: a change fails the plan."
	return map[string]schema.Attribute{
		"id": keptString("The merchant ID as a string. Also the import ID."),
		"merchant_id": schema.Int64Attribute{MarkdownDescription: "Numeric ID of the merchant, as the other " +
			"resources take it in `merchant_id`.", Computed: true,
			PlanModifiers: []planmodifier.Int64{int64planmodifier.UseStateForUnknown()}},
		"company_name": schema.StringAttribute{MarkdownDescription: "Legal name of the merchant's company." + immutable,
			Required: true, Validators: notBlank()},
		"contact_email": schema.StringAttribute{MarkdownDescription: "E-mail address of the merchant's contact, " +
			"a plain address such as `owner@example.com`; the service sends the onboarding link there." + immutable,
			Required: true, Validators: []validator.String{emailValidator()}},
		"contact_phone": schema.StringAttribute{MarkdownDescription: "Phone number of the merchant's contact, " +
			"for example `+4533000000`." + immutable, Optional: true, Validators: phoneValidators()},
		"partner_ref_id": schema.StringAttribute{MarkdownDescription: "Your own reference for the merchant, for " +
			"example a customer number. It lets the provider find the merchant when the answer to its creation " +
			"is lost (so a second apply does not create a second merchant), and import it as `ref:<partner_ref_id>`. " +
			"Set it." + immutable, Optional: true, Validators: notBlank()},
		"fast_track": schema.SingleNestedAttribute{MarkdownDescription: "Creates the merchant through fast-track " +
			"with these company details. Not read back: after import it is recorded as configured." + immutable,
			Optional: true, Attributes: merchantFastTrackAttributes(),
			Validators: []validator.Object{objectvalidator.ConflictsWith(path.MatchRoot("test_merchant"))}},
		"test_merchant": schema.BoolAttribute{MarkdownDescription: "Creates a pre-activated test merchant. Only the " +
			"service's sandbox (and the cardpay-sandbox) offers it; production answers 404. Not read back." + immutable,
			Optional: true},
		"client_id":  keptString("The merchant's client ID (a UUID), as account-to-account payments name the merchant."),
		"status":     keptString("`pending` (or `pending_onboarding`) until the merchant completes onboarding, then `active`; `inactive` once deactivated. Other words are shown as sent."),
		"created_at": keptString("When the merchant was created (date-time), as the service reports it."),
		"onboarding_url": schema.StringAttribute{MarkdownDescription: "Where the merchant completes its " +
			"onboarding, from the create answer; null after import. Sensitive: it carries an onboarding token.",
			Computed: true, Sensitive: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
		"onboarding_url_expires_at": keptString("When `onboarding_url` stops working, from the create answer."),
		"wait_for": schema.StringAttribute{MarkdownDescription: "`active` to make the apply wait until the merchant " +
			"is active (for at most `timeouts.create`, default 30 minutes). Changing it changes nothing at the service.",
			Optional: true, Validators: []validator.String{stringvalidator.OneOf(client.MerchantStatusActive)}},
	}
}

func merchantFastTrackAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"registration_number": schema.StringAttribute{MarkdownDescription: "Company registration number, such as a Danish CVR.",
			Required: true, Validators: notBlank()},
		"website": schema.StringAttribute{MarkdownDescription: "The company's website, an https URL.",
			Required: true, Validators: []validator.String{secureURLValidator("website", "https://shop.example")}},
		"iban": schema.StringAttribute{MarkdownDescription: "IBAN of the account payouts go to, such as `DK5000400440116243`.",
			Required: true, Sensitive: true, Validators: ibanValidators()},
		"bic": schema.StringAttribute{MarkdownDescription: "BIC of that account's bank, such as `DABADKKK`.",
			Optional: true, Validators: bicValidators()},
	}
}

// ModifyPlan warns about destroy, fails a plan that changes what the API
// cannot change, and plans status as unknown when the update waits for it
// to change. A value recorded as null (not read back after import) takes
// the configured one.
func (r *merchantResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	r.forgottenOnDestroy.ModifyPlan(ctx, req, resp)
	if req.State.Raw.IsNull() || req.Plan.Raw.IsNull() {
		return
	}
	r.planWait(ctx, req, resp)
	var id types.String
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("id"), &id)...)
	for _, name := range merchantImmutable {
		var planned, prior attr.Value
		resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root(name), &planned)...)
		resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root(name), &prior)...)
		if planned == nil || prior == nil || prior.IsNull() || planned.IsUnknown() || planned.Equal(prior) {
			continue
		}
		resp.Diagnostics.AddAttributeError(path.Root(name), "The API cannot change a merchant's "+name,
			fmt.Sprintf("The plan changes %s of merchant %s, but the cardpay API has no way to update a merchant, and "+
				"replacing the resource would create a second merchant. Change it in the cardpay dashboard (or ask "+
				"cardpay support), then set the configuration to the new value; or restore the old value here.",
				name, id.ValueString()))
	}
}

// planWait plans status as unknown when an update is planned and will
// wait for the merchant to become active (see Update); otherwise the
// status stays as the refresh recorded it.
func (r *merchantResource) planWait(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	var plan, state merchantModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() || req.Plan.Raw.Equal(req.State.Raw) || !waitsForActive(plan, state) {
		return
	}
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("status"), types.StringUnknown())...)
}

// waitsForActive reports whether an update from state to plan waits for
// the merchant to become active.
func waitsForActive(plan, state merchantModel) bool {
	return plan.WaitFor.ValueString() == client.MerchantStatusActive && !strings.EqualFold(state.Status.ValueString(), client.MerchantStatusActive)
}

func (r *merchantResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	plan, c, ok := begin[merchantModel](ctx, r.data, client.AreaPartner, req.Plan, &resp.Diagnostics)
	if !ok {
		return
	}
	sentAt := r.data.now()
	merchant, err := r.create(ctx, c, plan)
	if err != nil {
		if merchant, err = r.recover(ctx, c, plan, sentAt, err, &resp.Diagnostics); err != nil {
			addCreateError(&resp.Diagnostics, "merchant "+strconv.Quote(plan.CompanyName.ValueString()), "the partner", err,
				"the cardpay_merchants data source lists the partner's merchants")
			return
		}
	}
	tflog.Info(ctx, "created merchant", map[string]any{"merchant_id": string(merchant.ID), "status": merchant.Status})
	plan.fromAPI(merchant)
	if plan.WaitFor.ValueString() == client.MerchantStatusActive {
		timeout, diags := plan.Timeouts.Create(ctx, defaultMerchantWait)
		resp.Diagnostics.Append(diags...)
		resp.Diagnostics.Append(r.waitUntilActive(ctx, c, &plan, timeout)...)
	} else {
		r.completeFromRead(ctx, c, &plan, &resp.Diagnostics)
	}
	save(ctx, &resp.State, resp.Identity, plan, &resp.Diagnostics)
}

// completeFromRead reads the new merchant once: the create answer has no
// phone, reference or creation time, and state should hold them from the
// first apply. A failed read only warns; the next refresh fills them in.
func (r *merchantResource) completeFromRead(ctx context.Context, c *client.Client, m *merchantModel, diags *diag.Diagnostics) {
	merchant, err := c.GetMerchant(ctx, m.MerchantID.ValueInt64())
	if err != nil {
		diags.AddWarning(fmt.Sprintf("Merchant %d was created but could not be read back", m.MerchantID.ValueInt64()),
			fmt.Sprintf("%v\n\nThe merchant exists and is in state; the next refresh records its creation time.", err))
		return
	}
	m.fromAPI(merchant)
}

// create sends the create request of the configured kind of merchant.
func (r *merchantResource) create(ctx context.Context, c *client.Client, plan merchantModel) (*client.Merchant, error) {
	switch {
	case plan.FastTrack != nil:
		return c.FastTrackMerchant(ctx, plan.fastTrackBody())
	case plan.TestMerchant.ValueBool():
		return c.CreateTestMerchant(ctx, plan.createBody())
	default:
		return c.CreateMerchant(ctx, plan.createBody())
	}
}

// recover looks for the merchant a create with an unknown outcome may have
// made, by its partner reference and a creation time after the request
// was sent, and returns it (with a warning) when exactly one matches.
// Otherwise it returns the create's error, with what it found.
func (r *merchantResource) recover(ctx context.Context, c *client.Client, plan merchantModel, sentAt time.Time, createErr error, diags *diag.Diagnostics) (*client.Merchant, error) {
	ref := plan.PartnerRefID.ValueString()
	if ref == "" {
		return nil, createErr
	}
	found, err := recoverCreated(ctx, createErr, c.ListMerchants, func(m *client.Merchant) bool {
		return m.PartnerRefID == ref && createdSince(m.CreatedAt, sentAt)
	}, fmt.Sprintf("a merchant with partner reference %q", ref), fmt.Sprintf("merchants with partner reference %q", ref))
	if err != nil {
		return nil, err
	}
	diags.AddWarning("The merchant's creation was answered with an error, but it exists",
		fmt.Sprintf("%v\n\nThe provider found merchant %s with partner reference %q, created after the request was "+
			"sent, and records it: a second apply would otherwise create a second merchant. Its onboarding link was in "+
			"the lost answer and is unknown; the merchant also receives it by e-mail.", createErr, found.ID, ref))
	return found, nil
}

func (r *merchantResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	state, c, ok := begin[merchantModel](ctx, r.data, client.AreaPartner, req.State, &resp.Diagnostics)
	if !ok {
		return
	}
	merchant, err := c.GetMerchant(ctx, state.MerchantID.ValueInt64())
	if !readOrForget(ctx, req, resp, err, fmt.Sprintf("Could not read merchant %d", state.MerchantID.ValueInt64())) {
		return
	}
	state.fromAPI(merchant)
	save(ctx, &resp.State, resp.Identity, state, &resp.Diagnostics)
}

// Update records what changes nothing at the service (wait_for, timeouts)
// and, when wait_for asks for it, waits for a merchant that is not active.
func (r *merchantResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	state, plan, c, ok := beginUpdate[merchantModel](ctx, r.data, req, &resp.Diagnostics)
	if !ok {
		return
	}
	if waitsForActive(plan, state) {
		timeout, diags := plan.Timeouts.Update(ctx, defaultMerchantWait)
		resp.Diagnostics.Append(diags...)
		resp.Diagnostics.Append(r.waitUntilActive(ctx, c, &plan, timeout)...)
	}
	save(ctx, &resp.State, resp.Identity, plan, &resp.Diagnostics)
}

// waitUntilActive reads the merchant until it is active, for at most
// timeout; an inactive (deactivated) merchant ends the wait with an error.
func (r *merchantResource) waitUntilActive(ctx context.Context, c *client.Client, m *merchantModel, timeout time.Duration) diag.Diagnostics {
	var diags diag.Diagnostics
	id := m.MerchantID.ValueInt64()
	timedOut, err := r.data.pollOnboarding(ctx, timeout, func(ctx context.Context) (bool, error) {
		merchant, err := c.GetMerchant(ctx, id)
		if err != nil {
			return false, err
		}
		m.fromAPI(merchant)
		tflog.Info(ctx, "waiting for the merchant to become active", map[string]any{"merchant_id": id, "status": merchant.Status})
		return merchant.Active() || strings.EqualFold(merchant.Status, client.MerchantStatusInactive), nil
	})
	switch {
	case timedOut:
		diags.AddError(fmt.Sprintf("Merchant %d did not become active within %s", id, timeout),
			fmt.Sprintf("The service still reports merchant %d as %q. The merchant completes its onboarding at the link "+
				"it received by e-mail (also in onboarding_url). The merchant exists and is kept in state; apply again to "+
				"keep waiting (Terraform may mark it tainted: run terraform untaint first), or raise timeouts.", id, m.Status.ValueString()))
	case err != nil:
		addAPIError(&diags, fmt.Sprintf("Could not read merchant %d", id), err)
	case !strings.EqualFold(m.Status.ValueString(), client.MerchantStatusActive):
		diags.AddError(fmt.Sprintf("Merchant %d was deactivated", id),
			fmt.Sprintf("The service reports merchant %d as %q while the apply waited for it to become active. Ask cardpay why.", id, m.Status.ValueString()))
	}
	return diags
}

// ImportState takes the merchant ID, or ref:<partner_ref_id>, or an
// identity.
func (r *merchantResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	var id int64
	var parts importParts
	if req.ID != "" {
		var err error
		if parts, err = importIDForms["cardpay_merchant"].parse(req.ID); err != nil {
			resp.Diagnostics.AddError("Invalid import ID for cardpay_merchant", err.Error())
			return
		}
	}
	switch ref, isRef := parts["partner_ref_id"]; {
	case isRef:
		_, c, ok := begin[struct{}](ctx, r.data, client.AreaPartner, nil, &resp.Diagnostics)
		if !ok {
			return
		}
		found, err := findMerchantsByRef(ctx, c, ref)
		if err != nil {
			addAPIError(&resp.Diagnostics, fmt.Sprintf("Cannot import the merchant with partner reference %q", ref), err)
			return
		}
		if len(found) != 1 {
			resp.Diagnostics.AddError(fmt.Sprintf("Cannot import the merchant with partner reference %q", ref),
				fmt.Sprintf("The partner has %d merchants with that reference; import one by its merchant ID instead "+
					"(the cardpay_merchants data source lists them).", len(found)))
			return
		}
		id, _ = strconv.ParseInt(string(found[0].ID), 10, 64)
	case req.ID != "":
		id = parts.merchantID()
	default:
		var v types.Int64
		resp.Diagnostics.Append(req.Identity.GetAttribute(ctx, path.Root("merchant_id"), &v)...)
		id = v.ValueInt64()
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("merchant_id"), id)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), strconv.FormatInt(id, 10))...)
}

func (r *merchantResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = identityschema.Schema{Attributes: map[string]identityschema.Attribute{
		"merchant_id": identityschema.Int64Attribute{Description: "Numeric ID of the merchant.", RequiredForImport: true},
	}}
}
