// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
)

// The routes of online terminals, the terminal list and in-app
// registration codes.
const (
	// RouteCreateOnlineTerminal creates an online (e-commerce) terminal.
	RouteCreateOnlineTerminal = "POST " + merchantRoutePrefix + "/card-payments/online-terminals"
	// RouteListTerminals lists a merchant's terminals.
	RouteListTerminals = "GET " + merchantRoutePrefix + "/card-payments/terminals"
	// RouteCreateInterappCode issues an in-app registration code for a store.
	RouteCreateInterappCode = "POST " + merchantRoutePrefix + "/card-payments/terminals/interapp"
)

func init() { registerArea("terminals", (*Server).terminalRoutes) }

// terminalRoutes registers the routes of online terminals, the terminal
// list and in-app registration codes, and their admin operations.
func (s *Server) terminalRoutes() {
	s.api(RouteCreateOnlineTerminal, s.partner(s.createOnlineTerminal))
	s.api(RouteListTerminals, s.partner(s.listTerminals))
	s.api(RouteCreateInterappCode, s.partner(s.createInterappCode))
	s.admin("POST /_sandbox/interapp/{registrationCode}/pair", s.adminPairDevice)
	s.admin("POST /_sandbox/terminals/{terminalId}/deactivate", func(r *http.Request) (int, any, error) {
		t, err := s.DeactivateTerminal(r.PathValue("terminalId"))
		return http.StatusOK, t, err
	})
}

// Terminal statuses and the type of a paired tap-to-pay device, as the
// terminal list shows them.
const (
	terminalActive     = "ACTIVE"
	terminalRegistered = "REGISTERED"
	terminalInactive   = "INACTIVE"
	terminalCheckoutX  = "checkoutX"

	terminalTypeParam = "terminalType"
)

// Terminal is a terminal the sandbox registered: an online terminal (with a
// public key) or a paired tap-to-pay device (without one).
type Terminal struct {
	MerchantID        int64  `json:"merchantId"`
	TerminalID        string `json:"terminalId"`
	TerminalPublicKey string `json:"terminalPublicKey"`
	TerminalType      string `json:"terminalType"`
	StoreID           string `json:"storeId"`
	CreatedAt         string `json:"createdAt"`
	TerminalStatus    string `json:"terminalStatus"`
	TerminalName      string `json:"terminalName,omitempty"`
}

type onlineTerminalRequest struct {
	OnlineTerminalMode string `json:"onlineTerminalMode"`
	StoreID            string `json:"storeId"`
}

type onlineTerminalResponse struct {
	TerminalID        string `json:"terminalId"`
	TerminalPublicKey string `json:"terminalPublicKey"`
	TerminalType      string `json:"terminalType"`
	StoreID           string `json:"storeId"`
}

// terminalModes are the online terminal modes the sandbox accepts.
var terminalModes = []string{"SelfHostedPage", "PaymentPage", "MerchantInitiated"}

func (s *Server) createOnlineTerminal(c *partnerCall) (int, any, error) {
	var req onlineTerminalRequest
	if err := decodeJSON(c.body, &req, true); err != nil {
		return 0, nil, err
	}
	if err := required("onlineTerminalMode", req.OnlineTerminalMode); err != nil {
		return 0, nil, err
	}
	if err := oneOf("onlineTerminalMode", req.OnlineTerminalMode, terminalModes); err != nil {
		return 0, nil, err
	}
	store, err := c.storeOrDefault(req.StoreID)
	if err != nil {
		return 0, nil, err
	}
	t := Terminal{
		MerchantID:        c.merchantID,
		TerminalID:        randomID("term_"),
		TerminalPublicKey: publicKey(),
		TerminalType:      req.OnlineTerminalMode,
		StoreID:           store.ID,
		CreatedAt:         timestamp(c.now),
		TerminalStatus:    terminalActive,
	}
	c.st.terminals = append(c.st.terminals, t)
	return http.StatusCreated, onlineTerminalResponse{
		TerminalID: t.TerminalID, TerminalPublicKey: t.TerminalPublicKey, TerminalType: t.TerminalType, StoreID: t.StoreID,
	}, nil
}

