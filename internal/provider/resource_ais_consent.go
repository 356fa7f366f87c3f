package provider

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timetypes/timetypes"
	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/setplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

var (
	_ resource.ResourceWithConfigure      = (*aisConsentResource)(nil)
	_ resource.ResourceWithModifyPlan     = (*aisConsentResource)(nil)
	_ resource.ResourceWithValidateConfig = (*aisConsentResource)(nil)
)

// aisConsentPermissions are the permissions the API reference lists (4.8).
var aisConsentPermissions = []string{"ReadAccountsDetail", "ReadBalances", "ReadTransactionsDetail"}

const (
	aisConsentNoRevokeSummary = "AIS consents cannot be revoked through the API"
	aisConsentNoRevokeDetail  = "The cardpay API has no endpoint to revoke or delete an account-information consent. " +
		"Destroying or replacing cardpay_ais_consent only removes it from Terraform state: the consent stays at " +
		"the service, and once the user authorizes it at the bank it gives access to that user's account data " +
		"until its expiration_date_time. A replacement creates an additional consent. Ask cardpay support to " +
		"revoke a consent whose access must end earlier."
)

// Attribute names used in diagnostics.
const (
	attrConsentExpiration      = "expiration_date_time"
	attrConsentTransactionFrom = "transaction_from_date_time"
)

func newAISConsentResource() resource.Resource {
	return &aisConsentResource{
		createOnlyResource: createOnlyResource{
			forgetSummary: aisConsentNoRevokeSummary,
			forgetDetail:  aisConsentNoRevokeDetail,
			replacedBy: []string{"merchant_id", "user_id", "permissions",
				attrConsentExpiration, attrConsentTransactionFrom, "callback_url"},
		},
		now: time.Now,
	}
}

type aisConsentResource struct {
	createOnlyResource
	// now is the clock for the "expiration in the past" check; tests fix it.
	now func() time.Time
}

type aisConsentModel struct {
	ID                      types.String      `tfsdk:"id"`
	RequestID               types.String      `tfsdk:"request_id"`
	MerchantID              types.Int64       `tfsdk:"merchant_id"`
	UserID                  types.String      `tfsdk:"user_id"`
	Permissions             types.Set         `tfsdk:"permissions"`
	ExpirationDateTime      timetypes.RFC3339 `tfsdk:"expiration_date_time"`
	TransactionFromDateTime timetypes.RFC3339 `tfsdk:"transaction_from_date_time"`
	CallbackURL             types.String      `tfsdk:"callback_url"`
	ConsentID               types.String      `tfsdk:"consent_id"`
	Status                  types.String      `tfsdk:"status"`
	AuthorizationURL        types.String      `tfsdk:"authorization_url"`
	ErrorMessage            types.String      `tfsdk:"error_message"`
	CreatedAt               types.String      `tfsdk:"created_at"`
	UpdatedAt               types.String      `tfsdk:"updated_at"`
}

func (r *aisConsentResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_ais_consent"
}

