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
			"example a customer number. It names one merchant: when the partner has a merchant with it already (the " +
			"answer to its creation was lost, an apply failed while it waited, or the state lost it), the plan says " +
			"so and the apply records that merchant instead of creating a second one. Import takes it as " +
			"`ref:<partner_ref_id>`. Set it." + immutable, Optional: true, Validators: notBlank()},
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
			"is active (for at most `timeouts.create`, default 30 minutes). A wait that runs out fails the apply; the " +
			"next apply waits again (with `partner_ref_id` set; see the limitations). While the last refresh saw the " +
			"merchant pending, every plan shows `status` as known after apply. Changing it changes nothing at the service.",
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

// ModifyPlan warns about destroy, shows a create that will record an
// existing merchant (planExisting), plans a wait again for a pending
// merchant (planWaitAgain) and fails a plan that changes what the API
// cannot change. A value recorded as null (not read back after import)
// takes the configured one.
func (r *merchantResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	r.forgottenOnDestroy.ModifyPlan(ctx, req, resp)
	if req.State.Raw.IsNull() && !req.Plan.Raw.IsNull() {
		r.planExisting(ctx, req, resp)
	}
	if req.State.Raw.IsNull() || req.Plan.Raw.IsNull() {
		return
	}
	r.planWaitAgain(ctx, req, resp)
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

// planExisting shows in a create's plan that the apply will record the
// merchant that holds the configured partner reference instead of creating
// one (merchantByRef), with its ID, so that resources that take its
// merchant_id are not replaced. A provider that cannot call the API yet
// (unknown settings) leaves the look-up to the apply.
func (r *merchantResource) planExisting(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	var m merchantAttrs
	for name, value := range map[string]*types.String{
		"partner_ref_id": &m.PartnerRefID, "company_name": &m.CompanyName, "contact_email": &m.ContactEmail, "contact_phone": &m.ContactPhone,
	} {
		resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root(name), value)...)
	}
	c, clientDiags := r.data.clientFor(client.AreaPartner)
	if m.PartnerRefID.IsUnknown() || clientDiags.HasError() || resp.Diagnostics.HasError() {
		return
	}
	found, diags := r.data.merchantByRef(ctx, c, m)
	resp.Diagnostics.Append(diags...)
	if found == nil {
		return
	}
	if id, err := strconv.ParseInt(string(found.ID), 10, 64); err == nil {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("merchant_id"), id)...)
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("id"), strconv.FormatInt(id, 10))...)
	}
	addExistingMerchantWarning(&resp.Diagnostics, found, "the apply records it instead of creating one")
}

// addExistingMerchantWarning says that merchant mc, which holds the
// configured partner reference, is recorded instead of created.
func addExistingMerchantWarning(diags *diag.Diagnostics, mc *client.Merchant, what string) {
	diags.AddWarning(fmt.Sprintf("Merchant %s exists already: %s", mc.ID, what),
		fmt.Sprintf("The partner already has merchant %s with partner reference %q (status %s). A partner reference names "+
			"one merchant, so the provider records merchant %s instead of creating a second one, and waits for it when "+
			"wait_for says so. This happens when Terraform lost track of a merchant it created: an earlier apply failed "+
			"after creating it (a wait_for that ran out leaves the merchant tainted, and Terraform replaces a tainted "+
			"resource), or its state was lost. Its onboarding link was only in the create answer, so onboarding_url is "+
			"null; the service e-mailed it to the merchant. To create a separate merchant instead, give this one "+
			"another partner_ref_id.", mc.ID, mc.PartnerRefID, mc.Status, mc.ID))
}

