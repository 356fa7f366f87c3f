// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-timetypes/timetypes"
	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/provider/planmodifiers"
)

var (
	_ resource.ResourceWithConfigure      = (*aisConsentResource)(nil)
	_ resource.ResourceWithValidateConfig = (*aisConsentResource)(nil)
	_ resource.ResourceWithModifyPlan     = (*aisConsentResource)(nil)
	_ resource.ResourceWithImportState    = (*aisConsentResource)(nil)
	_ resource.ResourceWithIdentity       = (*aisConsentResource)(nil)
)

// aisConsentPermissions are the permissions the API reference lists (4.8).
var aisConsentPermissions = []string{"ReadAccountsDetail", "ReadBalances", "ReadTransactionsDetail"}

// aisConsentEnded are the statuses of a consent that gives no access any
// more and is not coming back; such a consent is planned for replacement.
var aisConsentEnded = []string{"expired", "revoked", "failed"}

const aisConsentEndedSummary = "AIS consent has ended: Terraform will create a new one"

// aisConsentForgotten is what destroying or replacing a consent does: the
// API cannot revoke it, so it only leaves the state.
var aisConsentForgotten = planmodifiers.Warning{
	Summary: "AIS consents cannot be revoked through the API",
	Detail: "The cardpay API has no endpoint to revoke or delete an account-information consent. Destroying or " +
		"replacing cardpay_ais_consent only removes it from Terraform state: the consent stays at the service, and " +
		"once the user authorizes it at the bank it gives access to that user's account data until its " +
		"expiration_date_time. A replacement creates an additional consent. Ask cardpay support to revoke a consent " +
		"whose access must end earlier.",
}

// Attribute names used in diagnostics.
const (
	attrConsentExpiration      = "expiration_date_time"
	attrConsentTransactionFrom = "transaction_from_date_time"
)

func newAISConsentResource() resource.Resource { return &aisConsentResource{} }

// aisConsentResource is cardpay_ais_consent, which the data API (AIS)
// serves.
type aisConsentResource struct{ data *providerData }

func (r *aisConsentResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_ais_consent"
}

func (r *aisConsentResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.data = providerDataFrom(req.ProviderData, &resp.Diagnostics)
}

