// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-log/tflogtest"
)

// TestLoggingMasksSecrets drives calls whose request and response bodies
// contain the configured secret and token and checks that the tflog output
// never shows them, while still carrying the request details.
func TestLoggingMasksSecrets(t *testing.T) {
	api := newFakeAPIHandler(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		leaked := r.Header.Get("X-Partner-Client-Secret") + r.Header.Get("Authorization")
		if strings.HasSuffix(r.URL.Path, "/payment-methods") {
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = fmt.Fprintf(w, `{"status":"ERROR","message":"echo %s"}`, leaked)
			return
		}
		w.WriteHeader(http.StatusCreated)
		_, _ = fmt.Fprintf(w, `{"requestId":"r-1","merchantId":1,"userId":%q,"status":"pending"}`, leaked)
	})
	var logs bytes.Buffer
	ctx := tflogtest.RootLogger(t.Context(), &logs)
	c := api.client(t, withMaxRetries(1), withBodyLogs)

	if err := listMethods(ctx, c); err == nil {
		t.Fatal("want the 503 to surface")
	}
	// The token also goes out in the request body.
	if _, err := c.CreateConsent(ctx, ConsentRequest{MerchantID: 1, UserID: testAccessToken}); err != nil {
		t.Fatal(err)
	}

	out := logs.String()
	for _, secret := range []string{testPartnerSecret, testAccessToken} {
		if strings.Contains(out, secret) {
			t.Errorf("logs contain the secret %q:\n%s", secret, out)
		}
	}
	for _, header := range []string{"X-Partner-Client-Secret", "X-Partner-Client-Id", "Authorization"} {
		if strings.Contains(out, header) {
			t.Errorf("logs mention %q: headers must not be logged", header)
		}
	}

	entries, err := tflogtest.MultilineJSONDecode(&logs)
	if err != nil {
		t.Fatal(err)
	}
	reqs := api.requests()
	partnerID, aisID := reqs[0].header.Get("X-Request-Id"), reqs[2].header.Get("X-Request-Id")
	assertLogged(t, entries, "debug", "cardpay API response", map[string]any{
		"request_id": partnerID, "http_method": "GET", "http_status": float64(503), "attempt": float64(2),
		"http_path": "/v1/partner/merchants/1001/card-payments/payment-methods",
	})
	assertLogged(t, entries, "trace", "cardpay API request body", map[string]any{"request_id": aisID})
	assertLogged(t, entries, "trace", "cardpay API response body", map[string]any{"request_id": aisID})
	for _, e := range entries {
		if e["@message"] == "cardpay API response" {
			if _, ok := e["duration_ms"]; !ok {
				t.Errorf("response entry without duration: %v", e)
			}
		}
	}
}

func assertLogged(t *testing.T, entries []map[string]any, level, msg string, fields map[string]any) {
	t.Helper()
next:
	for _, e := range entries {
		if e["@level"] != level || e["@message"] != msg {
			continue
		}
		for k, v := range fields {
			if e[k] != v {
				continue next
			}
		}
		return
	}
	t.Errorf("no %s entry %q with %v in %v", level, msg, fields, entries)
}

// Without a logger in the context, logging is a no-op and calls still work.
func TestLoggingWithoutLogger(t *testing.T) {
	api := newFakeAPI(t, reply{status: http.StatusOK, body: `[]`})
	if err := listMethods(context.WithoutCancel(t.Context()), api.client(t)); err != nil {
		t.Fatal(err)
	}
}

