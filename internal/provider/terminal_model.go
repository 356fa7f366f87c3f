// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// terminalAttrs are what the terminal list reports about a terminal, as
// cardpay_online_terminal and each entry of the cardpay_terminals data
// source record them.
type terminalAttrs struct {
	TerminalID        types.String `tfsdk:"terminal_id"`
	TerminalType      types.String `tfsdk:"terminal_type"`
	TerminalStatus    types.String `tfsdk:"terminal_status"`
	TerminalName      types.String `tfsdk:"terminal_name"`
	TerminalPublicKey types.String `tfsdk:"terminal_public_key"`
}

// onlineTerminalModel is the state of cardpay_online_terminal, and of what
// its list resource finds.
type onlineTerminalModel struct {
	ID                 types.String `tfsdk:"id"`
	MerchantID         types.Int64  `tfsdk:"merchant_id"`
	OnlineTerminalMode types.String `tfsdk:"online_terminal_mode"`
	StoreID            types.String `tfsdk:"store_id"`
	terminalAttrs
}

// onlineTerminalIdentityModel is the identity of cardpay_online_terminal.
type onlineTerminalIdentityModel struct {
	MerchantID types.Int64  `tfsdk:"merchant_id"`
	TerminalID types.String `tfsdk:"terminal_id"`
}

func (m onlineTerminalModel) identity() onlineTerminalIdentityModel {
	return onlineTerminalIdentityModel{MerchantID: m.MerchantID, TerminalID: m.TerminalID}
}

// fromAPI records a list entry. A public key the list leaves out keeps
// the one the registration answered.
func (m *terminalAttrs) fromAPI(t *client.Terminal) {
	m.TerminalID = types.StringValue(t.TerminalID)
	m.TerminalType = stringOrNull(t.TerminalType)
	m.TerminalStatus = stringOrNull(t.TerminalStatus)
	m.TerminalName = stringPointerOrNull(t.TerminalName)
	if t.TerminalPublicKey != nil {
		m.TerminalPublicKey = stringOrNull(*t.TerminalPublicKey)
	}
}

// fromAPI records a list entry. The mode is taken from it only after
// import, when the state has none: otherwise the configured spelling is
// kept.
func (m *onlineTerminalModel) fromAPI(t *client.Terminal) {
	m.terminalAttrs.fromAPI(t)
	m.ID = m.TerminalID
	if m.OnlineTerminalMode.IsNull() {
		m.OnlineTerminalMode = stringOrNull(t.TerminalType)
	}
}

// fromCreateAnswer records the registration's answer, which has a shape of
// its own. A configured store_id is kept as written, because Terraform
// requires the applied value to match the configuration; an omitted one
// records the store the service chose.
func (m *onlineTerminalModel) fromCreateAnswer(t *client.OnlineTerminal) {
	m.ID = types.StringValue(t.TerminalID)
	m.TerminalID = types.StringValue(t.TerminalID)
	m.TerminalPublicKey = stringOrNull(t.TerminalPublicKey)
	m.TerminalType = stringOrNull(t.TerminalType)
	// The registration answer carries no status; a new terminal is usable
	// until the list says otherwise.
	m.TerminalStatus = types.StringNull()
	m.TerminalName = types.StringNull()
	if m.StoreID.IsUnknown() || m.StoreID.IsNull() {
		m.StoreID = stringOrNull(t.StoreID)
	}
}

// fromListed records the list entry of a terminal that a create found
// instead of its lost answer: the list reports no store, and may leave the
// public key out.
func (m *onlineTerminalModel) fromListed(t *client.Terminal) {
	m.fromAPI(t)
	if m.StoreID.IsUnknown() {
		m.StoreID = types.StringNull()
	}
	if m.TerminalPublicKey.IsUnknown() {
		m.TerminalPublicKey = types.StringNull()
	}
}

// createBody builds the registration's body; an unknown store_id (omitted)
// sends none, for the merchant's default store.
func (m onlineTerminalModel) createBody() client.OnlineTerminalRequest {
	return client.OnlineTerminalRequest{OnlineTerminalMode: m.OnlineTerminalMode.ValueString(), StoreID: m.StoreID.ValueString()}
}