func (r *aisConsentResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Creates an account-information (open-banking) consent for one user of a merchant. " +
			"The consent starts `pending`; the user then authorizes it at their bank through `authorization_url`, " +
			"after which the merchant may read that user's accounts, balances or transactions as the " +
			"`permissions` allow.\n\n" +
			"Every refresh reads the consent, so `status`, `consent_id`, `updated_at` and `error_message` follow " +
			"the service. `terraform plan -refresh-only` shows a consent that the user authorized, or that expired, " +
			"was revoked or failed; a plain `terraform plan` prints no changes for these read-only attributes. " +
			"A consent that has ended (`expired`, `revoked` or `failed`) is planned for replacement by any plan, " +
			"and the plan says why.\n\n" +
			"~> **The API cannot revoke a consent.** Destroying or replacing this resource only removes it from " +
			"state (the plan warns about it); the consent itself stays valid until it expires.\n\n" +
			"-> The state holds the user's ID and the bank authorization link of a person's financial data: " +
			"keep the state in an access-controlled backend.",
		Attributes: map[string]schema.Attribute{
			"id": keptString("Same as `request_id`. The import ID is `MERCHANT_ID/USER_ID/ID`, where ID is the " +
				"request ID or the consent ID; with the provider's `access_token` set, the ID alone will do."),
			"request_id": keptString("The ID the service gives the consent when it creates it. The sandbox's admin " +
				"calls and an import take it."),
			"merchant_id": replacingMerchantID("Numeric ID of the merchant whose user gives the consent. Changing it creates a "+
				"new consent (replacement).", aisConsentForgotten),
			"user_id": schema.StringAttribute{
				MarkdownDescription: "The ID of the merchant's user whose bank data the consent covers: the ID under " +
					"which the merchant's application registered that user with cardpay (ask cardpay where your " +
					"integration finds it; in the cardpay-sandbox, a new merchant's user is `user-<merchant ID>`). " +
					"Changing it creates a new consent (replacement).",
				Required:      true,
				Validators:    notBlank(),
				PlanModifiers: []planmodifier.String{planmodifiers.RequiresReplace(aisConsentForgotten)},
			},
			"permissions": schema.SetAttribute{
				MarkdownDescription: "What the merchant may read once the user authorizes: at least one of " +
					"`ReadAccountsDetail` (accounts), `ReadBalances` (balances) and `ReadTransactionsDetail` " +
					"(transactions). Changing them creates a new consent (replacement).",
				Required:    true,
				ElementType: types.StringType,
				Validators: []validator.Set{
					setvalidator.SizeAtLeast(1),
					setvalidator.NoNullValues(),
					setvalidator.ValueStringsAre(stringvalidator.OneOf(aisConsentPermissions...)),
				},
				PlanModifiers: []planmodifier.Set{planmodifiers.RequiresReplace(aisConsentForgotten)},
			},
			attrConsentExpiration: schema.StringAttribute{
				MarkdownDescription: "When the consent ends, as an RFC 3339 timestamp such as " +
					"`2027-01-01T00:00:00Z`. Must be after `transaction_from_date_time` and, when the consent is " +
					"created, in the future. Sent exactly as written; rewriting the same instant in another form " +
					"(for example `2027-01-01T01:00:00+01:00`) changes nothing. Another instant creates a new " +
					"consent (replacement).",
				Required:      true,
				CustomType:    timetypes.RFC3339Type{},
				PlanModifiers: consentTimestampPlanModifiers,
			},
			attrConsentTransactionFrom: schema.StringAttribute{
				MarkdownDescription: "Earliest transaction date the consent gives access to, as an RFC 3339 " +
					"timestamp such as `2025-01-01T00:00:00Z`. Sent exactly as written; the same instant in another " +
					"form changes nothing. Another instant creates a new consent (replacement).",
				Required:      true,
				CustomType:    timetypes.RFC3339Type{},
				PlanModifiers: consentTimestampPlanModifiers,
			},
			"callback_url": schema.StringAttribute{
				MarkdownDescription: "URL the service calls when the user has authorized the consent. Absolute " +
					"`https` URL, or `http` for a loopback host (`localhost`, `127.0.0.1`, `::1`); no user name or " +
					"password in it. Changing it creates a new consent (replacement). The service does not report it, " +
					"so after import a configured value is recorded as written.",
				Optional:      true,
				Validators:    []validator.String{secureURLValidator("callback URL", "https://merchant.example/ais/callback")},
				PlanModifiers: []planmodifier.String{planmodifiers.RequiresReplaceUnlessUnreadAfterImport(aisConsentForgotten)},
			},
			"status": keptString("Status as the service reports it on every refresh: `pending` on creation, then " +
				"`authorized`, `expired`, `revoked` or `failed` (other words are shown as sent). An ended consent " +
				"(`expired`, `revoked`, `failed`) is planned for replacement."),
			"consent_id": keptString("The consent's ID at the bank, which the service fills in once the user has " +
				"authorized; null until a refresh sees it. The authorization callback also carries it, as " +
				"`consentId` in the query of `callback_url`. Also accepted as import ID."),
			"authorization_url": schema.StringAttribute{
				MarkdownDescription: "Bank page where the user authorizes the consent. Give it to that user only: " +
					"whoever completes it decides whose bank data the consent opens. Sensitive, so plans and logs " +
					"do not show it.",
				Computed:      true,
				Sensitive:     true,
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"error_message": keptString("Reason the consent failed, as the service reports it on every refresh; null " +
				"unless it reported one."),
			"created_at": keptString("When the service created the consent (RFC 3339); null if the service left it out."),
			"updated_at": keptString("Last change of the consent (RFC 3339), as the service reports it on every " +
				"refresh; null if the service leaves it out."),
		},
	}
}

