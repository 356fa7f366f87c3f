// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// The plans of cardpay_store: the configuration it needs, what an adoption
// takes over, what an update writes, and the replacement of a store
// deactivated outside Terraform.

const storeInactiveSummary = "Store is inactive at the service"

// ValidateConfig requires a name when the resource is to create the store.
func (r *storeResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var config storeModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	if resp.Diagnostics.HasError() || !config.StoreID.IsNull() || !config.Name.IsNull() {
		return
	}
	resp.Diagnostics.AddAttributeError(path.Root("name"), "Missing store name",
		"Without store_id, cardpay_store creates a new store, and the service needs its name. Set name, for "+
			"example name = \"Harbour Shop\", or set store_id to adopt an existing store instead.")
}

// ModifyPlan checks the credentials (credentials_check.go) and says what
// destroying a store will do; for a new store it plans adopted and
// deactivate_on_destroy, and names the store an adoption takes over; for
// an existing one it plans updated_at as unknown when an update writes the
// store, and the replacement of a created store that the service reports
// as inactive.
func (r *storeResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	r.data.checkCredentials(ctx, client.PartnerAPI, req, &resp.Diagnostics)
	switch {
	case req.Plan.Raw.IsNull():
		resp.Diagnostics.Append(storeDestroyed.Diagnostics(ctx, req.State)...)
	case req.State.Raw.IsNull():
		r.planAdoption(ctx, req, resp)
		r.warnAdoption(ctx, req, resp)
	default:
		r.planWrite(ctx, req, resp)
		r.planInactive(ctx, req, resp)
	}
}

// Attributes a plan decides for a new store.
const (
	attrAdopted             = "adopted"
	attrDeactivateOnDestroy = "deactivate_on_destroy"
)

// planAdoption plans adopted from whether store_id is configured, and,
// unless configured, deactivate_on_destroy as its opposite. A store_id
// known only at apply is configured all the same, so the plan adopts;
// should it turn out null, the plan Terraform makes again before the apply
// contradicts this one, and Terraform stops before the create.
func (r *storeResource) planAdoption(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	var config storeModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	if resp.Diagnostics.HasError() {
		return
	}
	adopted := !config.StoreID.IsNull()
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root(attrAdopted), adopted)...)
	if config.DeactivateOnDestroy.IsNull() {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root(attrDeactivateOnDestroy), !adopted)...)
	}
}

// planWrite plans updated_at, which the service sets on every write, as
// unknown when the update writes the store, if the service reports it: a
// store in the API reference's shape has none (null in state), and the
// update's answer brings none either, so it stays null rather than being
// promised. Everything else the update does not send keeps its recorded
// value.
func (r *storeResource) planWrite(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	var state, config storeModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	if resp.Diagnostics.HasError() || state.UpdatedAt.IsNull() || !state.writtenBy(config.storeAttrs) {
		return
	}
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("updated_at"), types.StringUnknown())...)
}

// warnAdoption says, in a plan that adopts a store, that the apply creates
// none, and names the store it takes over from the merchant's store list
// (read once per merchant and operation, shared with the refresh).
func (r *storeResource) warnAdoption(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	var config storeModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	if resp.Diagnostics.HasError() || config.StoreID.IsNull() {
		return
	}
	what := "the apply creates no store: it " + config.writes() + " the store and records it (adopted = true)."
	if config.StoreID.IsUnknown() || config.MerchantID.IsUnknown() {
		resp.Diagnostics.AddWarning("Adopting an existing store",
			"store_id names an existing store, which the plan cannot name (store_id or merchant_id is known only "+
				"at apply), so "+what)
		return
	}
	merchantID, storeID := config.MerchantID.ValueInt64(), config.StoreID.ValueString()
	c, unconfigured := r.data.clientFor(client.PartnerAPI) // a provider configured only at apply plans without naming the store
	ok := !unconfigured.HasError()
	var store *client.Store
	var err error
	if ok {
		store, err = r.storeToAdopt(ctx, c, merchantID, storeID)
	}
	summary := fmt.Sprintf("Adopting store %q of merchant %d", storeID, merchantID)
	switch {
	case !ok:
		resp.Diagnostics.AddWarning(summary, "store_id names an existing store, so "+what)
	case notFound(err):
		resp.Diagnostics.AddAttributeWarning(path.Root("store_id"), fmt.Sprintf("Store %q not found at merchant %d", storeID, merchantID),
			fmt.Sprintf("%v\n\nstore_id names a store to adopt, so the apply will fail unless the store exists by then. "+
				"The cardpay_stores data source lists the merchant's stores; remove store_id and set name to create a "+
				"store instead.", err))
	case err != nil:
		addAPIError(&resp.Diagnostics, fmt.Sprintf("Could not list the stores of merchant %d to find store %q", merchantID, storeID), err)
	default:
		resp.Diagnostics.AddWarning(summary, fmt.Sprintf("The store exists at the service (%s), so %s", describeStore(store), what))
	}
}

