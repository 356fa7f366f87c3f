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
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/provider/planmodifiers"
)

var (
	_ resource.ResourceWithConfigure   = (*merchantResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*merchantResource)(nil)
	_ resource.ResourceWithImportState = (*merchantResource)(nil)
	_ resource.ResourceWithIdentity    = (*merchantResource)(nil)
	_ list.ListResourceWithConfigure   = (*merchantResource)(nil)
)

// merchantForgotten is what destroying a merchant does: the API cannot
// delete it, so it only leaves the state.
var merchantForgotten = planmodifiers.Warning{
	Summary: "Merchants cannot be deleted through the API",
	Detail: "The cardpay API can create and read merchants but cannot update, deactivate or delete one. " +
		"Destroying cardpay_merchant only removes it from Terraform state: the merchant stays at the service, with " +
		"its stores, terminals and payment methods. Ask cardpay to deactivate it.",
}

// merchantUnchangeable refuses a plan that changes an argument the API
// cannot change: replacing the merchant would create a second one.
func merchantUnchangeable(ctx context.Context, attribute path.Path, prior tfsdk.State) diag.Diagnostics {
	var id types.String
	diags := prior.GetAttribute(ctx, path.Root("id"), &id)
	name := attribute.String()
	diags.AddAttributeError(attribute, "The API cannot change a merchant's "+name,
		fmt.Sprintf("The plan changes %s of merchant %s, but the cardpay API has no way to update a merchant, and "+
			"replacing the resource would create a second merchant. Change it in the cardpay dashboard (or ask "+
			"cardpay support), then set the configuration to the new value; or restore the old value here.",
			name, id.ValueString()))
	return diags
}

// defaultMerchantWait bounds a wait_for wait when no timeouts are set: a
// person fills in the onboarding form.
const defaultMerchantWait = 30 * time.Minute

func newMerchantResource() resource.Resource { return &merchantResource{} }

// merchantResource is cardpay_merchant, and its list resource.
type merchantResource struct{ data *providerData }

func (r *merchantResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_merchant"
}