// ValidateConfig checks what does not depend on the clock or on state.
func (r *aisConsentResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var config aisConsentModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(consentExpiresAfterTransactionFrom(config.ExpirationDateTime, config.TransactionFromDateTime)...)
}

// consentTimestampPlanModifiers keep the spelling of a timestamp that
// names the same instant, and replace the consent for another instant.
var consentTimestampPlanModifiers = []planmodifier.String{
	planmodifiers.KeepStateForSameInstant(), planmodifiers.RequiresReplace(aisConsentForgotten),
}

// ModifyPlan checks the credentials (credentials_check.go), warns that
// destroy only forgets the consent, replaces one that has ended, and
// rejects an expiration already in the past, but only for a consent about
// to be created: an existing consent that has expired since must keep
// planning cleanly. A replacement is planned twice by Terraform, the second
// time with null state, so the check covers the new consent of a
// replacement too.
func (r *aisConsentResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	r.data.checkCredentials(ctx, client.DataAPI, req, &resp.Diagnostics)
	if req.Plan.Raw.IsNull() {
		resp.Diagnostics.Append(aisConsentForgotten.Diagnostics(ctx, req.State)...)
		return
	}
	if !req.State.Raw.IsNull() {
		r.replaceEnded(ctx, req, resp)
		return // only a consent about to be created must not have expired
	}
	var plan aisConsentModel
	diags := req.Plan.Get(ctx, &plan)
	if resp.Diagnostics.Append(diags...); diags.HasError() {
		return
	}
	// Also beside a missing setting (checkCredentials): both need fixing.
	resp.Diagnostics.Append(consentExpirationInFuture(plan.ExpirationDateTime, r.data.now())...)
}

// replaceEnded plans a new consent in place of one that has ended.
func (r *aisConsentResource) replaceEnded(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	var state aisConsentModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	status := strings.ToLower(state.Status.ValueString())
	if resp.Diagnostics.HasError() || !slices.Contains(aisConsentEnded, status) {
		return
	}
	detail := fmt.Sprintf("The service reports consent %s as %s, so it gives no access to user %q's bank data any more. "+
		"Terraform plans a new consent with the same arguments; the user has to authorize it at the bank again.",
		state.RequestID.ValueString(), status, state.UserID.ValueString())
	if msg := state.ErrorMessage.ValueString(); msg != "" {
		detail += " The service's reason: " + msg
	}
	if status == "expired" {
		detail += " If it expired because expiration_date_time has passed, set a later one."
	}
	replaceInactive(ctx, resp, path.Root("status"), aisConsentEndedSummary, detail)
}

func (r *aisConsentResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan aisConsentModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	c, diags := r.data.clientFor(client.DataAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	// Checked again because a saved plan may be applied after the instant passed.
	resp.Diagnostics.Append(consentExpirationInFuture(plan.ExpirationDateTime, r.data.now())...)
	consentReq, diags := plan.createBody(ctx)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}

	consent, err := c.CreateConsent(ctx, consentReq)
	if err != nil {
		addConsentCreateError(&resp.Diagnostics, consentReq.MerchantID, err)
		return
	}
	if consent.RequestID == "" {
		resp.Diagnostics.AddError("Consent created without a request ID",
			"The service accepted the consent but returned no requestId, so Terraform cannot track it. A pending "+
				"consent may exist for this user; contact cardpay support before applying again.")
		return
	}
	tflog.Info(ctx, "created AIS consent", map[string]any{"request_id": consent.RequestID, "merchant_id": consentReq.MerchantID})
	plan.fromCreateAnswer(consent)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
	resp.Diagnostics.Append(resp.Identity.Set(ctx, plan.identity())...)
}

