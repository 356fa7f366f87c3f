// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"
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
		{"AIS envelope", `{"statusCode":400,"message":"consent ta:1:2 not found"}`, "consent ta:1:2 not found"},
		{"AIS validation error", `{"statusCode":400,"message":["userId must be a string","merchantId must be a number"],"error":"Bad Request"}`,
			"Bad Request: userId must be a string; merchantId must be a number"},
		{"AIS error word already said", `{"statusCode":400,"message":"Bad Request: no userId","error":"Bad Request"}`, "Bad Request: no userId"},
		{"body status differs", `{"statusCode":422,"message":"amount too large"}`, "amount too large (the body says status 422)"},
		{"message list of objects", `{"message":[{"field":"amount","message":"must be positive"}]}`, "amount: must be positive"},
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
			if got := errorMessage(http.StatusBadRequest, []byte(tc.body), func(s string) string { return s }); got != tc.want {
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
			// A refusal gives up at once: its next try would be past the time.
			err := listMethods(t.Context(), api.client(t, withMaxRetries(0), withRateLimitWait(time.Nanosecond)))
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
			if tc.reply.status == http.StatusTooManyRequests {
				want.Refusals, want.RefusedFor = 1, apiErr.RefusedFor
			}
			if *apiErr != want {
				t.Errorf("APIError = %+v, want %+v", *apiErr, want)
			}
			if !tc.predicate(err) {
				t.Errorf("status predicate false for %v", err)
			}
			statusText := http.StatusText(tc.reply.status)
			if tc.reply.status == http.StatusTooManyRequests {
				statusText = "rate limited by the service"
			}
			for _, part := range []string{"GET", want.Path, statusText, reqID, tc.wantMsg} {
				if !strings.Contains(err.Error(), part) {
					t.Errorf("error %q does not name %q", err, part)
				}
			}
		})
	}
}

func TestAPIErrorText(t *testing.T) {
	base := APIError{Op: "create order", Method: "POST", Path: "/v1/x", RequestID: "rid-1", Attempts: 3}
	tests := []struct {
		name string
		edit func(*APIError)
		want string
	}{
		{"service message", func(e *APIError) { e.StatusCode, e.Message = 400, "amount must be positive" },
			"create order: POST /v1/x returned HTTP 400 Bad Request: amount must be positive (request ID rid-1, gave up after 3 attempts)"},
		{"message is the status text", func(e *APIError) { e.StatusCode, e.Message, e.Attempts = 404, "Not Found", 1 },
			"create order: POST /v1/x returned HTTP 404 Not Found (request ID rid-1)"},
		{"message starts with the status text", func(e *APIError) { e.StatusCode, e.Message = 502, "Bad Gateway (injected sandbox fault)" },
			"create order: POST /v1/x returned HTTP 502: Bad Gateway (injected sandbox fault) (request ID rid-1, gave up after 3 attempts)"},
		{"rate limited with Retry-After", func(e *APIError) { e.StatusCode, e.Message, e.RetryAfter = 429, "slow down", 30*time.Second },
			"create order: rate limited by the service (HTTP 429 on POST /v1/x, request ID rid-1, gave up after 3 attempts); the service asked to wait 30s before retrying: slow down"},
		{"rate limited, one attempt, no message", func(e *APIError) { e.StatusCode, e.Message, e.Attempts = 429, "Too Many Requests", 1 },
			"create order: rate limited by the service (HTTP 429 on POST /v1/x, request ID rid-1, gave up after 1 attempt)"},
		{"unavailable with Retry-After", func(e *APIError) {
			e.StatusCode, e.Message, e.RetryAfter = 503, "Service Unavailable (injected sandbox fault)", 2*time.Minute
		}, "create order: service unavailable (HTTP 503 on POST /v1/x, request ID rid-1, gave up after 3 attempts); the service asked to wait 2m0s before retrying: (injected sandbox fault)"},
		{"unavailable without Retry-After", func(e *APIError) { e.StatusCode, e.Message = 503, "maintenance" },
			"create order: service unavailable (HTTP 503 on POST /v1/x, request ID rid-1, gave up after 3 attempts): maintenance"},
		{"refused until the time ran out", func(e *APIError) {
			e.StatusCode, e.Message, e.RetryAfter, e.Refusals, e.RefusedFor = 429, "slow down", time.Minute, 37, 599*time.Second
		}, "create order: rate limited by the service (HTTP 429 on POST /v1/x, request ID rid-1, refused 37 times over 9m59s); the service asked to wait 1m0s more, past the time allowed: slow down"},
		{"refused once", func(e *APIError) {
			e.StatusCode, e.Message, e.Refusals, e.RefusedFor = 429, "Too Many Requests", 1, time.Millisecond
		}, "create order: rate limited by the service (HTTP 429 on POST /v1/x, request ID rid-1, refused 1 time over 0s)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := base
			tc.edit(&err)
			if got := err.Error(); got != tc.want {
				t.Errorf("Error() = %q\nwant      %q", got, tc.want)
			}
		})
	}
}

