// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"
)

// ErrMissingCredentials is matched by errors.Is for every
// *MissingCredentialsError.
var ErrMissingCredentials = errors.New("missing credentials")

// Credential is one secret or identifier the API needs.
type Credential int

// Credentials the API needs: the partner pair for /v1/partner/ and the
// bearer token for /v1/ais/.
const (
	CredentialPartnerClientID Credential = iota + 1
	CredentialPartnerClientSecret
	CredentialAccessToken
)

// String names the credential in prose, for error messages.
func (c Credential) String() string {
	switch c {
	case CredentialPartnerClientID:
		return "partner client ID"
	case CredentialPartnerClientSecret:
		return "partner client secret"
	case CredentialAccessToken:
		return "access token"
	default:
		return fmt.Sprintf("credential %d", int(c))
	}
}

// Credentials lists what calls to the api need, in the order the API
// needs them. The data (AIS) api needs the partner pair, with which the
// client mints its tokens, unless an access token is configured.
func (a API) Credentials() []Credential {
	switch a {
	case PartnerAPI, DataAPI:
		return []Credential{CredentialPartnerClientID, CredentialPartnerClientSecret}
	default:
		return nil
	}
}

// Missing lists the credentials of api that cfg leaves empty: calls to
// the api would fail with a *MissingCredentialsError before sending
// anything.
func (cfg Config) Missing(api API) []Credential {
	return missingOf(api, func(c Credential) string {
		switch c {
		case CredentialPartnerClientID:
			return cfg.PartnerClientID
		case CredentialPartnerClientSecret:
			return cfg.PartnerClientSecret
		default:
			return cfg.AccessToken
		}
	})
}

func missingOf(api API, value func(Credential) string) []Credential {
	if api == DataAPI && strings.TrimSpace(value(CredentialAccessToken)) != "" {
		return nil // the user's own token replaces minted ones
	}
	var missing []Credential
	for _, c := range api.Credentials() {
		if strings.TrimSpace(value(c)) == "" {
			missing = append(missing, c)
		}
	}
	return missing
}

// MissingCredentialsError reports that a call needs credentials that are
// not configured. Nothing was sent.
type MissingCredentialsError struct {
	Op      string       // the operation, e.g. "create order"
	Missing []Credential // in the order the API needs them
	// OrAccessToken is true when an access token would do instead.
	OrAccessToken bool
}

func (e *MissingCredentialsError) Error() string {
	names := make([]string, len(e.Missing))
	for i, c := range e.Missing {
		names[i] = c.String()
	}
	verb := "is"
	if len(names) > 1 {
		verb = "are"
	}
	msg := fmt.Sprintf("%s: %s %s not set", e.Op, strings.Join(names, " and "), verb)
	if e.OrAccessToken {
		msg += " (needed to get data-API tokens), nor is an access token"
	}
	return msg
}

// Unwrap makes errors.Is(err, ErrMissingCredentials) true.
func (e *MissingCredentialsError) Unwrap() error { return ErrMissingCredentials }

// APIError is a non-2xx answer of the service. Message is the service's own
// explanation when the body carries one, with configured secrets masked.
type APIError struct {
	Op         string // the operation, e.g. "create order"
	StatusCode int
	Method     string
	Path       string // request path relative to the base URL
	RequestID  string // the x-request-id this client sent
	Message    string
	Attempts   int // attempts made, retries included
	// RetryAfter is the wait the last answer's Retry-After header asked
	// for (delay seconds or HTTP date), rounded up to whole seconds and at
	// most 24h; 0 when absent, invalid or already past.
	RetryAfter time.Duration
	// Refusals is how many times the service refused the request (429, or
	// 503 with Retry-After) before the time for it ran out, after
	// RefusedFor (see Config.MaxRateLimitWait); 0 when the call ended for
	// another reason.
	Refusals   int
	RefusedFor time.Duration
}

func (e *APIError) Error() string {
	var b strings.Builder
	if e.Op != "" {
		b.WriteString(e.Op + ": ")
	}
	switch e.StatusCode {
	case http.StatusTooManyRequests:
		e.writeRefusal(&b, "rate limited by the service")
	case http.StatusServiceUnavailable:
		e.writeRefusal(&b, "service unavailable")
	default:
		e.writeFailure(&b)
	}
	return b.String()
}

