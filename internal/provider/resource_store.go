// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/boolplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/provider/planmodifiers"
)

var (
	_ resource.ResourceWithConfigure      = (*storeResource)(nil)
	_ resource.ResourceWithValidateConfig = (*storeResource)(nil)
	_ resource.ResourceWithModifyPlan     = (*storeResource)(nil)
	_ resource.ResourceWithImportState    = (*storeResource)(nil)
	_ resource.ResourceWithIdentity       = (*storeResource)(nil)
	_ list.ListResourceWithConfigure      = (*storeResource)(nil)
)

// What destroying a store does depends on deactivate_on_destroy
// (storeDestroyed).
const (
	storeForgetSummary     = "Destroying this store only removes it from Terraform state"
	storeForgetDetail      = "deactivate_on_destroy is false, so destroying or replacing cardpay_store sends nothing: the store stays active at the service with its values. Set deactivate_on_destroy = true first to deactivate it instead."
	storeDeactivateSummary = "Destroying this store deactivates it"
	storeDeactivateDetail  = "deactivate_on_destroy is true, so destroying or replacing cardpay_store deactivates the store at the service. Deactivation is a soft delete: the store stays, marked inactive, and takes no new terminals. Set deactivate_on_destroy = false first to keep it active."
)

// storeDestroyed says what destroying or replacing the store in state does:
// it deactivates the store, or, when deactivate_on_destroy is false (an
// adopted store, by default), only forgets it.
var storeDestroyed = planmodifiers.WarningFunc(func(ctx context.Context, state tfsdk.State) diag.Diagnostics {
	var store storeModel
	diags := state.Get(ctx, &store)
	which := fmt.Sprintf("Store %q of merchant %d: ", store.StoreID.ValueString(), store.MerchantID.ValueInt64())
	if store.DeactivateOnDestroy.ValueBool() {
		diags.AddWarning(storeDeactivateSummary, which+storeDeactivateDetail)
	} else {
		diags.AddWarning(storeForgetSummary, which+storeForgetDetail)
	}
	return diags
})

func newStoreResource() resource.Resource { return &storeResource{} }

// storeResource is cardpay_store, and its list resource. It adopts the
// store that store_id names, or creates one.
type storeResource struct{ data *providerData }

func (r *storeResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_store"
}

func (r *storeResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.data = providerDataFrom(req.ProviderData, &resp.Diagnostics)
}

