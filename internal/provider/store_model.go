// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
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

// storeIdentityModel is the identity of cardpay_store.
type storeIdentityModel struct {
	MerchantID types.Int64  `tfsdk:"merchant_id"`
	StoreID    types.String `tfsdk:"store_id"`
}

func (m storeModel) identity() storeIdentityModel {
	return storeIdentityModel{MerchantID: m.MerchantID, StoreID: m.StoreID}
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