// publicKey returns an opaque SDK key; its format is not shown, so it only
// needs to be unique and recognisable.
func publicKey() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	return "pk_sandbox_" + base64.RawURLEncoding.EncodeToString(b)
}

type terminalEntry struct {
	TerminalID        string `json:"terminalId"`
	TerminalType      string `json:"terminalType"`
	TerminalStatus    string `json:"terminalStatus"`
	TerminalName      string `json:"terminalName,omitempty"`
	TerminalPublicKey string `json:"terminalPublicKey,omitempty"`
}

type terminalsResponse struct {
	Terminals []terminalEntry `json:"terminals"`
	Total     int             `json:"total"`
}

// listTerminals answers the merchant's terminals in registration order,
// optionally only those of one type.
func (s *Server) listTerminals(c *partnerCall) (int, any, error) {
	if err := decodeJSON(c.body, &struct{}{}, false); err != nil {
		return 0, nil, err
	}
	wantType, err := terminalTypeFilter(c.r.URL.RawQuery)
	if err != nil {
		return 0, nil, err
	}
	out := terminalsResponse{Terminals: []terminalEntry{}}
	for _, t := range c.st.terminals {
		if t.MerchantID == c.merchantID && (wantType == "" || t.TerminalType == wantType) {
			out.Terminals = append(out.Terminals, terminalEntry{
				TerminalID: t.TerminalID, TerminalType: t.TerminalType, TerminalStatus: t.TerminalStatus,
				TerminalName: t.TerminalName, TerminalPublicKey: t.TerminalPublicKey,
			})
		}
	}
	out.Total = len(out.Terminals)
	return http.StatusOK, out, nil
}

// terminalTypeFilter reads the list's only query parameter. The set of
// terminal types is open ("etc." in the guide), so any value filters and
// none is an error; other parameters are refused to catch client typos.
func terminalTypeFilter(rawQuery string) (string, error) {
	q, err := url.ParseQuery(rawQuery)
	if err != nil {
		return "", badRequest("malformed query string: %v", err)
	}
	for _, name := range slices.Sorted(maps.Keys(q)) {
		if name != terminalTypeParam {
			return "", badRequest("unknown query parameter %q; the only allowed one is %s", name, terminalTypeParam)
		}
		if len(q[name]) > 1 {
			return "", badRequest("query parameter %s may be given only once", name)
		}
	}
	return q.Get(terminalTypeParam), nil
}

func (st *state) terminal(id string) *Terminal {
	for i := range st.terminals {
		if st.terminals[i].TerminalID == id {
			return &st.terminals[i]
		}
	}
	return nil
}

// DeactivateTerminal makes a terminal INACTIVE behind the provider's back;
// repeating it changes nothing.
func (s *Server) DeactivateTerminal(terminalID string) (Terminal, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.st.terminal(terminalID)
	if t == nil {
		return Terminal{}, fmt.Errorf("terminal %s: %w", terminalID, ErrNotFound)
	}
	t.TerminalStatus = terminalInactive
	return *t, nil
}

// InterappCode is an in-app registration code. Expired is computed from the
// server clock when the snapshot is taken.
type InterappCode struct {
	MerchantID       int64  `json:"merchantId"`
	StoreID          string `json:"storeId"`
	RegistrationCode string `json:"registrationCode"`
	RegistrationLink string `json:"registrationLink"`
	CreatedAt        string `json:"createdAt"`
	ExpiresAt        string `json:"expiresAt"`
	Expired          bool   `json:"expired"`
	// PairedTerminalID is the terminal of the device that used the code.
	PairedTerminalID string `json:"pairedTerminalId,omitempty"`

	expires time.Time
}

