package provider

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/mail"
	"regexp"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

var (
	_ resource.ResourceWithConfigure   = (*storeResource)(nil)
	_ resource.ResourceWithImportState = (*storeResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*storeResource)(nil)
)

const (
	storeNoDeleteSummary = "Stores cannot be deleted through the API"
	storeNoDeleteDetail  = "The cardpay API has no endpoint to delete a store. Destroying or replacing " +
		"cardpay_store only removes it from Terraform state; the store and the values Terraform wrote " +
		"stay at the service unchanged."
)

// Patterns of the store inputs. The service validates country code and
// e-mail the same way; the other fields are free text at the service, so
// the provider only rejects what is surely a mistake.
var (
	storeCountryCodePattern = regexp.MustCompile(`^[A-Z]{2}$`)
	storeSingleLinePattern  = regexp.MustCompile(`^(\S(.*\S)?)?$`)
	storePhonePattern       = regexp.MustCompile(`^(\+?[0-9 ()./-]*[0-9][0-9 ()./-]*)?$`)
	storeIDPattern          = regexp.MustCompile(`^[^/]+$`)
)

func newStoreResource() resource.Resource { return &storeResource{} }

type storeResource struct {
	data *providerData
}

type storeModel struct {
	ID            types.String `tfsdk:"id"`
	MerchantID    types.Int64  `tfsdk:"merchant_id"`
	StoreID       types.String `tfsdk:"store_id"`
	Name          types.String `tfsdk:"name"`
	StreetAddress types.String `tfsdk:"street_address"`
	City          types.String `tfsdk:"city"`
	PostalCode    types.String `tfsdk:"postal_code"`
	CountryCode   types.String `tfsdk:"country_code"`
	Phone         types.String `tfsdk:"phone"`
	Email         types.String `tfsdk:"email"`
	IsDefault     types.Bool   `tfsdk:"is_default"`
	LocationID    types.String `tfsdk:"location_id"`
	Status        types.String `tfsdk:"status"`
	CreatedAt     types.String `tfsdk:"created_at"`
}

func (r *storeResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_store"
}

func (r *storeResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Manages the details of an existing store (location) of a merchant. The service " +
			"creates stores; this resource updates the fields you set and records the others as the service " +
			"reports them.\n\n" +
			"~> **The API can update a store but cannot read or delete one.** Terraform knows a store's values " +
			"only from the answer to its own updates, so changes made outside Terraform are not detected. " +
			"Only the arguments set in the configuration are sent; the others keep the service's values. " +
			"Removing an argument from the configuration does not clear it at the service (the state keeps " +
			"the last value). Destroying the resource only removes it from state: the store stays at the " +
			"service with its values, and the plan warns about it.\n\n" +
			"Import with `<merchant_id>/<store_id>`, for example `1001/1001-main`. Without a read endpoint the " +
			"import records only the IDs; the first apply after import writes the configured values and " +
			"records the rest from the service's answer, so the first plan after import shows an update.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				MarkdownDescription: "`<merchant_id>/<store_id>`, for example `1001/1001-main`. Also the import ID.",
				Computed:            true,
				PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"merchant_id": schema.Int64Attribute{
				MarkdownDescription: "Numeric ID of the merchant that owns the store. Changing it manages " +
					"another store (replacement).",
				Required:      true,
				Validators:    merchantIDValidators(),
				PlanModifiers: []planmodifier.Int64{int64planmodifier.RequiresReplace()},
			},
			"store_id": schema.StringAttribute{
				MarkdownDescription: "ID of an existing store of the merchant, for example `1001-main`. Changing " +
					"it manages another store (replacement); the previous store keeps its values.",
				Required:      true,
				Validators:    storeIDValidators(),
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"name": storeOptionalString("Store name. Must not be empty.", notBlank()),
			"street_address": storeOptionalString("Street address, for example `Vesterbrogade 1`. "+
				"Set to `\"\"` to clear it at the service.", storeSingleLineValidators()),
			"city": storeOptionalString("City. Set to `\"\"` to clear it at the service.",
				storeSingleLineValidators()),
			"postal_code": storeOptionalString("Postal code, for example `1620` or `111 21`. "+
				"Set to `\"\"` to clear it at the service.", storeSingleLineValidators()),
			"country_code": storeOptionalString("Country as an ISO 3166-1 alpha-2 code in upper case, "+
				"for example `DK` or `SE`.", []validator.String{
				stringvalidator.RegexMatches(storeCountryCodePattern,
					"must be an ISO 3166-1 alpha-2 country code of two upper-case letters, for example \"DK\""),
			}),
			"phone": storeOptionalString("Phone number, for example `+4533000000`. "+
				"Set to `\"\"` to clear it at the service.", []validator.String{
				stringvalidator.RegexMatches(storePhonePattern,
					"must be a phone number of digits, spaces and + ( ) - . / such as \"+4533000000\", "+
						"or \"\" to clear it"),
			}),
			"email": storeOptionalString("Contact e-mail address, a plain address such as `shop@example.com`.",
				[]validator.String{storeEmailValidator{}}),
			"is_default": schema.BoolAttribute{
				MarkdownDescription: "Whether this is the merchant's default store. `true` makes it the only " +
					"default (the service clears the flag on the merchant's other stores; other `cardpay_store` " +
					"resources keep their recorded value until their next apply, so set `true` on one store " +
					"only). `false` is refused by the service for the current default store: make another " +
					"store the default instead.",
				Optional: true,
				Computed: true,
			},
			"location_id": storeFixedString("Location code of the store, as reported by the service."),
			"status": schema.StringAttribute{
				MarkdownDescription: "`active` or `inactive`, as reported by the service in its answer to the " +
					"last update; it cannot be changed through the API. Null when the service leaves it out.",
				Computed: true,
			},
			"created_at": storeFixedString("When the store was created (date-time), as reported by the service."),
		},
	}
}