// TestLoggingMasksPersonalData checks that TRACE body logs never show the
// in-app registration code, the consent's bank link, a webhook's signing
// secret or bank details, while callers still get every value.
func TestLoggingMasksPersonalData(t *testing.T) {
	const (
		code    = "RC-739154"
		authURL = "https://bank.example/authorize?session=AUTH-SESSION-55"
		iban    = "DK5000400440116243"
		bban    = "0040-0440116243"
		accNo   = "ACCNO-998877"
		holder  = "Jane Holder-Unique"
		cpIBAN  = "SE4550000000058398257466"
		secret  = "whsec_SIGNING-KEY-42"
	)
	answers := map[string]string{
		"/v1/partner/merchants/1/card-payments/terminals/interapp": `{"registrationCode":"` + code + `","registrationLink":"companion://pair?code=` + code + `"}`,
		"/v1/ais/consents":     `{"requestId":"req-1","merchantId":1,"userId":"u-1","status":"pending","authorizationUrl":"` + authURL + `"}`,
		"/v1/partner/webhooks": `{"id":9001,"url":"https://hooks.example/cardpay","events":["payment.completed"],"secret":"` + secret + `"}`,
		"/v1/ais/accounts": `{"userId":"u-1","merchantId":1,"accounts":[{"accountId":"acc-1","accountHolderName":"` + holder + `","iban":"` + iban +
			`","balance":1234.56,"accountDetails":{"bban":"` + bban + `","accountNumber":"` + accNo + `"}}],"totalAccounts":1}`,
		"/v1/ais/accounts/balance":      `{"accountId":"acc-1","balance":{"value":"1234.56","currency":"DKK"},"accountDetails":{"iban":"` + iban + `","accountHolderName":"` + holder + `"}}`,
		"/v1/ais/accounts/transactions": `{"accountId":"acc-1","transactions":[{"transactionId":"tx-1","amount":"-5.00","counterparty":{"name":"` + holder + `","iban":"` + cpIBAN + `"}}]}`,
	}
	notFound := fmt.Sprintf("no route; last code was %s for %s", code, iban)
	api := newFakeAPIHandler(t, func(w http.ResponseWriter, r *http.Request) {
		body, ok := answers[r.URL.Path]
		if !ok { // not JSON, so not maskable: logged by length only
			w.Header().Set("Content-Type", "text/plain")
			w.WriteHeader(http.StatusNotFound)
			_, _ = io.WriteString(w, notFound)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, body)
	})
	var logs bytes.Buffer
	ctx := tflogtest.RootLogger(t.Context(), &logs)
	c := api.client(t, withMaxRetries(0), withBodyLogs)

	reg, err := c.CreateInterappRegistration(ctx, 1, InterappRegistrationRequest{})
	if err != nil || reg.RegistrationCode != code {
		t.Fatalf("registration = %+v, %v; want the code returned unchanged", reg, err)
	}
	consent, err := c.CreateConsent(ctx, ConsentRequest{MerchantID: 1, UserID: "u-1"})
	if err != nil || consent.AuthorizationURL == nil || *consent.AuthorizationURL != authURL {
		t.Fatalf("consent = %+v, %v", consent, err)
	}
	hook, err := c.CreateWebhook(ctx, WebhookRequest{URL: "https://hooks.example/cardpay", Events: []string{"payment.completed"}})
	if err != nil || hook.Secret == nil || *hook.Secret != secret {
		t.Fatalf("webhook = %+v, %v; want the secret returned unchanged", hook, err)
	}
	accounts, err := c.ListAccounts(ctx, AccountsRequest{UserID: "u-1", MerchantID: 1})
	if err != nil || len(accounts.Accounts) != 1 || accounts.Accounts[0].IBAN != iban {
		t.Fatalf("accounts = %+v, %v", accounts, err)
	}
	if _, err := c.GetAccountBalance(ctx, BalanceRequest{UserID: "u-1", MerchantID: 1, AccountID: "acc-1"}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.ListTransactions(ctx, TransactionsRequest{UserID: "u-1", MerchantID: 1, AccountID: "acc-1"}); err != nil {
		t.Fatal(err)
	}
	if err := listMethods(ctx, c); !IsNotFound(err) {
		t.Fatalf("err = %v, want the 404", err)
	}

	out := logs.String()
	for _, value := range []string{code, "AUTH-SESSION-55", iban, bban, accNo, holder, cpIBAN, secret} {
		if strings.Contains(out, value) {
			t.Errorf("logs contain %q", value)
		}
	}
	for _, kept := range []string{`\"accountId\":\"acc-1\"`, `\"balance\":1234.56`, `\"transactionId\":\"tx-1\"`, `\"registrationCode\":\"***\"`} {
		if !strings.Contains(out, kept) {
			t.Errorf("logs lost %s", kept)
		}
	}
	entries, err := tflogtest.MultilineJSONDecode(&logs)
	if err != nil {
		t.Fatal(err)
	}
	assertLogged(t, entries, "trace", "cardpay API response body", map[string]any{"http_status": float64(404), "http_response_body_bytes": float64(len(notFound))})
}

func TestMaskBody(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{`{"IBAN":"DK50","Code":7,"accountDetails":{"x":1},"name":"shop"}`, `{"Code":"***","IBAN":"***","accountDetails":"***","name":"shop"}`, true},
		{`[{"a":[{"iban":"DK50"}]},{"iban":null}]`, `[{"a":[{"iban":"***"}]},{"iban":null}]`, true},
		{`{"amount":12345678901234567890.123,"note":"<a&b>"}`, `{"amount":12345678901234567890.123,"note":"<a&b>"}`, true},
		{`"plain"`, `"plain"`, true},
		{`{"code":"1"} trailing`, "", false},
		{`registrationCode=1`, "", false},
		{``, "", false},
	}
	for _, tc := range tests {
		got, ok := maskBody([]byte(tc.in))
		if got != tc.want || ok != tc.ok {
			t.Errorf("maskBody(%s) = %s, %v; want %s, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

// Bodies are logged only when Config.LogBodies asks for them, even when the
// logger is at TRACE: copying and masking them is not free.
func TestLoggingBodiesOnlyWhenAsked(t *testing.T) {
	api := newFakeAPI(t, reply{status: http.StatusOK, body: `[{"method":"visa","status":"active"}]`})
	var logs bytes.Buffer
	ctx := tflogtest.RootLogger(t.Context(), &logs)
	if err := listMethods(ctx, api.client(t)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(logs.String(), "cardpay API response") {
		t.Fatalf("no request was logged at all:\n%s", logs.String())
	}
	if strings.Contains(logs.String(), "body") {
		t.Errorf("a body was logged without LogBodies:\n%s", logs.String())
	}
}