type interappRequest struct {
	StoreID string `json:"storeId"`
}

type interappResponse struct {
	RegistrationCode string `json:"registrationCode"`
	RegistrationLink string `json:"registrationLink,omitempty"`
}

// createInterappCode accepts no body or a JSON object with an optional storeId.
func (s *Server) createInterappCode(c *partnerCall) (int, any, error) {
	var req interappRequest
	if err := decodeJSON(c.body, &req, false); err != nil {
		return 0, nil, err
	}
	store, err := c.storeOrDefault(req.StoreID)
	if err != nil {
		return 0, nil, err
	}
	code := registrationCode()
	for c.st.liveInterappCode(code, c.now) {
		code = registrationCode()
	}
	ic := InterappCode{
		MerchantID: c.merchantID, StoreID: store.ID, RegistrationCode: code,
		RegistrationLink: "cardpay-companion://register?code=" + code,
		CreatedAt:        timestamp(c.now), ExpiresAt: timestamp(c.now.Add(interappCodeTTL)),
		expires: c.now.Add(interappCodeTTL),
	}
	c.st.interapp = append(c.st.interapp, ic)
	return http.StatusCreated, interappResponse{RegistrationCode: ic.RegistrationCode, RegistrationLink: ic.RegistrationLink}, nil
}

// registrationCode is six characters without look-alikes (0/O, 1/I), since
// merchants type it by hand.
func registrationCode() string {
	return randomString("ABCDEFGHJKLMNPQRSTUVWXYZ23456789", 6)
}

// newestInterappCode is the latest code with that text: an expired code's
// text may be handed out again, and only the newest can still be live.
func (st *state) newestInterappCode(code string) *InterappCode {
	for i := len(st.interapp) - 1; i >= 0; i-- {
		if st.interapp[i].RegistrationCode == code {
			return &st.interapp[i]
		}
	}
	return nil
}

func (st *state) liveInterappCode(code string, now time.Time) bool {
	return slices.ContainsFunc(st.interapp, func(c InterappCode) bool {
		return c.RegistrationCode == code && now.Before(c.expires)
	})
}

// PairDevice pairs a tap-to-pay device with a live registration code (in
// any letter case): the merchant gets a checkoutX terminal, REGISTERED, on
// the code's store. An unknown code is ErrNotFound; a used or expired one
// ErrInvalidTransition.
func (s *Server) PairDevice(code, terminalName string) (Terminal, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	ic := s.st.newestInterappCode(strings.ToUpper(code))
	switch {
	case ic == nil:
		return Terminal{}, fmt.Errorf("registration code %s: %w", code, ErrNotFound)
	case ic.PairedTerminalID != "":
		return Terminal{}, fmt.Errorf("registration code %s was already used by terminal %s: %w", ic.RegistrationCode, ic.PairedTerminalID, ErrInvalidTransition)
	case !now.Before(ic.expires):
		return Terminal{}, fmt.Errorf("registration code %s expired at %s: %w", ic.RegistrationCode, ic.ExpiresAt, ErrInvalidTransition)
	}
	t := Terminal{
		MerchantID: ic.MerchantID, TerminalID: randomID("term_"), TerminalType: terminalCheckoutX, StoreID: ic.StoreID,
		CreatedAt: timestamp(now), TerminalStatus: terminalRegistered, TerminalName: terminalName,
	}
	s.st.terminals = append(s.st.terminals, t)
	ic.PairedTerminalID = t.TerminalID
	return t, nil
}

func (s *Server) adminPairDevice(r *http.Request) (int, any, error) {
	var req struct {
		TerminalName string `json:"terminalName"`
	}
	if err := s.adminBody(r, &req, false); err != nil {
		return 0, nil, err
	}
	t, err := s.PairDevice(r.PathValue("registrationCode"), req.TerminalName)
	return http.StatusCreated, t, err
}
