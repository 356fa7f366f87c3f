// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"encoding/json"
	"maps"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"
)

func mustUnmarshal(t *testing.T, data []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("unmarshal %s: %v", data, err)
	}
}

func TestCreateConsent(t *testing.T) {
	e := newEnv(t)
	r := e.ais("/v1/ais/consents", consentBody())
	expectStatus(t, r, http.StatusCreated)
	got := r.obj(t)
	// consentId and errorMessage stay absent until set.
	expectKeys(t, got, "requestId", "merchantId", "userId", "permissions", "expirationDateTime",
		"transactionFromDateTime", "status", "createdAt", "updatedAt", "authorizationUrl")
	if got["status"] != "pending" || got["merchantId"] != float64(1001) || got["expirationDateTime"] != "2026-12-31T23:59:59Z" ||
		got["createdAt"] != "2026-01-15T12:00:00Z" {
		t.Errorf("consent = %v", got)
	}
	if !strings.Contains(string(r.raw), `"merchantId":1001`) {
		t.Errorf("merchantId is not a JSON number: %s", r.raw)
	}
}

func TestAISDataEndpoints(t *testing.T) {
	e := newEnv(t)
	e.authorizedConsent(consentBody())

	r := e.ais("/v1/ais/accounts", map[string]any{"userId": "user-1001", "merchantId": 1001})
	expectStatus(t, r, http.StatusOK)
	accounts := r.obj(t)
	expectKeys(t, accounts, "userId", "merchantId", "clientId", "consentId", "accounts", "totalAccounts")
	if accounts["clientId"] != DemoAISClientID || accounts["totalAccounts"] != float64(3) || !strings.HasPrefix(get[string](t, accounts, "consentId"), "ta:") {
		t.Errorf("accounts response = %v", accounts)
	}
	// Decimals are strings, exact; accountDetails keeps non-string values.
	for _, want := range []string{`"balance":"1234567.89"`, `"balance":"-0.10"`, `"overdraftLimit":50000`, `"isPrimary":true`, `"owner":{"name":"Merchant 1001 ApS"`} {
		if !strings.Contains(string(r.raw), want) {
			t.Errorf("accounts body lacks %s", want)
		}
	}
	first := get[map[string]any](t, accounts, "accounts", 0)
	expectKeys(t, first, "accountId", "bankId", "accountHolderName", "iban", "currency", "balance", "accountType", "accountDetails")

	r = e.ais("/v1/ais/accounts/balance", map[string]any{"userId": "user-1001", "merchantId": 1001, "accountId": "acc-1001-eur"})
	expectStatus(t, r, http.StatusOK)
	bal := r.obj(t)
	expectKeys(t, bal, "userId", "merchantId", "accountId", "balance", "accountDetails")
	expectKeys(t, get[map[string]any](t, bal, "balance"), "value", "currency", "lastUpdated")
	expectKeys(t, get[map[string]any](t, bal, "accountDetails"), "iban", "accountHolderName", "bankId")
	if !strings.Contains(string(r.raw), `"value":"-0.10","currency":"EUR"`) {
		t.Errorf("balance body = %s", r.raw)
	}

	r = e.ais("/v1/ais/accounts/transactions", map[string]any{"userId": "user-1001", "merchantId": 1001, "accountId": "acc-1001-dkk"})
	expectStatus(t, r, http.StatusOK)
	txs := r.obj(t)
	expectKeys(t, txs, "userId", "merchantId", "accountId", "totalTransactions", "pageLimit", "transactions")
	if txs["pageLimit"] != float64(200) || txs["totalTransactions"] != float64(36) {
		t.Errorf("transactions paging = %v/%v, want 200/36", txs["pageLimit"], txs["totalTransactions"])
	}
	tx := get[map[string]any](t, txs, "transactions", 0)
	expectKeys(t, tx, "transactionId", "amount", "currency", "description", "bookingDate", "valueDate", "counterparty", "reference", "type", "status")
	expectKeys(t, get[map[string]any](t, tx, "counterparty"), "name", "iban")
	get[string](t, tx, "amount") // decimals are strings

	r = e.ais("/v1/ais/accounts/balance", map[string]any{"userId": "user-1001", "merchantId": 1001, "accountId": "acc-nope"})
	expectMessage(t, r, http.StatusNotFound, `account "acc-nope" not found for user user-1001 of merchant 1001`)
}

