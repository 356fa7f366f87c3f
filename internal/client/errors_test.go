package client

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
)

func TestErrorMessageShapes(t *testing.T) {
	long := strings.Repeat("x", 1000)
	tests := []struct {
		name string
		body string
		want string
	}{
		{"status ERROR envelope", `{"status":"ERROR","message":"Merchant 9 not found"}`, "Merchant 9 not found"},
		{"status FAILED envelope", `{"status":"FAILED","message":"Store is inactive"}`, "Store is inactive"},
		{"error string", `{"error":"upstream unavailable"}`, "upstream unavailable"},
		{"oauth error with description", `{"error":"invalid_token","error_description":"token expired"}`, "invalid_token: token expired"},
		{"error_description alone", `{"error_description":"token expired"}`, "token expired"},
		{"nested error.message", `{"error":{"code":42,"message":"amount too large"}}`, "amount too large"},
		{"problem details", `{"type":"about:blank","title":"Bad Request","detail":"currency must be DKK, EUR or SEK"}`, "Bad Request: currency must be DKK, EUR or SEK"},
		{"problem title only", `{"title":"Conflict"}`, "Conflict"},
		{"errors strings", `{"errors":["amount is required","currency is required"]}`, "amount is required; currency is required"},
		{"errors objects", `{"errors":[{"field":"amount","message":"must be positive"},{"message":"bad currency"}]}`, "amount: must be positive; bad currency"},
		{"errors by field", `{"errors":{"currency":["unsupported"],"amount":"too large"}}`, "amount: too large; currency: unsupported"},
		{"message with itemised errors", `{"message":"Validation failed","errors":[{"message":"email is invalid"}]}`, "Validation failed (email is invalid)"},
		{"top-level string", `"plain json string"`, "plain json string"},
		{"unknown json shape", `{"status":"ERROR","code":17}`, `{"status":"ERROR","code":17}`},
		{"plain text", "upstream connect error\n  or disconnect\treset", "upstream connect error or disconnect reset"},
		{"html", "<html>\n<head><title>502 Bad Gateway</title></head>\n</html>", "<html> <head><title>502 Bad Gateway</title></head> </html>"},
		{"long text bounded", long, strings.Repeat("x", maxExcerptRunes) + "…"},
		{"long message bounded", `{"message":"` + long + `"}`, strings.Repeat("x", maxMessageRunes) + "…"},
		{"empty", "", ""},
		{"whitespace", " \n\t", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := errorMessage([]byte(tc.body), func(s string) string { return s }); got != tc.want {
				t.Errorf("errorMessage(%q) = %q, want %q", tc.body, got, tc.want)
			}
		})
	}
}

func TestAPIErrorFromResponse(t *testing.T) {
	tests := []struct {
		name      string
		reply     reply
		wantMsg   string
		predicate func(error) bool
	}{
		{"not found, empty body", reply{status: http.StatusNotFound}, "Not Found", IsNotFound},
		{"unauthorized", reply{status: http.StatusUnauthorized, body: `{"status":"ERROR","message":"invalid partner credentials"}`}, "invalid partner credentials", IsUnauthorized},
		{"forbidden", reply{status: http.StatusForbidden, body: `{"status":"ERROR","message":"merchant belongs to another partner"}`}, "merchant belongs to another partner", IsForbidden},
		{"rate limited", reply{status: http.StatusTooManyRequests, body: "slow down", header: map[string]string{"Content-Type": "text/plain"}}, "slow down", IsRateLimited},
		{"bad request", reply{status: http.StatusBadRequest, body: `{"status":"ERROR","message":"amount must be positive"}`}, "amount must be positive", func(err error) bool {
			return !IsNotFound(err) && !IsUnauthorized(err) && !IsForbidden(err) && !IsRateLimited(err)
		}},
		{"redirect is not followed", reply{status: http.StatusFound, header: map[string]string{"Location": "https://elsewhere.example/steal"}}, "Found", func(err error) bool {
			var apiErr *APIError
			return errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusFound
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			api := newFakeAPI(t, tc.reply)
			err := listMethods(t.Context(), api.client(t, withMaxRetries(0)))
			var apiErr *APIError
			if !errors.As(err, &apiErr) {
				t.Fatalf("err = %v (%T), want *APIError", err, err)
			}
			reqID := api.requests()[0].header.Get("X-Request-Id")
			want := APIError{
				Op: "list payment methods", StatusCode: tc.reply.status, Method: http.MethodGet,
				Path:      "/v1/partner/merchants/1001/card-payments/payment-methods",
				RequestID: reqID, Message: tc.wantMsg, Attempts: 1,
			}
			if *apiErr != want {
				t.Errorf("APIError = %+v, want %+v", *apiErr, want)
			}
			if !tc.predicate(err) {
				t.Errorf("status predicate false for %v", err)
			}
			for _, part := range []string{"GET", want.Path, http.StatusText(tc.reply.status), reqID, tc.wantMsg} {
				if !strings.Contains(err.Error(), part) {
					t.Errorf("error %q does not name %q", err, part)
				}
			}
		})
	}
}

