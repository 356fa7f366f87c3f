// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"github.com/hashicorp/go-retryablehttp"
	"github.com/hashicorp/terraform-plugin-log/tflog"
)

// maxResponseBytes bounds how much of a response body is read. The largest
// legitimate answer, a transactions page, is far below it.
const maxResponseBytes = 10 << 20

// API names one of the service's two APIs, each with credentials of its
// own: the partner API and the account-information data API.
type API int

// The service's APIs.
const (
	PartnerAPI API = iota + 1 // /v1/partner/: X-Partner-Client-Id and X-Partner-Client-Secret
	DataAPI                   // /v1/ais/: Authorization: Bearer
)

// endpoint describes one call: where it goes, how it authenticates and
// whether it is safe to send twice.
type endpoint struct {
	op     string // human name used in errors, e.g. "create order"
	method string
	path   string // relative to the base URL, segments already escaped
	auth   API
	// repeatable is true when sending the request again cannot create a
	// second object, so ambiguous failures (500, 502, 504, transport
	// errors) may be retried.
	repeatable bool
	// maybeCreated tells the user what may exist after an ambiguous failure
	// of a create request, and what to check. Empty for repeatable calls.
	maybeCreated string
	// dataHost sends a call that is not under /v1/ais/ to the data API's
	// host all the same (its token endpoint).
	dataHost bool
	// scope is whose data an AIS call touches, for minting its token.
	scope *DataScope
	// changes names the list the call may change, for Config.OnChange.
	changes *Change
}

// ListKind names a list the API answers in one piece, which a caller may
// keep and share: the API has no way to read one entry alone. Each is
// declared in its area's file, beside the method that reads it (StoreList
// beside StoreList).
type ListKind string

// Change says that a call may have changed a list: a merchant's, or one of
// the partner's (webhooks, merchants: MerchantID 0).
type Change struct {
	List       ListKind
	MerchantID int64
}

// changing is ep with the list it changes.
func (ep endpoint) changing(list ListKind, merchantID int64) endpoint {
	ep.changes = &Change{List: list, MerchantID: merchantID}
	return ep
}

// onDataHost reports whether ep goes to the data API's host.
func (ep endpoint) onDataHost() bool { return ep.auth == DataAPI || ep.dataHost }

// callState travels in the request context so the retry policy and the
// logging transport, which only see *http.Request, know about the call.
type callState struct {
	ep          endpoint
	requestID   string
	body        []byte
	contentType string
	attempts    atomic.Int32
	// ambiguous is true while the last attempt failed after the request
	// may have reached the service.
	ambiguous atomic.Bool
	// began is when the call's first attempt was sent (the wait for its
	// turn before is pacing, not refusal); refusals
	// counts the answers that refused it, and refusedFor is set to how long
	// it had gone on when its time ran out (throttleTransport).
	began      time.Time
	refusals   int
	refusedFor time.Duration
}

type callStateKey struct{}

func callStateFrom(ctx context.Context) *callState {
	st, _ := ctx.Value(callStateKey{}).(*callState)
	return st
}

// doDecoded sends one call, like do, and returns its answer decoded as a T.
func doDecoded[T any](ctx context.Context, c *Client, ep endpoint, in any) (*T, error) {
	var out T
	if err := c.do(ctx, ep, in, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// do sends one call, with retries, and decodes a 2xx JSON answer into out
// (skipped when out is nil).
func (c *Client) do(ctx context.Context, ep endpoint, in, out any) error {
	if err := c.checkCredentials(ep); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("%s: %w", ep.op, err)
	}
	body, contentType, err := encodeBody(ep, in)
	if err != nil {
		return err
	}
	st := &callState{ep: ep, requestID: uuid.NewString(), body: body, contentType: contentType}
	if ep.changes != nil && c.onChange != nil {
		if ended := c.onChange(*ep.changes); ended != nil {
			defer ended()
		}
	}
	resp, err := c.sendRenewing(ctx, st)
	if tokenErr := (*TokenError)(nil); errors.As(err, &tokenErr) {
		return err // nothing was sent: the token request's error says it all
	}
	if resp == nil {
		return c.transportFailure(st, err)
	}
	defer func() { _ = resp.Body.Close() }()
	// A response together with an error means the context ended just as
	// the answer arrived. The answer is definite, so it is used: dropping a
	// 201 would lose an object the service has created.
	return c.handleResponse(st, resp, out)
}

// sendRenewing sends the call, and once more with a new token when the
// service refused a token with 401: tokens can be revoked or expire
// earlier than they said.
func (c *Client) sendRenewing(ctx context.Context, st *callState) (*http.Response, error) {
	creds, err := c.credentialsFor(ctx, st.ep)
	if err != nil {
		return nil, err
	}
	resp, err := c.send(ctx, st, creds)
	if resp == nil || resp.StatusCode != http.StatusUnauthorized || creds.renew == nil {
		return resp, err
	}
	tflog.Debug(ctx, "cardpay API refused a token; asking for a new one", map[string]any{"http_path": st.ep.path, "request_id": st.requestID})
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, maxResponseBytes))
	_ = resp.Body.Close()
	creds.renew()
	if creds, err = c.credentialsFor(ctx, st.ep); err != nil {
		return nil, err
	}
	return c.send(ctx, st, creds)
}

