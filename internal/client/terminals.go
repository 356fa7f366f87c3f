// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
)

// Terminals: online terminals registered by the partner (4.1), the
// merchant's terminal list, and the short-lived codes that pair a
// tap-to-pay device (4.6).

// OnlineTerminalRequest is the body of POST .../online-terminals.
type OnlineTerminalRequest struct {
	OnlineTerminalMode string `json:"onlineTerminalMode"`
	StoreID            string `json:"storeId,omitempty"`
}

// OnlineTerminal is returned when an online terminal is registered.
type OnlineTerminal struct {
	TerminalID        string `json:"terminalId"`
	TerminalPublicKey string `json:"terminalPublicKey"`
	TerminalType      string `json:"terminalType"`
	StoreID           string `json:"storeId"`
}

// CreateOnlineTerminal registers an online terminal (4.1).
func (c *Client) CreateOnlineTerminal(ctx context.Context, merchantID int64, req OnlineTerminalRequest) (*OnlineTerminal, error) {
	ep := partnerCreate("create online terminal", merchantPath(merchantID, "/card-payments/online-terminals"),
		fmt.Sprintf("the service may have registered the online terminal; check merchant %d's online terminals before applying again", merchantID),
	).changing(TerminalList, merchantID)
	return doDecoded[OnlineTerminal](ctx, c, ep, req)
}

// Terminal is one entry of a merchant's terminal list. TerminalStatus is
// ACTIVE, REGISTERED or INACTIVE on the published pages; other words are
// kept as sent. Only online terminals carry a public key.
type Terminal struct {
	TerminalID        string  `json:"terminalId"`
	TerminalType      string  `json:"terminalType"`
	TerminalStatus    string  `json:"terminalStatus"`
	TerminalName      *string `json:"terminalName,omitempty"`
	TerminalPublicKey *string `json:"terminalPublicKey,omitempty"`
}

// Terminal words with a meaning of their own.
const (
	TerminalStatusInactive = "INACTIVE"
	// TerminalTypeCheckoutX is the type of a tap-to-pay device paired with
	// an in-app registration code.
	TerminalTypeCheckoutX = "checkoutX"
)

// Inactive reports whether the service has deactivated the terminal.
func (t Terminal) Inactive() bool {
	return strings.EqualFold(strings.TrimSpace(t.TerminalStatus), TerminalStatusInactive)
}

// IsCheckoutX reports whether the terminal is a paired tap-to-pay device.
func (t Terminal) IsCheckoutX() bool {
	return strings.EqualFold(strings.TrimSpace(t.TerminalType), TerminalTypeCheckoutX)
}

// terminalList is the answer of GET .../terminals.
type terminalList struct {
	Terminals *[]Terminal `json:"terminals"`
}

// validate requires the "terminals" array: an answer without it must not
// read as "the merchant has no terminals", which would drop every terminal
// from state.
func (l *terminalList) validate() error {
	if l.Terminals == nil {
		return errors.New(`no "terminals" array`)
	}
	for i, t := range *l.Terminals {
		if t.TerminalID == "" {
			return fmt.Errorf(`terminal %d of the list has no "terminalId"`, i)
		}
	}
	return nil
}

// TerminalList is a merchant's terminals, as ListTerminals answers them.
const TerminalList ListKind = "terminals"

// ListTerminals lists a merchant's terminals of every kind (online
// terminals and paired tap-to-pay devices), or only those of terminalType
// when it is not empty. The list is not paginated.
func (c *Client) ListTerminals(ctx context.Context, merchantID int64, terminalType string) ([]Terminal, error) {
	path := merchantPath(merchantID, "/card-payments/terminals")
	if terminalType != "" {
		path += "?" + url.Values{"terminalType": {terminalType}}.Encode()
	}
	var out terminalList
	if err := c.do(ctx, partnerRead("list terminals", path), nil, &out); err != nil {
		return nil, err
	}
	return *out.Terminals, nil
}

// InterappRegistrationRequest is the body of POST .../terminals/interapp.
// An empty object is valid.
type InterappRegistrationRequest struct {
	StoreID string `json:"storeId,omitempty"`
}

// InterappRegistration is a short-lived code that pairs the companion app.
type InterappRegistration struct {
	RegistrationCode string  `json:"registrationCode"`
	RegistrationLink *string `json:"registrationLink,omitempty"`
}

// CreateInterappRegistration generates an in-app terminal registration
// code (4.6).
func (c *Client) CreateInterappRegistration(ctx context.Context, merchantID int64, req InterappRegistrationRequest) (*InterappRegistration, error) {
	ep := partnerCreate("create in-app registration code", merchantPath(merchantID, "/card-payments/terminals/interapp"),
		"the service may have issued a registration code; it lapses after about 120 seconds, so wait that long before applying again")
	return doDecoded[InterappRegistration](ctx, c, ep, req)
}