// When the time for a refused request runs out, the error carries the
// service's last Retry-After, in either form, and says what happened.
func TestRefusedErrorCarriesRetryAfter(t *testing.T) {
	date := time.Now().Add(5 * time.Minute).UTC().Format(http.TimeFormat)
	for name, tc := range map[string]struct {
		status     int
		retryAfter string
		wantWait   time.Duration
	}{
		"429 seconds":   {http.StatusTooManyRequests, "300", 5 * time.Minute},
		"429 HTTP date": {http.StatusTooManyRequests, date, 5 * time.Minute},
		"503 seconds":   {http.StatusServiceUnavailable, "120", 2 * time.Minute},
	} {
		t.Run(name, func(t *testing.T) {
			api := newFakeAPI(t, reply{status: tc.status, body: `{"status":"ERROR","message":"slow down"}`, header: map[string]string{"Retry-After": tc.retryAfter}})
			err := listMethods(t.Context(), api.client(t, withRateLimitWait(time.Minute)))
			var apiErr *APIError
			if !errors.As(err, &apiErr) {
				t.Fatalf("err = %v (%T), want *APIError", err, err)
			}
			// A date loses up to a second to the clock between format and parse.
			if d := tc.wantWait - apiErr.RetryAfter; d < 0 || d > time.Second || apiErr.Refusals != 1 || IsRateLimited(err) != (tc.status == http.StatusTooManyRequests) {
				t.Errorf("APIError = %+v; want one refusal and RetryAfter %s", apiErr, tc.wantWait)
			}
			if !strings.Contains(err.Error(), "refused 1 time over") || !strings.Contains(err.Error(), "past the time allowed: slow down") {
				t.Errorf("error %q does not say how often and how long it was refused", err)
			}
			if strings.Contains(err.Error(), "max_rate_limit_wait") {
				t.Errorf("error %q names a Terraform setting", err)
			}
		})
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
				assertMaskedEcho(t, call(t.Context(), echo(rep.status, rep.contentType, rep.format).client(t)))
			})
		}
	}
}

// echoedHeaders is what a service that echoes its request headers into an
// error body would write: the headers it got, plus both credentials so
// every path is checked for both.
func echoedHeaders(r *http.Request) string {
	var got []string
	for _, name := range []string{"X-Partner-Client-Secret", "Authorization"} {
		got = append(got, name+"="+r.Header.Get(name))
	}
	return fmt.Sprintf("X-Partner-Client-Secret=%s, Authorization=Bearer %s; got %s",
		testPartnerSecret, testAccessToken, strings.Join(got, ", "))
}