// storeOptionalString is an argument that the service keeps when it is not
// sent. When it is unset (or removed from the configuration), Terraform
// proposes the value in state, so a plan without changes stays empty.
//
// It deliberately has no UseStateForUnknown: when an update is planned, the
// framework plans unset arguments as unknown and the PUT's answer fills them.
// Copying the state instead would promise values Terraform cannot check
// (there is no read endpoint): a value changed outside Terraform, or an
// is_default cleared by another store becoming the default, would then fail
// the apply with "Provider produced inconsistent result".
func storeOptionalString(description string, validators []validator.String) schema.StringAttribute {
	return schema.StringAttribute{
		MarkdownDescription: description + " When not set, the service's value is kept and recorded from " +
			"the answer to the last update; removing it from the configuration does not clear it.",
		Optional:   true,
		Computed:   true,
		Validators: validators,
	}
}

// storeFixedString is a computed value that never changes for a store, so
// it keeps its state across plans. The non-null variant leaves a value
// unknown after import, where the state holds only the IDs.
func storeFixedString(description string) schema.StringAttribute {
	return schema.StringAttribute{
		MarkdownDescription: description + " Null when the service leaves it out.",
		Computed:            true,
		PlanModifiers:       []planmodifier.String{stringplanmodifier.UseNonNullStateForUnknown()},
	}
}

func storeIDValidators() []validator.String {
	return append(notBlank(), stringvalidator.RegexMatches(storeIDPattern,
		"must be a store ID without \"/\", for example \"1001-main\""))
}

func storeSingleLineValidators() []validator.String {
	return []validator.String{stringvalidator.RegexMatches(storeSingleLinePattern,
		"must be a single line without leading or trailing spaces, or \"\" to clear the value")}
}

func (r *storeResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.data = providerDataFrom(req.ProviderData, &resp.Diagnostics)
}

func (r *storeResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	warnIfDestroyOnlyForgets(ctx, req, resp, storeNoDeleteSummary, storeNoDeleteDetail, "merchant_id", "store_id")
	if req.State.Raw.IsNull() || req.Plan.Raw.IsNull() {
		return
	}
	var state, config storeModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	if resp.Diagnostics.HasError() || state.writtenSinceImport() {
		return
	}
	// Imported and never written: plan an update even when nothing is
	// configured, so the apply records the store's values from the answer.
	for name, value := range config.unsetAfterImport() {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root(name), value)...)
	}
}

func (r *storeResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	r.write(ctx, req.Config, &resp.State, &resp.Diagnostics)
}

// Read keeps the state as it is: the API has no way to read a store.
func (r *storeResource) Read(context.Context, resource.ReadRequest, *resource.ReadResponse) {}

func (r *storeResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	r.write(ctx, req.Config, &resp.State, &resp.Diagnostics)
}

func (r *storeResource) Delete(_ context.Context, _ resource.DeleteRequest, resp *resource.DeleteResponse) {
	resp.Diagnostics.AddWarning(storeNoDeleteSummary, storeNoDeleteDetail)
}

func (r *storeResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	merchantID, storeID, err := parseMerchantScopedID(req.ID, "store_id", "1001/1001-main")
	if err != nil {
		resp.Diagnostics.AddError("Invalid import ID for cardpay_store", err.Error())
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("merchant_id"), merchantID)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("store_id"), storeID)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
}