func (r *storeResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Manages a store (location) of a merchant. Without `store_id` the resource creates " +
			"a store; with `store_id` it adopts an existing store (for example the default store the service " +
			"creates when onboarding completes) and updates the fields you set. Every refresh reads the store, " +
			"so a change made outside Terraform shows in the next plan.\n\n" +
			"Destroy **deactivates** a store this resource created: the service keeps it, marked inactive (a soft " +
			"delete). An adopted store is only removed from state, unless `deactivate_on_destroy = true`. The " +
			"plan warns about either.\n\n" +
			"Only the arguments set in the configuration are sent; the others keep the service's values and are " +
			"recorded as the service reports them. Removing an argument from the configuration does not clear it " +
			"at the service.",
		Attributes: map[string]schema.Attribute{
			"id": keptString("`<merchant_id>/<store_id>`, for example `1001/1001-main`. Also the import ID."),
			"merchant_id": replacingMerchantID("Numeric ID of the merchant that owns the store. Changing it manages a store "+
				"of the other merchant (replacement).", storeDestroyed),
			"store_id": schema.StringAttribute{
				MarkdownDescription: "ID of an existing store of the merchant to adopt, for example `1001-main`. " +
					"When omitted, the resource creates a store and records the ID the service gave it. Store IDs " +
					"come in several styles (`loc_abc123`, a UUID, `1001-main`); any ID without `/` is accepted. " +
					"Changing it manages another store (replacement). A `store_id` known only at apply (from a data " +
					"source read then, for example) is planned as an adoption all the same; should it turn out null, " +
					"the apply stops before sending anything.",
				Optional:   true,
				Computed:   true,
				Validators: storeIDValidators(),
				PlanModifiers: []planmodifier.String{
					stringplanmodifier.UseStateForUnknown(),
					planmodifiers.RequiresReplaceIfConfigured(storeDestroyed),
				},
			},
			"name": storeOptionalString("Store name. Must not be empty. Required when the resource creates the "+
				"store.", notBlank()),
			"street_address": storeOptionalString("Street address, for example `Vesterbrogade 1`. "+
				"Set to `\"\"` to clear it at the service.", storeSingleLineValidators()),
			"city": storeOptionalString("City. Set to `\"\"` to clear it at the service.",
				storeSingleLineValidators()),
			"postal_code": storeOptionalString("Postal code, for example `1620` or `111 21`. "+
				"Set to `\"\"` to clear it at the service.", storeSingleLineValidators()),
			"country_code": storeOptionalString("Country as an ISO 3166-1 alpha-2 code in upper case, "+
				"for example `DK` or `SE`. A created store without it is in `DK`.", []validator.String{
				stringvalidator.RegexMatches(storeCountryCodePattern,
					"must be an ISO 3166-1 alpha-2 country code of two upper-case letters, for example \"DK\""),
			}),
			"phone": storeOptionalString("Phone number, for example `+4533000000`. "+
				"Set to `\"\"` to clear it at the service.", phoneValidators()),
			"email": storeOptionalString("Contact e-mail address, a plain address such as `shop@example.com`.",
				[]validator.String{emailValidator()}),
			"is_default": schema.BoolAttribute{
				MarkdownDescription: "Whether this is the merchant's default store. `true` makes it the only " +
					"default: the service clears the flag on the merchant's other stores, which other " +
					"`cardpay_store` resources see at their next refresh, so set `true` on one store only. " +
					"`false` is refused by the service for the current default store: make another store the " +
					"default instead. A created store without it is not the default.",
				Optional:      true,
				Computed:      true,
				PlanModifiers: []planmodifier.Bool{boolplanmodifier.UseStateForUnknown()},
			},
			"adopted": schema.BoolAttribute{
				MarkdownDescription: "`true` when the store existed before this resource managed it (`store_id` was " +
					"configured, or the store was imported); `false` when the resource created it.",
				Computed:      true,
				PlanModifiers: []planmodifier.Bool{boolplanmodifier.UseStateForUnknown()},
			},
			"deactivate_on_destroy": schema.BoolAttribute{
				MarkdownDescription: "Whether destroying or replacing the resource deactivates the store at the " +
					"service (a soft delete: the store stays, inactive). Defaults to `true` for a store the " +
					"resource creates and to `false` for an adopted or imported one, whose destroy then only " +
					"removes it from state. Make another store the default before deactivating the default store: " +
					"a merchant keeps one default store.",
				Optional:      true,
				Computed:      true,
				PlanModifiers: []planmodifier.Bool{boolplanmodifier.UseStateForUnknown()},
			},
			"location_id": storeComputedString("Location code of the store, as the service reports it. The " +
				"service generates one for a created store."),
			"status": storeComputedString("`active` or `inactive`, as the service reports it on every refresh. It " +
				"cannot be changed through the API. A store this resource created that becomes inactive is planned " +
				"for replacement; an adopted one is reported with a warning."),
			"created_at": storeComputedString("When the store was created (date-time), as the service reports it."),
			"updated_at": schema.StringAttribute{
				MarkdownDescription: "When the store last changed (date-time), as the service reports it; null when " +
					"the service does not report it. A plan that changes the store shows it as `(known after apply)` " +
					"only when the service reports it.",
				Computed: true,
				// Unknown in a plan that writes the store (ModifyPlan).
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
		},
	}
}

// storeOptionalString is an argument that the service keeps when it is not
// sent. When it is unset (or removed from the configuration), a plan keeps
// the value the refresh recorded, since an update does not send it: a plan
// shows only what changes. An update records the planned value (fromWrite),
// so a change another store's update makes in the same apply (is_default
// moving) cannot contradict the plan; the next refresh records it.
func storeOptionalString(description string, validators []validator.String) schema.StringAttribute {
	return schema.StringAttribute{
		MarkdownDescription: description + " When not set, the service's value is kept and recorded on every " +
			"refresh; removing it from the configuration does not clear it.",
		Optional:      true,
		Computed:      true,
		Validators:    validators,
		PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
	}
}