func TestAccountsOfUserWithoutBankData(t *testing.T) {
	e := newEnv(t)
	body := consentBody()
	body["userId"] = "user-new"
	e.authorizedConsent(body)
	r := e.ais("/v1/ais/accounts", map[string]any{"userId": "user-new", "merchantId": 1001})
	expectStatus(t, r, http.StatusOK)
	if !strings.Contains(string(r.raw), `"accounts":[],"totalAccounts":0`) {
		t.Errorf("body = %s, want an empty list", r.raw)
	}
}

func TestConsentRules(t *testing.T) {
	e := newEnv(t)
	accounts := map[string]any{"userId": "user-1001", "merchantId": 1001}

	r := e.ais("/v1/ais/accounts", accounts)
	expectMessage(t, r, http.StatusForbidden, "no consent for user user-1001 of merchant 1001")

	r = e.ais("/v1/ais/consents", consentBody())
	id := get[string](t, r.obj(t), "requestId")
	r = e.ais("/v1/ais/accounts", accounts)
	expectMessage(t, r, http.StatusForbidden, "no authorized consent for user user-1001 of merchant 1001 (consent "+id+" is pending)")

	if err := e.srv.AuthorizeConsent(id); err != nil {
		t.Fatal(err)
	}
	expectStatus(t, e.ais("/v1/ais/accounts", accounts), http.StatusOK)

	// Passing expirationDateTime expires the consent without admin help.
	e.clock.Advance(365 * 24 * time.Hour)
	r = e.ais("/v1/ais/accounts", accounts)
	expectMessage(t, r, http.StatusForbidden, "(consent "+id+" is expired)")
	if c := e.srv.Snapshot().Consents[0]; c.Status != "expired" || c.UpdatedAt != "2026-12-31T23:59:59Z" {
		t.Errorf("consent after expiry = %+v", c)
	}
}

func TestConsentMissingPermission(t *testing.T) {
	e := newEnv(t)
	body := consentBody()
	body["permissions"] = []string{"ReadAccountsDetail"}
	id := e.authorizedConsent(body)

	expectStatus(t, e.ais("/v1/ais/accounts", map[string]any{"userId": "user-1001", "merchantId": 1001}), http.StatusOK)
	r := e.ais("/v1/ais/accounts/balance", map[string]any{"userId": "user-1001", "merchantId": 1001, "accountId": "acc-1001-dkk"})
	expectMessage(t, r, http.StatusForbidden, "consent "+id+" for user user-1001 lacks permission ReadBalances")
	r = e.ais("/v1/ais/accounts/transactions", map[string]any{"userId": "user-1001", "merchantId": 1001, "accountId": "acc-1001-dkk"})
	expectMessage(t, r, http.StatusForbidden, "lacks permission ReadTransactionsDetail")
}

func TestConsentExpiredAndFailedByAdmin(t *testing.T) {
	e := newEnv(t)
	accounts := map[string]any{"userId": "user-1001", "merchantId": 1001}
	id := e.authorizedConsent(consentBody())
	if err := e.srv.ExpireConsent(id); err != nil {
		t.Fatal(err)
	}
	expectMessage(t, e.ais("/v1/ais/accounts", accounts), http.StatusForbidden, "is expired")

	r := e.ais("/v1/ais/consents", consentBody())
	failed := get[string](t, r.obj(t), "requestId")
	if err := e.srv.FailConsent(failed, "bank said no"); err != nil {
		t.Fatal(err)
	}
	expectMessage(t, e.ais("/v1/ais/accounts", accounts), http.StatusForbidden, "is failed: bank said no")
	c := e.srv.Snapshot().Consents[1]
	if c.Status != "failed" || c.ErrorMessage != "bank said no" || c.ConsentID != "" {
		t.Errorf("failed consent = %+v", c)
	}
}

