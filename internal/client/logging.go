// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflog"
)

// loggingTransport sits under retryablehttp so each attempt is logged with
// the request's own context, which carries the provider's logger and the
// masks for the configured secrets. Headers are never logged: two of them
// carry credentials.
type loggingTransport struct {
	next      http.RoundTripper
	logBodies bool // see Config.LogBodies
}

func (t *loggingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	st := callStateFrom(ctx)
	if st == nil { // not one of ours; nothing to add
		return t.next.RoundTrip(req)
	}
	// A context that is already done means nothing will be sent.
	cancelledBefore := ctx.Err() != nil
	fields := map[string]any{
		"http_method": req.Method,
		"http_path":   st.ep.path,
		"attempt":     int(st.attempts.Add(1)),
		"request_id":  st.requestID,
	}
	tflog.Debug(ctx, "cardpay API request", fields)
	if t.logBodies && len(st.body) > 0 && tflog.IsTrace(ctx) {
		tflog.Trace(ctx, "cardpay API request body", withBody(fields, "http_request_body", st.body))
	}

	start := time.Now()
	resp, err := t.next.RoundTrip(req)
	fields["duration_ms"] = time.Since(start).Milliseconds()
	st.ambiguous.Store(err != nil && !cancelledBefore && !notSent(err))
	if err != nil {
		tflog.Debug(ctx, "cardpay API request failed", withField(fields, "error", err.Error()))
		return nil, err
	}
	fields["http_status"] = resp.StatusCode
	if ra := resp.Header.Get("Retry-After"); ra != "" {
		fields["retry_after"] = ra
	}
	tflog.Debug(ctx, "cardpay API response", fields)
	if t.logBodies && tflog.IsTrace(ctx) {
		logResponseBody(req, resp, fields)
	}
	return resp, nil
}

// logResponseBody logs up to maxResponseBytes of the body and puts the
// bytes back so the caller still reads the whole body.
func logResponseBody(req *http.Request, resp *http.Response, fields map[string]any) {
	head, err := io.ReadAll(io.LimitReader(resp.Body, maxResponseBytes))
	resp.Body = readCloser{Reader: io.MultiReader(bytes.NewReader(head), resp.Body), Closer: resp.Body}
	if err != nil {
		return // the caller will meet the same error when it reads on
	}
	tflog.Trace(req.Context(), "cardpay API response body", withBody(fields, "http_response_body", head))
}

// sensitiveKeys are the JSON keys whose values are masked in logged bodies,
// whatever their type (a whole "accountDetails" object included): codes and
// links that let their holder act for the merchant or the user, and the
// user's bank details. Compared case-insensitively. Keep the list here.
var sensitiveKeys = keySet(
	"registrationCode", "registrationLink", "code", // in-app pairing (4.6)
	"authorizationUrl", "redirectUrl", "redirectUri", // consent's bank redirect (4.8)
	"webKybUrl", "shortLinkUrl", // onboarding verification link (4.4)
	"iban", "bban", "accountNumber", "accountHolderName", "accountDetails", // AIS (4.9-4.11)
	"counterparty", // a transaction's other party: a name and an IBAN

	"nonce",  // an order's online-SDK nonce
	"secret", // a webhook endpoint's signing secret

	"token", "access_token", "refresh_token", "client_secret", // minted tokens and the OAuth2 grant

	"clientSecret", "onboardingToken", "onboardingUrl", // partner credentials; a merchant's onboarding link
)

func keySet(keys ...string) map[string]bool {
	set := make(map[string]bool, len(keys))
	for _, k := range keys {
		set[strings.ToLower(k)] = true
	}
	return set
}

// withBody adds a body to a copy of fields, masked for the log. A body
// that is not JSON is logged by length only: it cannot be masked by key.
func withBody(fields map[string]any, key string, body []byte) map[string]any {
	if masked, ok := maskBody(body); ok {
		return withField(fields, key, masked)
	}
	return withField(fields, key+"_bytes", len(body))
}

// maskBody returns a copy of a JSON body with the values of sensitiveKeys
// replaced by "***". Numbers are kept digit for digit.
func maskBody(body []byte) (string, bool) {
	if !json.Valid(body) {
		return "", false
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return "", false
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(maskValues(doc)); err != nil {
		return "", false
	}
	return strings.TrimSuffix(out.String(), "\n"), true
}

// maskValues masks v in place and returns it.
func maskValues(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for k, child := range t {
			if child != nil && sensitiveKeys[strings.ToLower(k)] {
				t[k] = "***"
			} else {
				t[k] = maskValues(child)
			}
		}
	case []any:
		for i, child := range t {
			t[i] = maskValues(child)
		}
	}
	return v
}

type readCloser struct {
	io.Reader
	io.Closer
}

// withField returns a copy of fields plus one more; tflog masks the maps it
// is given in place, so shared maps must not be reused after masking.
func withField(fields map[string]any, key string, value any) map[string]any {
	out := make(map[string]any, len(fields)+1)
	for k, v := range fields {
		out[k] = v
	}
	out[key] = value
	return out
}
