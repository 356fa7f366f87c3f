package client

import (
	"bytes"
	"context"
	"fmt"
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
	c := api.client(t, withMaxRetries(1))

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