func (r *merchantResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	plan, c, ok := begin[merchantModel](ctx, r.data, client.AreaPartner, req.Plan, &resp.Diagnostics)
	if !ok {
		return
	}
	merchant, diags := r.data.merchantByRef(ctx, c, plan.merchantAttrs)
	resp.Diagnostics.Append(diags...)
	switch {
	case resp.Diagnostics.HasError():
		return
	case merchant != nil:
		addExistingMerchantWarning(&resp.Diagnostics, merchant, "recorded instead of created")
	default:
		if merchant = r.createOrRecover(ctx, c, plan, &resp.Diagnostics); merchant == nil {
			return
		}
	}
	tflog.Info(ctx, "created merchant", map[string]any{"merchant_id": string(merchant.ID), "status": merchant.Status})
	plan.fromAPI(merchant)
	if plan.WaitFor.ValueString() == client.MerchantStatusActive {
		timeout, diags := plan.Timeouts.Create(ctx, defaultMerchantWait)
		resp.Diagnostics.Append(diags...)
		resp.Diagnostics.Append(r.waitUntilActive(ctx, c, &plan, timeout, "create")...)
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

// createOrRecover creates the merchant; when the outcome is unknown, it
// looks for the merchant the request may have made (recover). It reports
// a failure into diags and returns nil.
func (r *merchantResource) createOrRecover(ctx context.Context, c *client.Client, plan merchantModel, diags *diag.Diagnostics) *client.Merchant {
	sentAt := r.data.now()
	merchant, err := r.create(ctx, c, plan)
	if err == nil {
		return merchant
	}
	if merchant, err = r.recover(ctx, c, plan, sentAt, err, diags); err != nil {
		addCreateError(diags, "merchant "+strconv.Quote(plan.CompanyName.ValueString()), "the partner", err,
			"the cardpay_merchants data source lists the partner's merchants")
		return nil
	}
	return merchant
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
	if plan.Status.IsUnknown() { // planWaitAgain: the wait records what it reads
		plan.Status = state.Status
	}
	if plan.WaitFor.ValueString() == client.MerchantStatusActive && !strings.EqualFold(state.Status.ValueString(), client.MerchantStatusActive) {
		timeout, diags := plan.Timeouts.Update(ctx, defaultMerchantWait)
		resp.Diagnostics.Append(diags...)
		resp.Diagnostics.Append(r.waitUntilActive(ctx, c, &plan, timeout, "update")...)
	}
	save(ctx, &resp.State, resp.Identity, plan, &resp.Diagnostics)
}

// planWaitAgain plans an update that waits again while wait_for asks for
// an active merchant and the last refresh saw it pending, so that the
// apply after a wait that ran out keeps waiting. A deactivated merchant is
// not waited for.
func (r *merchantResource) planWaitAgain(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	var waitFor, status types.String
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("wait_for"), &waitFor)...)
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("status"), &status)...)
	word := status.ValueString()
	if waitFor.ValueString() != client.MerchantStatusActive || word == "" ||
		strings.EqualFold(word, client.MerchantStatusActive) || strings.EqualFold(word, client.MerchantStatusInactive) {
		return
	}
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("status"), types.StringUnknown())...)
}

// waitUntilActive reads the merchant until it is active, for at most
// timeout; an inactive (deactivated) merchant ends the wait with an error.
// during is "create" or "update", the operation and its timeouts attribute.
func (r *merchantResource) waitUntilActive(ctx context.Context, c *client.Client, m *merchantModel, timeout time.Duration, during string) diag.Diagnostics {
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
				"it received by e-mail (also in onboarding_url). %s", id, m.Status.ValueString(), merchantWaitAdvice(during, m)))
	case err != nil:
		addAPIError(&diags, fmt.Sprintf("Could not read merchant %d", id), err)
	case !strings.EqualFold(m.Status.ValueString(), client.MerchantStatusActive):
		diags.AddError(fmt.Sprintf("Merchant %d was deactivated", id),
			fmt.Sprintf("The service reports merchant %d as %q while the apply waited for it to become active. Ask cardpay why.", id, m.Status.ValueString()))
	}
	return diags
}

// merchantWaitAdvice says how to go on after a wait during create or
// update ran out. A failed create leaves the merchant tainted: with a
// partner reference, the replacement records it again (merchantByRef).
func merchantWaitAdvice(during string, m *merchantModel) string {
	switch {
	case during == "update":
		return "The merchant stays in state; apply again to keep waiting (timeouts.update), or raise timeouts.update."
	case m.PartnerRefID.ValueString() != "":
		return fmt.Sprintf("The merchant is kept in state, and Terraform marks it tainted because the apply failed. Apply "+
			"again to keep waiting: the plan shows the merchant replaced, but the apply finds merchant %d by its "+
			"partner_ref_id and records it again instead of creating a second merchant, then waits again "+
			"(timeouts.create). Raise timeouts.create to wait longer.", m.MerchantID.ValueInt64())
	default:
		return "The merchant is kept in state, but Terraform marks it tainted because the apply failed, and without " +
			"partner_ref_id the next apply would create a second merchant: run terraform untaint on this resource, then " +
			"apply again to keep waiting (timeouts.update)."
	}
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