// send runs the attempts of one call. One request ID is generated per call
// and kept across its retries, so the service can recognise a repeated
// attempt and its logs line up with ours.
func (c *Client) send(ctx context.Context, st *callState, creds credentials) (*http.Response, error) {
	ctx = c.maskSecrets(context.WithValue(ctx, callStateKey{}, st))
	base := c.baseURL
	if st.ep.onDataHost() {
		base = c.aisBaseURL
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, st.ep.method, base+st.ep.path, st.body)
	if err != nil {
		return nil, fmt.Errorf("building request: %w", err)
	}
	c.setHeaders(req.Header, st, creds)
	return c.retrying.Do(req)
}

func (c *Client) handleResponse(st *callState, resp *http.Response, out any) error {
	data, readErr := readBounded(resp.Body)
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return c.statusFailure(st, resp, data) // an unreadable body only costs the message
	}
	if readErr != nil {
		ep := st.ep
		return c.maybeCreated(st, fmt.Errorf("%s: reading response of %s %s (HTTP %d, request ID %s): %w",
			ep.op, ep.method, ep.path, resp.StatusCode, st.requestID, c.redactErr(readErr)))
	}
	if out == nil {
		return nil
	}
	if raw, ok := out.(*unpublishedAnswer); ok {
		*raw = data
		return nil
	}
	if err := c.decode(st, resp, data, out); err != nil {
		// The object exists but its answer is unusable: same advice as
		// for a lost answer.
		return c.maybeCreated(st, err)
	}
	return nil
}

func (c *Client) checkCredentials(ep endpoint) error {
	if missing := missingOf(ep.auth, c.credential); len(missing) > 0 {
		return &MissingCredentialsError{Op: ep.op, Missing: missing, OrAccessToken: ep.auth == DataAPI}
	}
	return nil
}

// credential is the configured value of cred.
func (c *Client) credential(cred Credential) string {
	switch cred {
	case CredentialPartnerClientID:
		return c.partnerID
	case CredentialPartnerClientSecret:
		return c.partnerKey
	default:
		return c.accessToken
	}
}

const (
	contentTypeJSON = "application/json"
	contentTypeForm = "application/x-www-form-urlencoded"
)

// encodeBody marshals in and returns its content type: url.Values as a
// form (the OAuth2 token request), anything else as JSON. GET and DELETE
// send no body; POSTs and PUTs without one send "{}" so the declared
// application/json content is always valid JSON.
func encodeBody(ep endpoint, in any) ([]byte, string, error) {
	switch v := in.(type) {
	case nil:
		if ep.method == http.MethodGet || ep.method == http.MethodDelete {
			return nil, contentTypeJSON, nil
		}
		return []byte("{}"), contentTypeJSON, nil
	case url.Values:
		return []byte(v.Encode()), contentTypeForm, nil
	}
	body, err := json.Marshal(in)
	if err != nil {
		return nil, "", fmt.Errorf("%s: encoding request: %w", ep.op, err)
	}
	return body, contentTypeJSON, nil
}

func (c *Client) setHeaders(h http.Header, st *callState, creds credentials) {
	h.Set("Content-Type", st.contentType)
	h.Set("Accept", contentTypeJSON)
	h.Set("User-Agent", c.userAgent)
	h.Set("x-request-id", st.requestID)
	for name, value := range creds.header {
		h.Set(name, value)
	}
}