// Read follows the consent at the service, by its consent ID once known and
// by its request ID before.
func (r *aisConsentResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state aisConsentModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	c, diags := r.data.clientFor(client.DataAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	id, byConsentID := state.RequestID.ValueString(), false
	if !state.ConsentID.IsNull() {
		id, byConsentID = state.ConsentID.ValueString(), true
	}
	consent, err := c.GetConsent(ctx, state.scope(ctx), id)
	switch {
	case client.IsNotFound(err) && byConsentID:
		forget(ctx, resp, state.identity()) // the service no longer knows the consent
		return
	case client.IsNotFound(err):
		// The published read takes a consent ID only; a service that does
		// not answer for a request ID says nothing about the consent.
		resp.Diagnostics.AddWarning(consentUnreadableSummary, fmt.Sprintf(consentUnreadableDetail, id))
		resp.Diagnostics.Append(resp.Identity.Set(ctx, state.identity())...)
		return
	case err != nil:
		addAPIError(&resp.Diagnostics, fmt.Sprintf("Could not read AIS consent %s", id), err)
		return
	}
	resp.Diagnostics.Append(state.fromAPI(ctx, consent)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
	resp.Diagnostics.Append(resp.Identity.Set(ctx, state.identity())...)
}

// Update only runs to record a callback_url configured after import (see
// planmodifiers.RequiresReplaceUnlessUnreadAfterImport); every other
// change replaces the consent.
func (r *aisConsentResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan aisConsentModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
	resp.Diagnostics.Append(resp.Identity.Set(ctx, plan.identity())...)
	resp.Diagnostics.Append(planmodifiers.ClearUnreadAfterImport(ctx, resp.Private)...)
}

// Delete only forgets the consent, which the API cannot revoke: it warns,
// and the framework removes the consent from state.
func (r *aisConsentResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	resp.Diagnostics.Append(aisConsentForgotten.Diagnostics(ctx, req.State)...)
}

const (
	consentUnreadableSummary = "AIS consent not found by its request ID: state kept as it was"
	consentUnreadableDetail  = "The service answered 404 for the consent's request ID %q. That is expected until the " +
		"user has authorized the consent at the bank: the service's published read takes the consent ID, which " +
		"exists only once the user returns from the bank (the callback URL receives it as ?consentId=...). Until " +
		"then Terraform cannot see the consent's status and keeps what it recorded at creation. Once the user has " +
		"authorized, import the consent with its consent ID (terraform import ADDRESS MERCHANT_ID/USER_ID/CONSENT_ID) " +
		"so refreshes follow it."
)

// addConsentCreateError explains a failed create. A 403 here can only mean
// the token's partner does not manage the merchant (no consent is needed to
// create one), so it gets its own message instead of the generic AIS hint.
func addConsentCreateError(diags *diag.Diagnostics, merchantID int64, err error) {
	if client.IsForbidden(err) {
		diags.AddAttributeError(path.Root("merchant_id"),
			fmt.Sprintf("Not allowed to create consents for merchant %d", merchantID),
			fmt.Sprintf("%s\n\nThe configured partner credentials (or %s, when set) belong to a partner that does not "+
				"manage merchant %d. Use the ID of one of your own merchants, or the credentials of the partner that "+
				"manages this one.", err, attrAccessToken, merchantID))
		return
	}
	addCreateError(diags, "AIS consent", merchantOwner(merchantID), err, "")
}

func (r *aisConsentResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = identityschema.Schema{Attributes: map[string]identityschema.Attribute{
		"request_id": identityschema.StringAttribute{RequiredForImport: true,
			Description: "The consent's request ID (`request_id`), or its consent ID once authorized (`consent_id`)."},
		"merchant_id": identityschema.Int64Attribute{OptionalForImport: true,
			Description: "Numeric ID of the merchant; needed for import unless the provider has an access_token."},
		"user_id": identityschema.StringAttribute{OptionalForImport: true,
			Description: "ID of the user who gave the consent; needed for import unless the provider has an access_token."},
	}}
}
