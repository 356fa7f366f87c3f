// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// storeAttrs are a store's own attributes, as cardpay_store and each entry
// of the cardpay_stores data source record them.
type storeAttrs struct {
	StoreID       types.String `tfsdk:"store_id"`
	Name          types.String `tfsdk:"name"`
	LocationID    types.String `tfsdk:"location_id"`
	StreetAddress types.String `tfsdk:"street_address"`
	City          types.String `tfsdk:"city"`
	PostalCode    types.String `tfsdk:"postal_code"`
	CountryCode   types.String `tfsdk:"country_code"`
	Phone         types.String `tfsdk:"phone"`
	Email         types.String `tfsdk:"email"`
	IsDefault     types.Bool   `tfsdk:"is_default"`
	Status        types.String `tfsdk:"status"`
	CreatedAt     types.String `tfsdk:"created_at"`
	UpdatedAt     types.String `tfsdk:"updated_at"`
}

// storeModel is the state of cardpay_store, and of what its list resource
// finds.
type storeModel struct {
	ID         types.String `tfsdk:"id"`
	MerchantID types.Int64  `tfsdk:"merchant_id"`
	storeAttrs
	Adopted             types.Bool `tfsdk:"adopted"`
	DeactivateOnDestroy types.Bool `tfsdk:"deactivate_on_destroy"`
}

// fromAPI records a store as the service reports it (a refresh, import or
// list). An empty field keeps an empty recorded value as it is: the service
// does not tell "" from absent, and a configured "" must not show as drift.
func (a *storeAttrs) fromAPI(s *client.Store) {
	for _, f := range a.fields(s) {
		if f.got != "" || f.dst.ValueString() != "" {
			*f.dst = stringOrNull(f.got)
		}
	}
	a.IsDefault = types.BoolValue(s.IsDefault)
	if s.ID != "" { // an update's answer may leave it out
		a.StoreID = types.StringValue(s.ID)
	}
	a.LocationID = stringOrNull(s.LocationID)
	a.Status = stringOrNull(strings.ToLower(s.Status))
	a.CreatedAt = stringOrNull(s.CreatedAt)
	a.UpdatedAt = stringPointerOrNull(s.UpdatedAt)
}

// fromWrite records the answer to a create or update over the plan: what
// the plan knows stays as planned (the configured arguments the service
// accepted, and what the write does not change), and what it leaves
// unknown is taken from the answer. A change another store's write makes
// in the same apply (the default flag moving) shows at the next refresh.
func (a *storeAttrs) fromWrite(s *client.Store) {
	var answer storeAttrs
	answer.fromAPI(s)
	got := answer.strings()
	for i, dst := range a.strings() {
		if dst.IsUnknown() {
			*dst = *got[i]
		}
	}
	if a.IsDefault.IsUnknown() {
		a.IsDefault = answer.IsDefault
	}
}

// strings are the store's string attributes, arguments and computed alike.
func (a *storeAttrs) strings() []*types.String {
	return []*types.String{&a.StoreID, &a.Name, &a.LocationID, &a.StreetAddress, &a.City, &a.PostalCode,
		&a.CountryCode, &a.Phone, &a.Email, &a.Status, &a.CreatedAt, &a.UpdatedAt}
}

// fromAPI is storeAttrs.fromAPI plus the store's ID in state.
func (m *storeModel) fromAPI(s *client.Store) {
	m.storeAttrs.fromAPI(s)
	m.ID = types.StringValue(merchantScopedID(m.MerchantID.ValueInt64(), m.StoreID.ValueString()))
}

// fromWrite is storeAttrs.fromWrite plus the store's ID in state.
func (m *storeModel) fromWrite(s *client.Store) {
	m.storeAttrs.fromWrite(s)
	m.ID = types.StringValue(merchantScopedID(m.MerchantID.ValueInt64(), m.StoreID.ValueString()))
}

// fromAPIEntry is fromAPI for a data source's entry.
func (a *storeAttrs) fromAPIEntry(s *client.Store) { a.fromAPI(s) }

type storeField struct {
	dst *types.String
	got string
}

// fields pairs the store's text arguments with the service's values.
func (a *storeAttrs) fields(s *client.Store) []storeField {
	return []storeField{
		{&a.Name, s.Name}, {&a.StreetAddress, s.StreetAddress}, {&a.City, s.City}, {&a.PostalCode, s.PostalCode},
		{&a.CountryCode, s.CountryCode}, {&a.Phone, s.Phone}, {&a.Email, s.Email},
	}
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

// createBody builds the POST body from the configured arguments.
func (a storeAttrs) createBody() client.StoreCreate {
	return client.StoreCreate{
		Name:          a.Name.ValueString(),
		StreetAddress: a.StreetAddress.ValueString(),
		City:          a.City.ValueString(),
		PostalCode:    a.PostalCode.ValueString(),
		CountryCode:   a.CountryCode.ValueString(),
		Phone:         a.Phone.ValueString(),
		Email:         a.Email.ValueString(),
		IsDefault:     a.IsDefault.ValueBool(),
	}
}

// updateBody builds the PUT body from the configured arguments only.
func (a storeAttrs) updateBody() client.StoreUpdate {
	return client.StoreUpdate{
		Name:          a.Name.ValueStringPointer(),
		StreetAddress: a.StreetAddress.ValueStringPointer(),
		City:          a.City.ValueStringPointer(),
		PostalCode:    a.PostalCode.ValueStringPointer(),
		CountryCode:   a.CountryCode.ValueStringPointer(),
		Phone:         a.Phone.ValueStringPointer(),
		Email:         a.Email.ValueStringPointer(),
		IsDefault:     a.IsDefault.ValueBoolPointer(),
	}
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
func (d *providerData) storeToAdopt(ctx context.Context, c *client.Client, merchantID int64, storeID string) (*client.Store, error) {
	list, err := d.stores.recent(ctx, c, merchantID)
	if err != nil {
		return nil, err
	}
	if i := slices.IndexFunc(list, func(s client.Store) bool { return s.ID == storeID }); i >= 0 {
		store := list[i]
		return &store, nil
	}
	return d.findStore(ctx, c, merchantID, storeID)
}

// findStore finds a merchant's store in the shared list.
func (d *providerData) findStore(ctx context.Context, c *client.Client, merchantID int64, storeID string) (*client.Store, error) {
	return d.stores.find(ctx, c, merchantID, merchantThing("store", storeID, merchantID),
		func(s *client.Store) bool { return s.ID == storeID })
}