// transportFailure builds the error for a call that ended without a usable
// response: cancelled, timed out or failed in transport.
func (c *Client) transportFailure(st *callState, err error) error {
	ep := st.ep
	if err == nil { // not expected from retryablehttp, but never return success without an answer
		err = errors.New("no response")
	}
	var timeout *timeoutError
	if errors.As(err, &timeout) {
		err = timeout // its text says it all; the *url.Error around it only repeats the URL
	}
	err = c.redactErr(err)
	wrapped := fmt.Errorf("%s: %s %s (request ID %s%s): %w",
		ep.op, ep.method, ep.path, st.requestID, attemptsNote(int(st.attempts.Load())), err)
	if st.ambiguous.Load() {
		return c.maybeCreated(st, wrapped)
	}
	return wrapped
}

func (c *Client) statusFailure(st *callState, resp *http.Response, body []byte) error {
	status := resp.StatusCode
	msg := errorMessage(status, body, c.redact)
	if msg == "" {
		msg = http.StatusText(status)
	}
	apiErr := &APIError{
		Op:         st.ep.op,
		StatusCode: status,
		Method:     st.ep.method,
		Path:       st.ep.path,
		RequestID:  st.requestID,
		Message:    msg,
		Attempts:   int(st.attempts.Load()),
		RetryAfter: requestedWait(resp.Header),
	}
	if refused(resp) && st.refusedFor > 0 { // the time for refusals ran out
		apiErr.Refusals, apiErr.RefusedFor = st.refusals, st.refusedFor
	}
	switch status {
	case http.StatusInternalServerError, http.StatusBadGateway, http.StatusGatewayTimeout:
		return c.maybeCreated(st, apiErr)
	default:
		return apiErr
	}
}

// maybeCreated wraps err in a *MaybeCreatedError for create requests;
// other requests return err unchanged.
func (c *Client) maybeCreated(st *callState, err error) error {
	if st.ep.maybeCreated == "" {
		return err
	}
	return &MaybeCreatedError{Op: st.ep.op, Err: err, advice: st.ep.maybeCreated}
}

func attemptsNote(n int) string {
	if n <= 1 {
		return ""
	}
	return fmt.Sprintf(", gave up after %d attempts", n)
}

func readBounded(r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxResponseBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxResponseBytes {
		return nil, fmt.Errorf("response body exceeds %d MiB", maxResponseBytes>>20)
	}
	return data, nil
}

// decode rejects answers that are not JSON with an error naming the call,
// so a proxy's HTML page does not surface as a cryptic syntax error.
func (c *Client) decode(st *callState, resp *http.Response, data []byte, out any) error {
	ep := st.ep
	// Every detail is masked and bounded: decoding errors can quote the
	// body, which a broken service may fill with the request headers.
	fail := func(format string, args ...any) error {
		return fmt.Errorf("%s: unexpected response from %s %s (HTTP %d, request ID %s): %s",
			ep.op, ep.method, ep.path, resp.StatusCode, st.requestID,
			excerpt(fmt.Sprintf(format, args...), maxMessageRunes, c.redact))
	}
	if ct := resp.Header.Get("Content-Type"); ct != "" && !isJSONContentType(ct) {
		return fail("content type %q is not JSON: %s", ct, excerpt(string(data), maxExcerptRunes, c.redact))
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return fail("empty body")
	}
	if err := json.Unmarshal(data, out); err != nil {
		var syntaxErr *json.SyntaxError
		if errors.As(err, &syntaxErr) {
			return fail("invalid JSON (%v): %s", err, excerpt(string(data), maxExcerptRunes, c.redact))
		}
		return fail("%v", err)
	}
	if v, ok := out.(validator); ok {
		if err := v.validate(); err != nil {
			return fail("%v", err)
		}
	}
	return nil
}

// unpublishedAnswer receives an answer whose shape the service does not
// publish, as sent: the caller makes of it what it can, and no shape is an
// error.
type unpublishedAnswer []byte

// validator is implemented by response types that need more than JSON
// syntax to be usable.
type validator interface {
	validate() error
}

func isJSONContentType(ct string) bool {
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return false
	}
	return mt == "application/json" || strings.HasSuffix(mt, "+json")
}