func TestAISAuthAndScoping(t *testing.T) {
	e := newEnv(t)
	e.authorizedConsent(consentBody())
	body := map[string]any{"userId": "user-1001", "merchantId": 1001}
	cases := []struct {
		name    string
		headers map[string]string
		body    map[string]any
		status  int
		message string
	}{
		{"no token", nil, body, 401, "missing header Authorization"},
		{"basic scheme", map[string]string{"Authorization": "Basic abc"}, body, 401, "must use the Bearer scheme"},
		{"unknown token", bearer("stolen"), body, 401, "invalid or expired access token"},
		{"partner headers", partnerAuth(), body, 401, "missing header Authorization"},
		{"other partner's merchant", bearer(OtherAccessToken), body, 403, "merchant 1001 is not managed by this partner"},
		{"unknown merchant", bearer(DemoAccessToken), map[string]any{"userId": "user-1001", "merchantId": 9999}, 404, "merchant 9999 not found"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := e.do(http.MethodPost, "/v1/ais/accounts", tc.body, tc.headers)
			expectMessage(t, r, tc.status, tc.message)
			if tc.status == 401 && r.header.Get("WWW-Authenticate") == "" {
				t.Error("401 without WWW-Authenticate")
			}
			if strings.Contains(string(r.raw), "stolen") || strings.Contains(string(r.raw), DemoAccessToken) {
				t.Errorf("response echoes a token: %s", r.raw)
			}
		})
	}
	r := e.do(http.MethodPost, "/v1/ais/consents", map[string]any{
		"merchantId": 1001, "userId": "u", "permissions": []string{"ReadBalances"},
		"expirationDateTime": "2026-12-31T00:00:00Z", "transactionFromDateTime": "2025-01-01T00:00:00Z",
	}, bearer(OtherAccessToken))
	expectMessage(t, r, http.StatusForbidden, "merchant 1001 is not managed by this partner")
}