func (r *aisConsentResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Creates an account-information (open-banking) consent for one user of a merchant. " +
			"The consent starts `pending`; the user then authorizes it at their bank through `authorization_url`, " +
			"after which the merchant may read that user's accounts, balances or transactions as the " +
			"`permissions` allow.\n\n" +
			"~> **Terraform only knows the consent as it was created.** The API can create a consent but cannot " +
			"read, change or revoke one. `status`, `consent_id`, `error_message` and `updated_at` keep the values " +
			"returned at creation and are never refreshed: authorization, failure or expiry at the bank happen " +
			"later and do not show in Terraform. Destroying or replacing this resource only removes it from state " +
			"(the plan warns about it); the consent itself stays valid until it expires.\n\n" +
			"-> The state holds the user's ID and the bank authorization link of a person's financial data: " +
			"keep the state in an access-controlled backend.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				MarkdownDescription: "Same as `request_id`.",
				Computed:            true,
				PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"request_id": schema.StringAttribute{
				MarkdownDescription: "The data provider's identifier of the consent request.",
				Computed:            true,
				PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"merchant_id": schema.Int64Attribute{
				MarkdownDescription: "Numeric ID of the merchant whose user gives the consent. Changing it creates a " +
					"new consent (replacement).",
				Required:      true,
				Validators:    merchantIDValidators(),
				PlanModifiers: []planmodifier.Int64{int64planmodifier.RequiresReplace()},
			},
			"user_id": schema.StringAttribute{
				MarkdownDescription: "The identity provider's ID of the user whose bank data the consent covers. " +
					"Changing it creates a new consent (replacement).",
				Required:      true,
				Validators:    notBlank(),
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"permissions": schema.SetAttribute{
				MarkdownDescription: "What the merchant may read once the user authorizes: at least one of " +
					"`ReadAccountsDetail` (accounts), `ReadBalances` (balances) and `ReadTransactionsDetail` " +
					"(transactions). Changing them creates a new consent (replacement).",
				Required:    true,
				ElementType: types.StringType,
				Validators: []validator.Set{
					aisPermissionsNotEmptyValidator{},
					setvalidator.NoNullValues(),
					setvalidator.ValueStringsAre(stringvalidator.OneOf(aisConsentPermissions...)),
				},
				PlanModifiers: []planmodifier.Set{setplanmodifier.RequiresReplace()},
			},
			attrConsentExpiration: schema.StringAttribute{
				MarkdownDescription: "When the consent ends, as an RFC 3339 timestamp such as " +
					"`2027-01-01T00:00:00Z`. Must be after `transaction_from_date_time` and, when the consent is " +
					"created, in the future. Sent exactly as written; rewriting the same instant in another form " +
					"(for example `2027-01-01T01:00:00+01:00`) changes nothing. Another instant creates a new " +
					"consent (replacement).",
				Required:      true,
				CustomType:    timetypes.RFC3339Type{},
				PlanModifiers: consentTimestampPlanModifiers(),
			},
			attrConsentTransactionFrom: schema.StringAttribute{
				MarkdownDescription: "Earliest transaction date the consent gives access to, as an RFC 3339 " +
					"timestamp such as `2025-01-01T00:00:00Z`. Sent exactly as written; the same instant in another " +
					"form changes nothing. Another instant creates a new consent (replacement).",
				Required:      true,
				CustomType:    timetypes.RFC3339Type{},
				PlanModifiers: consentTimestampPlanModifiers(),
			},
			"callback_url": schema.StringAttribute{
				MarkdownDescription: "URL the service calls when the user has authorized the consent. Absolute " +
					"`https` URL, or `http` for a loopback host (`localhost`, `127.0.0.1`, `::1`); no user name or " +
					"password in it. Changing it creates a new consent (replacement).",
				Optional:      true,
				Validators:    []validator.String{aisCallbackURLValidator{}},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"status": schema.StringAttribute{
				MarkdownDescription: "Status at creation, normally `pending`. Not refreshed: the API cannot read a " +
					"consent, so a later authorization, failure or expiry does not show here.",
				Computed:      true,
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"consent_id": schema.StringAttribute{
				MarkdownDescription: "The data provider's consent ID as returned at creation; null because the " +
					"service fills it in only after the user authorizes, which Terraform cannot see.",
				Computed:      true,
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"authorization_url": schema.StringAttribute{
				MarkdownDescription: "Bank page where the user authorizes the consent. Give it to that user only: " +
					"whoever completes it decides whose bank data the consent opens. Sensitive, so plans and logs " +
					"do not show it.",
				Computed:      true,
				Sensitive:     true,
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"error_message": schema.StringAttribute{
				MarkdownDescription: "Failure reason as returned at creation; null unless the service reported one. " +
					"Not refreshed.",
				Computed:      true,
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"created_at": schema.StringAttribute{
				MarkdownDescription: "When the service created the consent (RFC 3339); null if the service left it out.",
				Computed:            true,
				PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"updated_at": schema.StringAttribute{
				MarkdownDescription: "Last change as returned at creation (RFC 3339); null if the service left it " +
					"out. Not refreshed.",
				Computed:      true,
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
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

// ModifyPlan warns that destroy and replacement only forget the consent and
// rejects an expiration already in the past, but only for a consent about
// to be created: an existing consent that has expired since must keep
// planning cleanly. A replacement is planned twice by Terraform, the second
// time with null state, so the check covers the new consent of a
// replacement too.
func (r *aisConsentResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	r.createOnlyResource.ModifyPlan(ctx, req, resp)
	if !req.State.Raw.IsNull() || req.Plan.Raw.IsNull() {
		return // only a consent about to be created must not have expired
	}
	var plan aisConsentModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(consentExpirationInFuture(plan.ExpirationDateTime, r.now())...)
}

func (r *aisConsentResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan aisConsentModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	// Checked again because a saved plan may be applied after the instant passed.
	resp.Diagnostics.Append(consentExpirationInFuture(plan.ExpirationDateTime, r.now())...)
	if resp.Diagnostics.HasError() {
		return
	}
	if r.data == nil {
		resp.Diagnostics.AddError("Provider not configured",
			"The cardpay provider was not configured before creating cardpay_ais_consent. This is a bug in the provider; please report it.")
		return
	}
	c, diags := r.data.aisClient()
	resp.Diagnostics.Append(diags...)
	consentReq, diags := plan.request(ctx)
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
	plan.fill(consent)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

// request builds the API body. Timestamps go out exactly as the user wrote
// them; permissions are sorted so the request does not depend on set order.
func (m aisConsentModel) request(ctx context.Context) (client.ConsentRequest, diag.Diagnostics) {
	var perms []string
	diags := m.Permissions.ElementsAs(ctx, &perms, false)
	slices.Sort(perms)
	return client.ConsentRequest{
		MerchantID:              m.MerchantID.ValueInt64(),
		UserID:                  m.UserID.ValueString(),
		Permissions:             perms,
		ExpirationDateTime:      m.ExpirationDateTime.ValueString(),
		TransactionFromDateTime: m.TransactionFromDateTime.ValueString(),
		CallbackURL:             m.CallbackURL.ValueString(),
	}, diags
}

// fill records the service's answer and keeps the inputs as written, so the
// next plan compares configuration with the user's own spelling.
func (m *aisConsentModel) fill(c *client.Consent) {
	m.ID = types.StringValue(c.RequestID)
	m.RequestID = types.StringValue(c.RequestID)
	m.Status = types.StringValue(c.Status)
	m.ConsentID = stringPointerOrNull(c.ConsentID)
	m.AuthorizationURL = stringPointerOrNull(c.AuthorizationURL)
	m.ErrorMessage = stringPointerOrNull(c.ErrorMessage)
	m.CreatedAt = stringOrNull(c.CreatedAt)
	m.UpdatedAt = stringOrNull(c.UpdatedAt)
}

// addConsentCreateError explains a failed create. A 403 here can only mean
// the token's partner does not manage the merchant (no consent is needed to
// create one), so it gets its own message instead of the generic AIS hint.
func addConsentCreateError(diags *diag.Diagnostics, merchantID int64, err error) {
	if client.IsForbidden(err) {
		diags.AddAttributeError(path.Root("merchant_id"),
			fmt.Sprintf("Not allowed to create consents for merchant %d", merchantID),
			fmt.Sprintf("%s\n\nThe configured %s (or %s) belongs to a partner that does not manage merchant %d. "+
				"Use the ID of one of your own merchants, or the access token of the partner that manages this one.",
				err, attrAccessToken, envAccessToken, merchantID))
		return
	}
	addCreateError(diags, "AIS consent", merchantID, err, "")
}

// consentExpiresAfterTransactionFrom mirrors the service's rule so the
// mistake shows at validation rather than as an API error.
func consentExpiresAfterTransactionFrom(expiration, transactionFrom timetypes.RFC3339) diag.Diagnostics {
	var diags diag.Diagnostics
	exp, ok := knownConsentTime(expiration)
	from, ok2 := knownConsentTime(transactionFrom)
	if ok && ok2 && !exp.After(from) {
		diags.AddAttributeError(path.Root(attrConsentExpiration), "Consent expires before its transaction period starts",
			fmt.Sprintf("%s (%s) must be later than %s (%s). Write an expiration after %s, or an earlier %s.",
				attrConsentExpiration, expiration.ValueString(), attrConsentTransactionFrom, transactionFrom.ValueString(),
				transactionFrom.ValueString(), attrConsentTransactionFrom))
	}
	return diags
}

// consentExpirationInFuture rejects creating a consent that is already over.
func consentExpirationInFuture(expiration timetypes.RFC3339, now time.Time) diag.Diagnostics {
	var diags diag.Diagnostics
	if exp, ok := knownConsentTime(expiration); ok && !exp.After(now) {
		diags.AddAttributeError(path.Root(attrConsentExpiration), "Consent expiration is in the past",
			fmt.Sprintf("%s (%s) has already passed (now %s), so the consent would never be usable. Write a "+
				"future instant such as %q.", attrConsentExpiration, expiration.ValueString(),
				now.UTC().Format(time.RFC3339), now.AddDate(0, 0, 90).UTC().Truncate(time.Second).Format(time.RFC3339)))
	}
	return diags
}

// knownConsentTime parses a known timestamp; null, unknown and malformed
// values (reported by the RFC3339 type itself) yield ok false.
func knownConsentTime(v timetypes.RFC3339) (time.Time, bool) {
	if v.IsNull() || v.IsUnknown() {
		return time.Time{}, false
	}
	t, err := time.Parse(time.RFC3339, v.ValueString())
	return t, err == nil
}

func consentTimestampPlanModifiers() []planmodifier.String {
	return []planmodifier.String{sameInstantKeepsStateModifier{}, stringplanmodifier.RequiresReplace()}
}

// sameInstantKeepsStateModifier plans the state's spelling of a timestamp
// when the configuration names the same instant in another form. The
// framework applies semantic equality only to values a provider returns,
// never to a configuration change, and timetypes.RFC3339's own equality
// only treats "Z" and "+00:00" as equal (and ignores fractional seconds),
// so instants are compared here with time.Time.Equal. Terraform accepts the
// prior value in place of an equivalent configured one.
type sameInstantKeepsStateModifier struct{}

func (sameInstantKeepsStateModifier) Description(context.Context) string {
	return "the same instant written in another form (for example another UTC offset) keeps the current value"
}

func (m sameInstantKeepsStateModifier) MarkdownDescription(ctx context.Context) string {
	return m.Description(ctx)
}

func (sameInstantKeepsStateModifier) PlanModifyString(_ context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if req.StateValue.IsNull() || req.StateValue.IsUnknown() || req.PlanValue.IsNull() || req.PlanValue.IsUnknown() {
		return
	}
	planned, err := time.Parse(time.RFC3339, req.PlanValue.ValueString())
	if err != nil {
		return
	}
	current, err := time.Parse(time.RFC3339, req.StateValue.ValueString())
	if err == nil && planned.Equal(current) {
		resp.PlanValue = req.StateValue
	}
}

// aisPermissionsNotEmptyValidator rejects an empty permission set with a
// message that lists what to write.
type aisPermissionsNotEmptyValidator struct{}

func (aisPermissionsNotEmptyValidator) Description(context.Context) string {
	return "must list at least one of " + strings.Join(aisConsentPermissions, ", ")
}

func (v aisPermissionsNotEmptyValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (aisPermissionsNotEmptyValidator) ValidateSet(_ context.Context, req validator.SetRequest, resp *validator.SetResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() || len(req.ConfigValue.Elements()) > 0 {
		return
	}
	resp.Diagnostics.AddAttributeError(req.Path, "No consent permissions",
		fmt.Sprintf("A consent needs at least one permission. Write for example permissions = [%q], using any of %q.",
			aisConsentPermissions[0], aisConsentPermissions))
}

// aisCallbackURLValidator accepts where the service may safely deliver the
// authorization callback: https anywhere, plain http only on loopback.
// client.ValidateBaseURL does not fit: it forbids query strings, which
// callback URLs often carry, and its messages speak of the base URL.
type aisCallbackURLValidator struct{}

func (aisCallbackURLValidator) Description(context.Context) string {
	return "must be an absolute https URL, or http for a loopback host"
}

func (v aisCallbackURLValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (aisCallbackURLValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if problem := callbackURLProblem(req.ConfigValue.ValueString()); problem != "" {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid callback URL",
			problem+". Write an absolute https URL such as \"https://merchant.example/ais/callback\"; plain http "+
				"is accepted only for a loopback host, such as \"http://127.0.0.1:8080/callback\".")
	}
}

// callbackURLProblem says what is wrong with raw, or "" when it is usable.
// A URL carrying a password is never echoed back.
func callbackURLProblem(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return fmt.Sprintf("%q is not a valid URL", raw)
	}
	shown := u.Redacted()
	switch {
	case !u.IsAbs() || u.Hostname() == "":
		return fmt.Sprintf("%q is not an absolute URL with a host", shown)
	case u.User != nil:
		return fmt.Sprintf("%q contains a user name or password, which would be stored in state and shown in "+
			"plans in clear text", shown)
	case u.Fragment != "" || strings.HasSuffix(raw, "#"):
		return fmt.Sprintf("%q contains a fragment (#...), which is never sent to a server", shown)
	}
	switch strings.ToLower(u.Scheme) {
	case "https":
		return ""
	case "http":
		if client.IsLoopbackHost(u.Hostname()) {
			return ""
		}
		return fmt.Sprintf("%q uses plain http for a host that is not loopback, so the callback would travel "+
			"unencrypted", shown)
	default:
		return fmt.Sprintf("%q uses the scheme %q", shown, u.Scheme)
	}
}