// Every way a response reaches an error text masks the credentials: the
// service's message in any shape, body excerpts, decoding errors and
// transport errors quoting a broken answer.
func TestErrorsNeverLeakCredentials(t *testing.T) {
	listAccounts := func(ctx context.Context, c *Client) error {
		_, err := c.ListAccounts(ctx, AccountsRequest{UserID: "u", MerchantID: 1})
		return err
	}
	status := func(code int, contentType, format string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", contentType)
			w.WriteHeader(code)
			_, _ = fmt.Fprintf(w, format, echoedHeaders(r))
		}
	}
	const jsonType = "application/json"
	tests := []struct {
		name    string
		handler http.HandlerFunc
		call    func(context.Context, *Client) error
	}{
		{"sandbox envelope", status(http.StatusBadGateway, jsonType, `{"status":"ERROR","message":"Bad Gateway (injected sandbox fault); request headers: %s"}`), listMethods},
		{"oauth shape", status(http.StatusUnauthorized, jsonType, `{"error":"invalid_token","error_description":"%s"}`), listAccounts},
		{"nested error", status(http.StatusBadRequest, jsonType, `{"error":{"message":"%s"}}`), listMethods},
		{"problem details", status(http.StatusBadRequest, jsonType, `{"title":"Bad Request","detail":"%s"}`), listMethods},
		{"itemised errors", status(http.StatusBadRequest, jsonType, `{"errors":[{"field":"headers","message":"%s"}]}`), listMethods},
		{"errors by field", status(http.StatusBadRequest, jsonType, `{"errors":{"%s":["bad"]}}`), listMethods},
		{"unknown shape", status(http.StatusBadRequest, jsonType, `{"headers":"%s","code":1}`), listMethods},
		{"escaped in JSON", status(http.StatusBadRequest, jsonType, `{"message":"%s \u0070S3cr3t-partner-VALUE"}`), listMethods},
		{"plain text", status(http.StatusForbidden, "text/plain", "denied\n%s"), listMethods},
		{"rate limited", status(http.StatusTooManyRequests, "text/plain", "slow down: %s"), listMethods},
		{"invalid JSON success", status(http.StatusOK, jsonType, `{"echo":"%s"`), listMethods},
		{"HTML success", status(http.StatusOK, "text/html", "<pre>%s</pre>"), listMethods},
		{"wrong JSON type", status(http.StatusOK, jsonType, `{"accounts":[{"balance":{"echo":"%s"}}]}`), listAccounts},
		{"content type", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/x-echo; h="+strings.ReplaceAll(echoedHeaders(r), " ", ""))
			_, _ = io.WriteString(w, "{}")
		}, listAccounts},
		{"malformed status line", hijacked("HTTP/1.1 %s\r\n\r\n"), listMethods},
		{"malformed header line", hijacked("HTTP/1.1 200 OK\r\n%s\r\n\r\n"), listMethods},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			api := newFakeAPIHandler(t, tc.handler)
			assertMaskedEcho(t, tc.call(t.Context(), api.client(t, withMaxRetries(1))))
		})
	}
}

// hijacked answers with raw bytes that are not valid HTTP, as a broken
// proxy might; format gets the echoed headers.
func hijacked(format string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		conn, buf, err := http.NewResponseController(w).Hijack()
		if err != nil {
			panic(err)
		}
		defer func() { _ = conn.Close() }()
		_, _ = fmt.Fprintf(buf, format, echoedHeaders(r))
		_ = buf.Flush()
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
			name: "data API without token or partner pair",
			cfg:  func(c *Config) { c.AccessToken, c.PartnerClientSecret = "", "" },
			call: func(ctx context.Context, c *Client) error {
				_, err := c.CreateConsent(ctx, ConsentRequest{MerchantID: 1})
				return err
			},
			want:     []Credential{CredentialPartnerClientSecret},
			wantText: "create AIS consent: partner client secret is not set (needed to get data-API tokens), nor is an access token",
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

// assertMaskedEcho checks an error whose source echoed the credentials:
// they must show as "***", never in clear.
func assertMaskedEcho(t *testing.T, err error) {
	t.Helper()
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
}

// A configuration reports what each area still lacks, in the API's order,
// so a caller can say so before building requests.
func TestConfigMissing(t *testing.T) {
	cfg := Config{PartnerClientID: "p", PartnerClientSecret: " ", AccessToken: ""}
	if got := cfg.Missing(PartnerAPI); !slices.Equal(got, []Credential{CredentialPartnerClientSecret}) {
		t.Errorf("Missing(partner) = %v", got)
	}
	// Without an access token the data API is reached with tokens minted
	// with the partner pair.
	if got := cfg.Missing(DataAPI); !slices.Equal(got, []Credential{CredentialPartnerClientSecret}) {
		t.Errorf("Missing(AIS) = %v", got)
	}
	if got := (Config{AccessToken: "t"}).Missing(DataAPI); got != nil {
		t.Errorf("Missing(AIS) with a token = %v, want nothing", got)
	}
	if got := CredentialPartnerClientSecret.String(); got != "partner client secret" {
		t.Errorf("String() = %q", got)
	}
}