func TestAPIErrorText(t *testing.T) {
	err := &APIError{Op: "create order", StatusCode: 400, Method: "POST", Path: "/v1/x", RequestID: "rid-1", Message: "amount must be positive", Attempts: 3}
	want := "create order: POST /v1/x returned HTTP 400 Bad Request: amount must be positive (request ID rid-1, gave up after 3 attempts)"
	if got := err.Error(); got != want {
		t.Errorf("Error() = %q\nwant      %q", got, want)
	}
}

// A misbehaving service or proxy that echoes credentials must not get them
// into error text.
func TestErrorsMaskCredentials(t *testing.T) {
	echo := func(status int, contentType, format string) *fakeAPI {
		return newFakeAPIHandler(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", contentType)
			w.WriteHeader(status)
			leaked := "secret=" + r.Header.Get("X-Partner-Client-Secret") + " auth=" + r.Header.Get("Authorization")
			_, _ = fmt.Fprintf(w, format, leaked)
		})
	}
	replies := []struct {
		name                string
		status              int
		contentType, format string
	}{
		{"json error", http.StatusBadRequest, "application/json", `{"status":"ERROR","message":"bad credentials %s"}`},
		{"text error", http.StatusUnauthorized, "text/plain", "denied: %s"},
		{"invalid json success", http.StatusOK, "application/json", `{"echo":"%s"`},
		{"html success", http.StatusOK, "text/html", "<p>%s</p>"},
	}
	calls := map[string]func(context.Context, *Client) error{
		"partner": listMethods,
		"ais": func(ctx context.Context, c *Client) error {
			_, err := c.ListAccounts(ctx, AccountsRequest{UserID: "u", MerchantID: 1})
			return err
		},
	}
	for _, rep := range replies {
		for name, call := range calls {
			t.Run(rep.name+"/"+name, func(t *testing.T) {
				err := call(t.Context(), echo(rep.status, rep.contentType, rep.format).client(t))
				if err == nil {
					t.Fatal("want an error")
				}
				text := err.Error()
				if strings.Contains(text, testPartnerSecret) || strings.Contains(text, testAccessToken) {
					t.Errorf("error leaks a credential: %s", text)
				}
				if !strings.Contains(text, "***") {
					t.Errorf("error %q should show the masked echo", text)
				}
			})
		}
	}
}

func TestMissingCredentials(t *testing.T) {
	tests := []struct {
		name     string
		cfg      func(*Config)
		call     func(context.Context, *Client) error
		want     []Credential
		wantText string
	}{
		{
			name:     "partner secret",
			cfg:      func(c *Config) { c.PartnerClientSecret = "" },
			call:     listMethods,
			want:     []Credential{CredentialPartnerClientSecret},
			wantText: "list payment methods: partner client secret is not set",
		},
		{
			name:     "partner pair",
			cfg:      func(c *Config) { c.PartnerClientID, c.PartnerClientSecret = " ", "" },
			call:     listMethods,
			want:     []Credential{CredentialPartnerClientID, CredentialPartnerClientSecret},
			wantText: "partner client ID and partner client secret are not set",
		},
		{
			name: "access token",
			cfg:  func(c *Config) { c.AccessToken = "" },
			call: func(ctx context.Context, c *Client) error {
				_, err := c.CreateConsent(ctx, ConsentRequest{MerchantID: 1})
				return err
			},
			want:     []Credential{CredentialAccessToken},
			wantText: "create AIS consent: access token is not set",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			api := newFakeAPI(t)
			err := tc.call(t.Context(), api.client(t, tc.cfg))
			if !errors.Is(err, ErrMissingCredentials) {
				t.Fatalf("err = %v, want ErrMissingCredentials", err)
			}
			var missing *MissingCredentialsError
			if !errors.As(err, &missing) || !slices.Equal(missing.Missing, tc.want) {
				t.Errorf("missing = %+v, want %v", missing, tc.want)
			}
			if !strings.Contains(err.Error(), tc.wantText) {
				t.Errorf("error %q does not contain %q", err, tc.wantText)
			}
			if n := len(api.requests()); n != 0 {
				t.Errorf("sent %d requests, want none", n)
			}
		})
	}
}

func TestOtherAuthStillWorksWithoutToken(t *testing.T) {
	api := newFakeAPI(t, reply{status: http.StatusOK, body: `[]`})
	c := api.client(t, func(c *Config) { c.AccessToken = "" })
	if err := listMethods(t.Context(), c); err != nil {
		t.Errorf("partner call without access token: %v", err)
	}
}
