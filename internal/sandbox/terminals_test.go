// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"net/http"
	"testing"
)

const (
	terminalsPath       = merchantPath + "/card-payments/terminals"
	onlineTerminalsPath = merchantPath + "/card-payments/online-terminals"
)

// terminalList decodes a terminal list answer and checks that total matches.
func terminalList(t *testing.T, r response) []any {
	t.Helper()
	expectStatus(t, r, http.StatusOK)
	body := r.obj(t)
	expectKeys(t, body, "terminals", "total")
	list := get[[]any](t, body, "terminals")
	if total := get[float64](t, body, "total"); int(total) != len(list) {
		t.Errorf("total = %v for %d terminals", total, len(list))
	}
	return list
}

func (e *env) onlineTerminal(merchant, mode string) map[string]any {
	e.t.Helper()
	r := e.partner(http.MethodPost, "/v1/partner/merchants/"+merchant+"/card-payments/online-terminals", map[string]any{"onlineTerminalMode": mode})
	expectStatus(e.t, r, http.StatusCreated)
	return r.obj(e.t)
}

func TestListTerminals(t *testing.T) {
	e := newEnv(t)
	if list := terminalList(t, e.partner(http.MethodGet, terminalsPath, nil)); len(list) != 0 {
		t.Fatalf("fresh merchant has terminals: %v", list)
	}
	first := e.onlineTerminal("1001", "PaymentPage")
	e.onlineTerminal("1002", "PaymentPage") // another merchant's: not listed
	second := e.onlineTerminal("1001", "SelfHostedPage")

	list := terminalList(t, e.partner(http.MethodGet, terminalsPath, "{}"))
	if len(list) != 2 {
		t.Fatalf("terminals = %v, want the two of merchant 1001", list)
	}
	for i, created := range []map[string]any{first, second} {
		got := get[map[string]any](t, list, i)
		// Online terminals have a public key and no name.
		expectKeys(t, got, "terminalId", "terminalType", "terminalStatus", "terminalPublicKey")
		if got["terminalId"] != created["terminalId"] || got["terminalType"] != created["terminalType"] ||
			got["terminalPublicKey"] != created["terminalPublicKey"] || got["terminalStatus"] != "ACTIVE" {
			t.Errorf("terminal %d = %v, created as %v", i, got, created)
		}
	}
	if snap := e.srv.Snapshot().Terminals; snap[0].TerminalStatus != "ACTIVE" || snap[0].TerminalName != "" {
		t.Errorf("snapshot terminal = %+v, want ACTIVE without a name", snap[0])
	}
}

func TestListTerminalsByType(t *testing.T) {
	e := newEnv(t)
	e.onlineTerminal("1001", "PaymentPage")
	e.onlineTerminal("1001", "SelfHostedPage")
	e.onlineTerminal("1001", "PaymentPage")
	for query, want := range map[string]int{
		"":                             3,
		"?terminalType=":               3,
		"?terminalType=PaymentPage":    2,
		"?terminalType=SelfHostedPage": 1,
		"?terminalType=paymentpage":    0, // exact match
		"?terminalType=checkoutX":      0,
		"?terminalType=Kiosk":          0, // the set of types is open: no error
	} {
		t.Run(query, func(t *testing.T) {
			if got := len(terminalList(t, e.partner(http.MethodGet, terminalsPath+query, nil))); got != want {
				t.Errorf("%d terminals, want %d", got, want)
			}
		})
	}
}

func TestListTerminalsRejectsOtherQueries(t *testing.T) {
	e := newEnv(t)
	for query, message := range map[string]string{
		"?type=PaymentPage":                            `unknown query parameter "type"; the only allowed one is terminalType`,
		"?terminalType=PaymentPage&limit=5":            `unknown query parameter "limit"`,
		"?terminalType=PaymentPage&terminalType=Kiosk": "may be given only once",
		"?terminalType=%zz":                            "malformed query string",
	} {
		t.Run(query, func(t *testing.T) {
			expectMessage(t, e.partner(http.MethodGet, terminalsPath+query, nil), http.StatusBadRequest, message)
		})
	}
}

// The terminal routes' robustness cases.
func init() {
	addRobustCases(map[string]robustCase{
		RouteCreateOnlineTerminal: {body: map[string]any{"onlineTerminalMode": "PaymentPage", "storeId": "1001-main"}},
		RouteListTerminals:        {},
		RouteCreateInterappCode:   {body: map[string]any{"storeId": "1001-main"}},
	})
}