// write sends the configured arguments in one PUT and records the answer.
// Create and Update do the same, since the store exists either way.
func (r *storeResource) write(ctx context.Context, cfg tfsdk.Config, state *tfsdk.State, diags *diag.Diagnostics) {
	var config storeModel
	diags.Append(cfg.Get(ctx, &config)...)
	if diags.HasError() {
		return
	}
	c, clientDiags := r.data.partnerClient()
	diags.Append(clientDiags...)
	if diags.HasError() {
		return
	}
	merchantID, storeID := config.MerchantID.ValueInt64(), config.StoreID.ValueString()
	store, err := c.UpdateStore(ctx, merchantID, storeID, config.update())
	if err != nil {
		addStoreUpdateError(diags, config, err)
		return
	}
	config.fill(store)
	diags.Append(state.Set(ctx, config)...)
}

// addStoreUpdateError explains the one refusal users run into by design:
// un-defaulting the default store.
func addStoreUpdateError(diags *diag.Diagnostics, config storeModel, err error) {
	summary := fmt.Sprintf("Could not update store %q of merchant %d", config.StoreID.ValueString(), config.MerchantID.ValueInt64())
	var apiErr *client.APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusBadRequest || !config.IsDefault.Equal(types.BoolValue(false)) {
		addAPIError(diags, summary, err)
		return
	}
	diags.AddAttributeError(path.Root("is_default"), summary, apiErrorDetail(err)+"\n\n"+
		"If the service refused is_default = false: a merchant always keeps one default store, and the "+
		"current default cannot give the flag up. Set is_default = true on another cardpay_store instead and "+
		"remove is_default from this one.")
}

// update builds the PUT body from the configured arguments only.
func (m storeModel) update() client.StoreUpdate {
	return client.StoreUpdate{
		Name:          m.Name.ValueStringPointer(),
		StreetAddress: m.StreetAddress.ValueStringPointer(),
		City:          m.City.ValueStringPointer(),
		PostalCode:    m.PostalCode.ValueStringPointer(),
		CountryCode:   m.CountryCode.ValueStringPointer(),
		Phone:         m.Phone.ValueStringPointer(),
		Email:         m.Email.ValueStringPointer(),
		IsDefault:     m.IsDefault.ValueBoolPointer(),
	}
}

// fill records the service's answer for every argument the configuration
// leaves unset; configured arguments keep the configured value the service
// accepted, so the state always agrees with the plan.
func (m *storeModel) fill(s *client.Store) {
	m.ID = types.StringValue(merchantScopedID(m.MerchantID.ValueInt64(), m.StoreID.ValueString()))
	for _, f := range []struct {
		dst *types.String
		got string
	}{
		{&m.Name, s.Name}, {&m.StreetAddress, s.StreetAddress}, {&m.City, s.City}, {&m.PostalCode, s.PostalCode},
		{&m.CountryCode, s.CountryCode}, {&m.Phone, s.Phone}, {&m.Email, s.Email},
	} {
		if f.dst.IsNull() {
			*f.dst = stringOrNull(f.got)
		}
	}
	if m.IsDefault.IsNull() {
		m.IsDefault = types.BoolValue(s.IsDefault)
	}
	m.LocationID = stringOrNull(s.LocationID)
	m.Status = stringOrNull(strings.ToLower(s.Status))
	m.CreatedAt = stringOrNull(s.CreatedAt)
}

// writtenSinceImport is false for a state that holds only the IDs recorded
// by import: every answer of the service fills at least one of these.
func (m storeModel) writtenSinceImport() bool {
	return !m.LocationID.IsNull() || !m.Status.IsNull() || !m.CreatedAt.IsNull()
}

// unsetAfterImport lists the attributes to plan as unknown for the first
// write after import: the computed ones and the arguments not configured.
func (m storeModel) unsetAfterImport() map[string]attr.Value {
	unknown := map[string]attr.Value{
		"location_id": types.StringUnknown(),
		"status":      types.StringUnknown(),
		"created_at":  types.StringUnknown(),
	}
	for name, v := range map[string]types.String{
		"name": m.Name, "street_address": m.StreetAddress, "city": m.City, "postal_code": m.PostalCode,
		"country_code": m.CountryCode, "phone": m.Phone, "email": m.Email,
	} {
		if v.IsNull() {
			unknown[name] = types.StringUnknown()
		}
	}
	if m.IsDefault.IsNull() {
		unknown["is_default"] = types.BoolUnknown()
	}
	return unknown
}

// storeEmailValidator accepts a plain e-mail address, the form the service
// accepts: no display name, and a domain with a dot.
type storeEmailValidator struct{}

func (storeEmailValidator) Description(context.Context) string {
	return "must be a plain e-mail address such as shop@example.com"
}

func (v storeEmailValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (storeEmailValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	value := req.ConfigValue.ValueString()
	addr, err := mail.ParseAddress(value)
	_, domain, _ := strings.Cut(value, "@")
	if err != nil || addr.Name != "" || addr.Address != value || !strings.Contains(domain, ".") {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid e-mail address",
			fmt.Sprintf("%q is not a plain e-mail address. Write an address such as \"shop@example.com\", "+
				"without a display name or angle brackets.", value))
	}
}