// storeComputedString is a value only the service sets, kept across plans
// until a refresh reports another.
func storeComputedString(description string) schema.StringAttribute {
	return schema.StringAttribute{
		MarkdownDescription: description + " Null when the service leaves it out.",
		Computed:            true,
		PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
	}
}

// Create creates the store, or adopts the one store_id names and writes
// the configured arguments to it. State records the plan, with what only
// the service knows from its answer; the request sends only what the
// configuration sets, which the plan (holding unknown values in place of
// the others) cannot tell.
func (r *storeResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan, config storeModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	c, diags := r.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	merchantID := plan.MerchantID.ValueInt64()
	var store *client.Store
	var err error
	if config.StoreID.IsNull() {
		sentAt := r.data.now()
		if store, err = c.CreateStore(ctx, merchantID, config.createBody()); err != nil {
			store, err = r.recover(ctx, c, config, sentAt, err, &resp.Diagnostics)
		}
		if err != nil {
			addCreateError(&resp.Diagnostics, "store", merchantOwner(merchantID), err, "the cardpay_stores data source lists the merchant's stores")
			return
		}
	} else {
		body := config.updateBody()
		if store, err = c.UpdateStore(ctx, merchantID, config.StoreID.ValueString(), body); err != nil {
			addStoreWriteError(&resp.Diagnostics, plan, body, err)
			return
		}
	}
	plan.fromWrite(store)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
	resp.Diagnostics.Append(resp.Identity.Set(ctx, plan.identity())...)
}

// recover looks for the store a create with an unknown outcome may have
// made: exactly one active store of the merchant that has the configured
// arguments (describes), created since sentAt, which it returns with a
// warning. Otherwise it returns the create's error, with what it found.
func (r *storeResource) recover(ctx context.Context, c *client.Client, config storeModel, sentAt time.Time, createErr error,
	diags *diag.Diagnostics) (*client.Store, error) {
	merchantID, name := config.MerchantID.ValueInt64(), config.Name.ValueString()
	found, err := recoverCreated(ctx, createErr, func(ctx context.Context) ([]client.Store, error) { return r.data.stores.get(ctx, c, merchantID) },
		func(s *client.Store) bool {
			return config.describes(s) && !strings.EqualFold(s.Status, client.StoreStatusInactive) && createdSince(s.CreatedAt, sentAt)
		}, fmt.Sprintf("a store named %q", name), fmt.Sprintf("active stores named %q with the configured details", name))
	if err != nil {
		return nil, err
	}
	diags.AddWarning("The store's creation was answered with an error, but it exists",
		fmt.Sprintf("%v\n\nThe provider found store %q of merchant %d, named %q with the configured details and created after "+
			"the request was sent, and records it: a second apply would otherwise create a second store.", createErr, found.ID, merchantID, name))
	return found, nil
}

// describes reports whether store s has every argument a configures: how
// a create whose answer was lost finds its store. The list has nothing
// more particular to a store (its ID and location code come from the
// service).
func (a storeAttrs) describes(s *client.Store) bool {
	for _, f := range a.fields(s) {
		if !f.dst.IsNull() && f.dst.ValueString() != f.got {
			return false
		}
	}
	return !a.IsDefault.ValueBool() || s.IsDefault
}

func (r *storeResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state storeModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	c, diags := r.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	merchantID := state.MerchantID.ValueInt64()
	store, err := r.findStore(ctx, c, merchantID, state.StoreID.ValueString())
	if !readOrForget(ctx, resp, err, fmt.Sprintf("Could not list the stores of merchant %d", merchantID), state.identity()) {
		return
	}
	state.fromAPI(store)
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
	resp.Diagnostics.Append(resp.Identity.Set(ctx, state.identity())...)
}