func (r *merchantResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.data = providerDataFrom(req.ProviderData, &resp.Diagnostics)
}

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
	unchangeable := []planmodifier.String{planmodifiers.Immutable(merchantUnchangeable)}
	return map[string]schema.Attribute{
		"id": keptString("The merchant ID as a string. Also the import ID."),
		"merchant_id": schema.Int64Attribute{MarkdownDescription: "Numeric ID of the merchant, as the other " +
			"resources take it in `merchant_id`.", Computed: true,
			PlanModifiers: []planmodifier.Int64{int64planmodifier.UseStateForUnknown()}},
		"company_name": schema.StringAttribute{MarkdownDescription: "Legal name of the merchant's company." + immutable,
			Required: true, Validators: notBlank(), PlanModifiers: unchangeable},
		"contact_email": schema.StringAttribute{MarkdownDescription: "E-mail address of the merchant's contact, " +
			"a plain address such as `owner@example.com`; the service sends the onboarding link there." + immutable,
			Required: true, Validators: []validator.String{emailValidator()}, PlanModifiers: unchangeable},
		"contact_phone": schema.StringAttribute{MarkdownDescription: "Phone number of the merchant's contact, " +
			"for example `+4533000000`." + immutable, Optional: true, Validators: phoneValidators(), PlanModifiers: unchangeable},
		"partner_ref_id": schema.StringAttribute{MarkdownDescription: "Your own reference for the merchant, for " +
			"example a customer number. It names one merchant: when the partner has a merchant with it already (the " +
			"answer to its creation was lost, an apply failed while it waited, or the state lost it), the plan says " +
			"so and the apply records that merchant instead of creating a second one. Import takes it as " +
			"`ref:<partner_ref_id>`. Set it." + immutable, Optional: true, Validators: notBlank(), PlanModifiers: unchangeable},
		"fast_track": schema.SingleNestedAttribute{MarkdownDescription: "Creates the merchant through fast-track " +
			"with these company details. Not read back: after import it is recorded as configured." + immutable,
			Optional: true, Attributes: merchantFastTrackAttributes(),
			Validators:    []validator.Object{objectvalidator.ConflictsWith(path.MatchRoot("test_merchant"))},
			PlanModifiers: []planmodifier.Object{planmodifiers.Immutable(merchantUnchangeable)}},
		"test_merchant": schema.BoolAttribute{MarkdownDescription: "Creates a pre-activated test merchant. Only the " +
			"service's sandbox (and the cardpay-sandbox) offers it; production answers 404. Not read back." + immutable,
			Optional: true, PlanModifiers: []planmodifier.Bool{planmodifiers.Immutable(merchantUnchangeable)}},
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

// ModifyPlan checks the credentials (credentials_check.go) and warns in a
// plan that destroys the merchant; it shows a create that will record an
// existing merchant (planExisting), and plans a wait again for a pending
// merchant (planWaitAgain). The arguments the API cannot change refuse a
// change themselves (merchantUnchangeable).
func (r *merchantResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	r.data.checkCredentials(ctx, client.PartnerAPI, req, &resp.Diagnostics)
	switch {
	case req.Plan.Raw.IsNull():
		resp.Diagnostics.Append(merchantForgotten.Diagnostics(ctx, req.State)...)
	case req.State.Raw.IsNull():
		r.planExisting(ctx, req, resp)
	default:
		r.planWaitAgain(ctx, req, resp)
	}
}

func (r *merchantResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan merchantModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	c, diags := r.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	merchant, diags := r.merchantByRef(ctx, c, plan.merchantAttrs)
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
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
	resp.Diagnostics.Append(resp.Identity.Set(ctx, plan.identity())...)
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

func (r *merchantResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state merchantModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	c, diags := r.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	merchant, err := c.GetMerchant(ctx, state.MerchantID.ValueInt64())
	if !readOrForget(ctx, resp, err, fmt.Sprintf("Could not read merchant %d", state.MerchantID.ValueInt64()), state.identity()) {
		return
	}
	state.fromAPI(merchant)
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
	resp.Diagnostics.Append(resp.Identity.Set(ctx, state.identity())...)
}

// Update records what changes nothing at the service (wait_for, timeouts)
// and, when wait_for asks for it, waits for a merchant that is not active.
func (r *merchantResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan, state merchantModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	c, diags := r.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
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
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
	resp.Diagnostics.Append(resp.Identity.Set(ctx, plan.identity())...)
}

// Delete only forgets the merchant, which the API cannot delete: it warns,
// and the framework removes the merchant from state.
func (r *merchantResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	resp.Diagnostics.Append(merchantForgotten.Diagnostics(ctx, req.State)...)
}

// merchantRefPrefix starts the import ID of a merchant found by the
// partner's own reference.
const merchantRefPrefix = "ref:"

// importIDForm is the merchant ID, or ref:<partner_ref_id>.
func (r *merchantResource) importIDForm() importIDForm {
	return importIDForm{
		syntax:  "<merchant_id> or ref:<partner_ref_id>",
		example: "1001",
		fields:  []importField{{name: fieldMerchantID, number: true, optional: true}, {name: "partner_ref_id", optional: true}},
		parse: func(id string) (importParts, error) {
			if ref, isRef := strings.CutPrefix(id, merchantRefPrefix); isRef {
				if ref == "" {
					return nil, fmt.Errorf("expected a partner reference after %q, such as \"ref:CRM-4712\"; got %q", merchantRefPrefix, id)
				}
				return importParts{"partner_ref_id": ref}, nil
			}
			merchantID, err := parseMerchantID(id)
			if err != nil {
				return nil, fmt.Errorf("%w, or ref:<partner_ref_id>", err)
			}
			return importParts{fieldMerchantID: strconv.FormatInt(merchantID, 10)}, nil
		},
		format: func(p importParts) string {
			if ref, ok := p["partner_ref_id"]; ok {
				return merchantRefPrefix + ref
			}
			return p[fieldMerchantID]
		},
	}
}

// ImportState takes the merchant ID, or ref:<partner_ref_id>, or an
// identity.
func (r *merchantResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	var id int64
	var parts importParts
	if req.ID != "" {
		var err error
		if parts, err = r.importIDForm().parse(req.ID); err != nil {
			resp.Diagnostics.AddError("Invalid import ID for cardpay_merchant", err.Error())
			return
		}
	}
	switch ref, isRef := parts["partner_ref_id"]; {
	case isRef:
		c, diags := r.data.clientFor(client.PartnerAPI)
		if resp.Diagnostics.Append(diags...); diags.HasError() {
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