// writeFailure writes "POST /x returned HTTP 400 Bad Request: message
// (request ID …)". The status text is said once: left out when the message
// is it or starts with it, as in "Bad Gateway (injected sandbox fault)".
func (e *APIError) writeFailure(b *strings.Builder) {
	text := http.StatusText(e.StatusCode)
	msg := e.Message
	if strings.EqualFold(msg, text) {
		msg = ""
	}
	fmt.Fprintf(b, "%s %s returned HTTP %d", e.Method, e.Path, e.StatusCode)
	if text != "" && !hasPrefixFold(msg, text) {
		b.WriteString(" " + text)
	}
	if msg != "" {
		b.WriteString(": " + msg)
	}
	fmt.Fprintf(b, " (request ID %s", e.RequestID)
	if e.Attempts > 1 {
		fmt.Fprintf(b, ", gave up after %d attempts", e.Attempts)
	}
	b.WriteString(")")
}

// writeRefusal writes a 429 or 503, which say the request was not processed:
// what happened, how often it was tried or refused and for how long, and
// how long the service asked to wait, so the caller can tell the user what
// to change.
func (e *APIError) writeRefusal(b *strings.Builder, what string) {
	fmt.Fprintf(b, "%s (HTTP %d on %s %s, request ID %s", what, e.StatusCode, e.Method, e.Path, e.RequestID)
	switch {
	case e.Refusals > 0:
		fmt.Fprintf(b, ", refused %d %s over %s", e.Refusals, plural(e.Refusals, "time", "times"), e.RefusedFor.Round(time.Second))
	case e.Attempts == 1:
		b.WriteString(", gave up after 1 attempt")
	case e.Attempts > 1:
		fmt.Fprintf(b, ", gave up after %d attempts", e.Attempts)
	}
	b.WriteString(")")
	switch {
	case e.RetryAfter > 0 && e.Refusals > 0:
		fmt.Fprintf(b, "; the service asked to wait %s more, past the time allowed", e.RetryAfter)
	case e.RetryAfter > 0:
		fmt.Fprintf(b, "; the service asked to wait %s before retrying", e.RetryAfter)
	}
	// what already says the status; drop the message's copy of it.
	if msg := trimPrefixFold(e.Message, http.StatusText(e.StatusCode)); msg != "" {
		b.WriteString(": " + msg)
	}
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// trimPrefixFold removes prefix, case-insensitively, and the separators
// after it.
func trimPrefixFold(s, prefix string) string {
	if prefix == "" || !hasPrefixFold(s, prefix) {
		return s
	}
	return strings.TrimLeft(s[len(prefix):], " :;,-")
}

// MaybeCreatedError reports that a create request failed in a way that
// leaves its outcome unknown: the service may have created the object even
// though no usable answer came back. Such requests are never repeated
// automatically, because repeating one could create a duplicate.
type MaybeCreatedError struct {
	Op  string // the operation, e.g. "create order"
	Err error  // the underlying *APIError or transport error

	advice string // what may exist and what the user should check
}

func (e *MaybeCreatedError) Error() string {
	advice := e.advice
	if advice == "" {
		advice = "the service may have created the object; check before applying again"
	}
	return fmt.Sprintf("%v; outcome unknown: %s", e.Err, advice)
}

func (e *MaybeCreatedError) Unwrap() error { return e.Err }

// IsNotFound reports whether err is an APIError with HTTP status 404.
func IsNotFound(err error) bool { return hasStatus(err, http.StatusNotFound) }

// IsUnauthorized reports whether err is an APIError with HTTP status 401.
func IsUnauthorized(err error) bool { return hasStatus(err, http.StatusUnauthorized) }

// IsForbidden reports whether err is an APIError with HTTP status 403.
func IsForbidden(err error) bool { return hasStatus(err, http.StatusForbidden) }

// IsRateLimited reports whether err is an APIError with HTTP status 429.
func IsRateLimited(err error) bool { return hasStatus(err, http.StatusTooManyRequests) }

// Unreachable returns the network error of a call that could not open a
// connection to the service, after its retries: the address was refused,
// has no such host or no route, or the connection timed out. ok is false
// for every other error, such as any answer of the service.
func Unreachable(err error) (netErr error, ok bool) {
	var opErr *net.OpError
	if errors.As(err, &opErr) && opErr.Op == "dial" {
		return opErr, true
	}
	return nil, false
}

func hasStatus(err error, status int) bool {
	var apiErr *APIError
	return errors.As(err, &apiErr) && apiErr.StatusCode == status
}

// plural is one when n is 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