// Update sends the configured store fields when any changed; a change of
// deactivate_on_destroy alone needs no request. State records the plan,
// with what only the service knows (updated_at) from its answer.
func (r *storeResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan, state, config storeModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	c, diags := r.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	if state.writtenBy(config.storeAttrs) {
		body := config.updateBody()
		store, err := c.UpdateStore(ctx, plan.MerchantID.ValueInt64(), plan.StoreID.ValueString(), body)
		if err != nil {
			addStoreWriteError(&resp.Diagnostics, plan, body, err)
			return
		}
		plan.fromWrite(store)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
	resp.Diagnostics.Append(resp.Identity.Set(ctx, plan.identity())...)
}

// Delete deactivates the store or, when deactivate_on_destroy is false,
// warns that it stays and lets the framework forget it. A store already
// gone counts as deactivated.
func (r *storeResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var state storeModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if !state.DeactivateOnDestroy.ValueBool() {
		resp.Diagnostics.Append(storeDestroyed.Diagnostics(ctx, req.State)...)
		return
	}
	c, diags := r.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	err := c.DeactivateStore(ctx, state.MerchantID.ValueInt64(), state.StoreID.ValueString())
	if err != nil && !client.IsNotFound(err) {
		addStoreDeactivateError(&resp.Diagnostics, state, err)
	}
}

// findStore finds a merchant's store in the shared list.
func (r *storeResource) findStore(ctx context.Context, c *client.Client, merchantID int64, storeID string) (*client.Store, error) {
	return r.data.stores.find(ctx, c, merchantID, merchantThing("store", storeID, merchantID),
		func(s *client.Store) bool { return s.ID == storeID })
}

// importIDForm is "<merchant_id>/<store_id>".
func (r *storeResource) importIDForm() importIDForm {
	return merchantScopedForm("store_id", "1001/1001-main", nil)
}

// ImportState records the store as adopted: destroying it later leaves it
// at the service.
func (r *storeResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	merchantID, storeID, ok := merchantScopedImport(ctx, req, resp, "cardpay_store", r.importIDForm())
	c, diags := r.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if !ok || resp.Diagnostics.HasError() {
		return
	}
	// Asking for the one store gives a clearer error than the empty state
	// Terraform reports when the refresh after import finds nothing.
	if _, err := c.GetStore(ctx, merchantID, storeID); err != nil {
		addAPIError(&resp.Diagnostics, fmt.Sprintf("Cannot import store %q of merchant %d", storeID, merchantID), err)
		return
	}
	for name, value := range map[string]any{
		"id": merchantScopedID(merchantID, storeID), attrAdopted: true, attrDeactivateOnDestroy: false,
	} {
		resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root(name), value)...)
	}
}

// addStoreWriteError explains the one refusal users run into by design:
// un-defaulting the default store (sent, the body of the failed write).
func addStoreWriteError(diags *diag.Diagnostics, m storeModel, sent client.StoreUpdate, err error) {
	summary := fmt.Sprintf("Could not update store %q of merchant %d", m.StoreID.ValueString(), m.MerchantID.ValueInt64())
	var apiErr *client.APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusBadRequest || sent.IsDefault == nil || *sent.IsDefault {
		addAPIError(diags, summary, err)
		return
	}
	diags.AddAttributeError(path.Root("is_default"), summary, apiErrorDetail(err)+"\n\n"+
		"If the service refused is_default = false: a merchant always keeps one default store, and the "+
		"current default cannot give the flag up. Set is_default = true on another cardpay_store instead and "+
		"remove is_default from this one.")
}

func addStoreDeactivateError(diags *diag.Diagnostics, m storeModel, err error) {
	detail := apiErrorDetail(err)
	if m.IsDefault.ValueBool() {
		detail += "\n\nThis is the merchant's default store, which the service does not deactivate. Make another " +
			"store the default (is_default = true on it) and destroy again, or set deactivate_on_destroy = false " +
			"to only remove this store from state."
	}
	diags.AddError(fmt.Sprintf("Could not deactivate store %q of merchant %d", m.StoreID.ValueString(), m.MerchantID.ValueInt64()), detail)
}

func (r *storeResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = merchantIdentitySchema("store_id", "ID of the store, for example `1001-main`.")
}