func TestConsentValidation(t *testing.T) {
	e := newEnv(t)
	with := func(k string, v any) map[string]any {
		b := maps.Clone(consentBody())
		if v == nil {
			delete(b, k)
		} else {
			b[k] = v
		}
		return b
	}
	cases := []struct {
		name    string
		body    any
		message string
	}{
		{"merchantId missing", with("merchantId", nil), `field "merchantId" is required`},
		{"merchantId as string", with("merchantId", "1001"), `field "merchantId" must be an integer, got string`},
		{"userId missing", with("userId", nil), `field "userId" is required`},
		{"permissions missing", with("permissions", nil), `field "permissions" is required`},
		{"permissions empty", with("permissions", []string{}), `field "permissions" is required`},
		{"permission unknown", with("permissions", []string{"ReadEverything"}), `must be one of ReadAccountsDetail, ReadBalances, ReadTransactionsDetail, got "ReadEverything"`},
		{"permission duplicate", with("permissions", []string{"ReadBalances", "ReadBalances"}), "lists ReadBalances twice"},
		{"permissions not array", with("permissions", "ReadBalances"), `field "permissions" must be an array`},
		{"expiration missing", with("expirationDateTime", nil), `field "expirationDateTime" is required`},
		{"expiration not RFC 3339", with("expirationDateTime", "31/12/2026"), `field "expirationDateTime" must be an RFC 3339 timestamp`},
		{"expiration date only", with("expirationDateTime", "2026-12-31"), `must be an RFC 3339 timestamp`},
		{"txFrom bad", with("transactionFromDateTime", "yesterday"), `field "transactionFromDateTime" must be an RFC 3339 timestamp`},
		{"expiration before txFrom", with("transactionFromDateTime", "2027-06-01T00:00:00Z"), "must be after transactionFromDateTime"},
		{"expiration in the past", with("expirationDateTime", "2026-01-15T11:59:59Z"), "must be in the future"},
		{"callback relative", with("callbackUrl", "/cb"), `field "callbackUrl" must be an absolute http or https URL`},
		{"callback ftp", with("callbackUrl", "ftp://example.com/cb"), `field "callbackUrl" must be an absolute http or https URL`},
		{"unknown field", with("scope", "all"), `unknown field "scope"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			expectMessage(t, e.ais("/v1/ais/consents", tc.body), http.StatusBadRequest, tc.message)
		})
	}
	if n := len(e.srv.Snapshot().Consents); n != 0 {
		t.Errorf("%d consents created by invalid requests", n)
	}
}

// bookedAt parses a transaction's booking time, which must be RFC 3339 UTC.
func bookedAt(t *testing.T, tx any) time.Time {
	t.Helper()
	raw := get[string](t, tx, "bookingDate")
	at, err := time.Parse(time.RFC3339, raw)
	if err != nil || !strings.HasSuffix(raw, "Z") {
		t.Fatalf("bookingDate %q is not an RFC 3339 UTC timestamp", raw)
	}
	return at
}

func TestTransactionFilters(t *testing.T) {
	e := newEnv(t)
	body := consentBody()
	body["userId"] = "user-1001-big"
	e.authorizedConsent(body)
	query := func(extra map[string]any) (total, limit float64, txs []any) {
		t.Helper()
		req := map[string]any{"userId": "user-1001-big", "merchantId": 1001, "accountId": "acc-1001-big"}
		maps.Copy(req, extra)
		r := e.ais("/v1/ais/accounts/transactions", req)
		expectStatus(t, r, http.StatusOK)
		m := r.obj(t)
		return get[float64](t, m, "totalTransactions"), get[float64](t, m, "pageLimit"), get[[]any](t, m, "transactions")
	}

	total, limit, txs := query(nil)
	if total != 5000 || limit != 200 || len(txs) != 200 {
		t.Errorf("default: total %v limit %v len %d, want 5000/200/200", total, limit, len(txs))
	}
	total, limit, txs = query(map[string]any{"pageLimit": 1000})
	if total != 5000 || limit != 1000 || len(txs) != 1000 {
		t.Errorf("pageLimit 1000: total %v limit %v len %d", total, limit, len(txs))
	}
	for i := 1; i < len(txs); i++ {
		if bookedAt(t, txs[i]).After(bookedAt(t, txs[i-1])) {
			t.Fatalf("transaction %d is newer than %d: not newest first", i, i-1)
		}
	}

	// Dates cover whole UTC days, the toDate's included; a timestamp is
	// one instant.
	marchFrom, marchEnd := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC), time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC)
	total, _, txs = query(map[string]any{"fromDate": "2026-03-01", "toDate": "2026-03-31", "pageLimit": 1000})
	if total == 0 || int(total) != len(txs) {
		t.Fatalf("March 2026: total %v, len %d", total, len(txs))
	}
	lateOnLastDay := false
	for _, tx := range txs {
		at := bookedAt(t, tx)
		if at.Before(marchFrom) || !at.Before(marchEnd) {
			t.Errorf("bookingDate %s outside the filter", at)
		}
		lateOnLastDay = lateOnLastDay || at.After(time.Date(2026, 3, 31, 12, 0, 0, 0, time.UTC))
	}
	if !lateOnLastDay {
		t.Error("no transaction of the afternoon of March 31: the date toDate does not include its whole day")
	}
	marchTotal := total

	total, _, txs = query(map[string]any{"fromDate": "2026-03-01", "toDate": "2026-03-31T23:59:59Z", "pageLimit": 5})
	if total != marchTotal || len(txs) != 5 {
		t.Errorf("paged March: total %v (want %v before paging), len %d", total, marchTotal, len(txs))
	}
	total, _, _ = query(map[string]any{"fromDate": "2026-03-01T00:00:00+02:00", "toDate": "2026-03-31T12:00:00Z"})
	if total == 0 || total >= marchTotal {
		t.Errorf("March from 22:00 UTC on Feb 28 to noon on the 31st: total %v, want fewer than the %v of the whole month", total, marchTotal)
	}

	// Both bounds of a timestamp are inclusive: exactly one transaction
	// between its own booking time and itself.
	one := get[map[string]any](t, txs, 3)
	booked := get[string](t, one, "bookingDate")
	total, _, txs = query(map[string]any{"fromDate": booked, "toDate": booked})
	if total != 1 || get[string](t, txs, 0, "transactionId") != one["transactionId"] {
		t.Errorf("fromDate = toDate = %s: total %v, %v; want only %v", booked, total, txs, one["transactionId"])
	}
	before := bookedAt(t, one).Add(-time.Second).Format(time.RFC3339)
	if total, _, _ = query(map[string]any{"fromDate": before, "toDate": before}); total != 0 {
		t.Errorf("one second before %s: total %v, want 0", booked, total)
	}

	// The consent's transactionFromDateTime bounds the data too, to the instant.
	narrow := consentBody()
	narrow["userId"] = "user-1001-big"
	narrow["transactionFromDateTime"] = "2026-06-01T10:00:00Z"
	e.authorizedConsent(narrow)
	total, _, txs = query(map[string]any{"fromDate": "2020-01-01", "pageLimit": 1000})
	consentFrom := time.Date(2026, 6, 1, 10, 0, 0, 0, time.UTC)
	for _, tx := range txs {
		if at := bookedAt(t, tx); at.Before(consentFrom) {
			t.Fatalf("bookingDate %s before the consent's transactionFromDateTime", at)
		}
	}
	if total == 0 || total >= 5000 || bookedAt(t, txs[len(txs)-1]).Sub(consentFrom) > 12*time.Hour {
		t.Errorf("consent-bounded total = %v, oldest %v", total, txs[len(txs)-1])
	}
}

// Transactions have the published shape: a positive amount whose direction
// is the type, and RFC 3339 UTC times.
func TestTransactionShape(t *testing.T) {
	e := newEnv(t)
	e.authorizedConsent(consentBody())
	r := e.ais("/v1/ais/accounts/transactions", map[string]any{"userId": "user-1001", "merchantId": 1001, "accountId": "acc-1001-dkk"})
	expectStatus(t, r, http.StatusOK)
	types := map[string]int{}
	for _, tx := range get[[]any](t, r.obj(t), "transactions") {
		amount, txType := get[string](t, tx, "amount"), get[string](t, tx, "type")
		if !regexp.MustCompile(`^[0-9]+\.[0-9]{2}$`).MatchString(amount) || amount == "0.00" {
			t.Errorf("amount %q is not a positive two-decimal string", amount)
		}
		types[txType]++
		bookedAt(t, tx)
		if _, err := time.Parse(time.RFC3339, get[string](t, tx, "valueDate")); err != nil {
			t.Errorf("valueDate: %v", err)
		}
	}
	if len(types) != 2 || types["DEBIT"] == 0 || types["CREDIT"] == 0 {
		t.Errorf("types = %v, want DEBIT and CREDIT only", types)
	}
}

func TestTransactionValidation(t *testing.T) {
	e := newEnv(t)
	e.authorizedConsent(consentBody())
	base := map[string]any{"userId": "user-1001", "merchantId": 1001, "accountId": "acc-1001-dkk"}
	cases := []struct {
		name    string
		extra   map[string]any
		message string
	}{
		{"pageLimit zero", map[string]any{"pageLimit": 0}, `field "pageLimit" must be between 1 and 1000, got 0`},
		{"pageLimit too big", map[string]any{"pageLimit": 1001}, "must be between 1 and 1000, got 1001"},
		{"pageLimit string", map[string]any{"pageLimit": "10"}, `field "pageLimit" must be an integer`},
		{"fromDate bad", map[string]any{"fromDate": "March"}, `field "fromDate" must be a date (2026-01-31) or an RFC 3339 timestamp`},
		{"toDate bad", map[string]any{"toDate": "2026-13-01"}, `field "toDate" must be a date`},
		{"from after to", map[string]any{"fromDate": "2026-02-01", "toDate": "2026-01-01"}, "must not be after toDate"},
		{"accountId missing", map[string]any{"accountId": ""}, `field "accountId" is required`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			req := maps.Clone(base)
			maps.Copy(req, tc.extra)
			expectMessage(t, e.ais("/v1/ais/accounts/transactions", req), http.StatusBadRequest, tc.message)
		})
	}
}

func TestMaxPageLimitConfigurable(t *testing.T) {
	for _, tc := range []struct {
		max, ask int64
		want     int
	}{{0, 1000, http.StatusOK}, {0, 1001, http.StatusBadRequest}, {5000, 5000, http.StatusOK}, {5000, 5001, http.StatusBadRequest}} {
		e := newEnvWith(t, Config{MaxPageLimit: tc.max})
		body := consentBody()
		body["userId"] = "user-1001-big"
		e.authorizedConsent(body)
		r := e.ais("/v1/ais/accounts/transactions", map[string]any{
			"userId": "user-1001-big", "merchantId": 1001, "accountId": "acc-1001-big", "pageLimit": tc.ask,
		})
		if r.status != tc.want {
			t.Errorf("MaxPageLimit %d, pageLimit %d: HTTP %d, want %d", tc.max, tc.ask, r.status, tc.want)
		}
	}
}

// The account routes' robustness cases.
func init() {
	addRobustCases(map[string]robustCase{
		RouteListAccounts: {body: map[string]any{"merchantId": 1001, "userId": "user-1001"}},
		RouteGetBalance:   {body: map[string]any{"merchantId": 1001, "userId": "user-1001", "accountId": "acc-1001-dkk"}},
		RouteListTransactions: {body: map[string]any{
			"merchantId": 1001, "userId": "user-1001", "accountId": "acc-1001-dkk",
			"pageLimit": 10, "fromDate": "2025-01-01", "toDate": "2026-01-01",
		}},
	})
}