// planInactive reacts to a store the service reports as inactive: one
// this resource created is replaced by a new store; an adopted one cannot
// be reactivated through the API, so the plan only warns.
func (r *storeResource) planInactive(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	var state storeModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() || !strings.EqualFold(state.Status.ValueString(), client.StoreStatusInactive) {
		return
	}
	which := fmt.Sprintf("The service reports store %q of merchant %d as inactive (deactivated outside Terraform).",
		state.StoreID.ValueString(), state.MerchantID.ValueInt64())
	if state.Adopted.ValueBool() {
		resp.Diagnostics.AddWarning(storeInactiveSummary, which+" The API cannot reactivate a store; ask cardpay "+
			"to reactivate it, or remove store_id to let Terraform create a new store instead.")
		return
	}
	replaceInactive(ctx, resp, path.Root("status"), storeInactiveSummary+": Terraform will create a new one",
		which+" Terraform plans to create a new store with the configured values; the inactive one stays at the service.")
}

// writtenBy reports whether an update with the configuration conf writes
// the store: it sends a field that differs from the recorded one, or one
// not known until apply.
func (a storeAttrs) writtenBy(conf storeAttrs) bool {
	unknown := conf.IsDefault.IsUnknown()
	for _, v := range conf.arguments() {
		unknown = unknown || v.IsUnknown()
	}
	return unknown || a.changedBy(conf.updateBody())
}

// arguments are the store's text arguments, by name.
func (a *storeAttrs) arguments() map[string]*types.String {
	return map[string]*types.String{
		"name": &a.Name, "street_address": &a.StreetAddress, "city": &a.City, "postal_code": &a.PostalCode,
		"country_code": &a.CountryCode, "phone": &a.Phone, "email": &a.Email,
	}
}

// writes says what adopting the store with this configuration writes to
// it, such as "writes city and name to".
func (a storeAttrs) writes() string {
	var set []string
	for name, v := range a.arguments() {
		if !v.IsNull() {
			set = append(set, name)
		}
	}
	if !a.IsDefault.IsNull() {
		set = append(set, "is_default")
	}
	slices.Sort(set)
	switch len(set) {
	case 0:
		return "writes nothing to"
	case 1:
		return "writes " + set[0] + " to"
	}
	return "writes " + strings.Join(set[:len(set)-1], ", ") + " and " + set[len(set)-1] + " to"
}

// describeStore names a store for a plan: its name, address and, unless
// active, its status.
func describeStore(s *client.Store) string {
	var parts []string
	for _, p := range []string{strconv.Quote(s.Name), s.StreetAddress, strings.TrimSpace(s.PostalCode + " " + s.City)} {
		if p != "" && p != `""` {
			parts = append(parts, p)
		}
	}
	if !s.Active() {
		parts = append(parts, strings.ToLower(s.Status)+": the API cannot reactivate it")
	}
	if len(parts) == 0 {
		return "no name or address reported"
	}
	return strings.Join(parts, ", ")
}

// changedBy reports whether sending u would change a field of the store
// as recorded ("" and null are the same to the service).
func (a storeAttrs) changedBy(u client.StoreUpdate) bool {
	for _, f := range []struct {
		sent *string
		have types.String
	}{
		{u.Name, a.Name}, {u.StreetAddress, a.StreetAddress}, {u.City, a.City},
		{u.PostalCode, a.PostalCode}, {u.CountryCode, a.CountryCode}, {u.Phone, a.Phone}, {u.Email, a.Email},
	} {
		if f.sent != nil && f.have.ValueString() != *f.sent {
			return true
		}
	}
	return u.IsDefault != nil && !a.IsDefault.Equal(types.BoolValue(*u.IsDefault))
}

// storeToAdopt finds a store a plan adopts, to name it, in the last list
// of the merchant's stores read in this operation; one missing from it is
// looked for in a fresh read, since a write may have created it since.
func (r *storeResource) storeToAdopt(ctx context.Context, c *client.Client, merchantID int64, storeID string) (*client.Store, error) {
	list, err := r.data.stores.recent(ctx, c, merchantID)
	if err != nil {
		return nil, err
	}
	if i := slices.IndexFunc(list, func(s client.Store) bool { return s.ID == storeID }); i >= 0 {
		store := list[i]
		return &store, nil
	}
	return r.findStore(ctx, c, merchantID, storeID)
}
