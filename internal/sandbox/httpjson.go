// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/mail"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"time"
)

// handlerFunc is an API handler that reports failures as errors; an
// *apiError carries its status, anything else becomes a 500.
type handlerFunc func(w http.ResponseWriter, r *http.Request) error

// apiError is a failure with the HTTP status and message the client sees.
type apiError struct {
	status  int
	message string
}

func (e *apiError) Error() string { return e.message }

// Is lets callers of the Go admin methods recognise a refused argument
// (HTTP 400) as ErrInvalidInput.
func (e *apiError) Is(target error) bool {
	return target == ErrInvalidInput && e.status == http.StatusBadRequest
}

func errorf(status int, format string, args ...any) error {
	return &apiError{status: status, message: fmt.Sprintf(format, args...)}
}

func badRequest(format string, args ...any) error {
	return errorf(http.StatusBadRequest, format, args...)
}

// serve runs h and turns its error into the JSON error envelope.
func (s *Server) serve(h handlerFunc, w http.ResponseWriter, r *http.Request) {
	err := h(w, r)
	if err == nil {
		return
	}
	var ae *apiError
	if errors.As(err, &ae) {
		writeError(w, r, ae.status, ae.message)
		return
	}
	s.logger.Printf("internal error on %s %s: %v", r.Method, r.URL.Path, err)
	writeError(w, r, http.StatusInternalServerError, "internal sandbox error")
}

// writeJSON writes v with status. A v that cannot be encoded writes
// nothing and is returned as an error, so serve answers 500 in the error
// envelope of the request's API area.
func writeJSON(w http.ResponseWriter, status int, v any) error {
	body, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("cannot encode response: %w", err)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(append(body, '\n'))
	return nil
}

type errorResponse struct {
	Status  string `json:"status"`
	Message string `json:"message"`
}

type aisErrorResponse struct {
	StatusCode int    `json:"statusCode"`
	Message    string `json:"message"`
}

// oauthError is the OAuth2 error body (RFC 6749, section 5.2).
type oauthError struct {
	Error       string `json:"error"`
	Description string `json:"error_description"`
}

// writeError writes the error envelope of the API area r is in: the AIS
// pages publish {"statusCode": 404, "message": ...}; everything else uses
// the partner API's {"status": "ERROR", "message": ...}.
func writeError(w http.ResponseWriter, r *http.Request, status int, message string) {
	switch {
	case onDataAPI(r.URL.Path):
		_ = writeJSON(w, status, aisErrorResponse{StatusCode: status, Message: message}) // always encodes
	case strings.HasPrefix(r.URL.Path, "/oauth/"):
		_ = writeJSON(w, status, oauthError{Error: oauthErrorCode(status), Description: message})
	default:
		_ = writeJSON(w, status, errorResponse{Status: "ERROR", Message: message})
	}
}

// onDataAPI reports whether path belongs to the data (AIS) API: its
// account-information endpoints and its token endpoint.
func onDataAPI(path string) bool {
	return strings.HasPrefix(path, "/v1/ais/") || strings.HasPrefix(path, "/v1/auth/")
}

// readBody reads the whole body within the size limit. A declared non-JSON
// content type is refused; a missing one is tolerated because many clients
// omit it on empty bodies.
func (s *Server) readBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	return s.readBodyOf(w, r, "application/json")
}

// readBodyOf is readBody for a route that also takes other media types.
func (s *Server) readBodyOf(w http.ResponseWriter, r *http.Request, mediaTypes ...string) ([]byte, error) {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || !slices.Contains(mediaTypes, mt) {
			return nil, errorf(http.StatusUnsupportedMediaType, "Content-Type must be %s, got %q", strings.Join(mediaTypes, " or "), ct)
		}
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.maxBody))
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return nil, errorf(http.StatusRequestEntityTooLarge, "request body exceeds the limit of %d bytes", s.maxBody)
	}
	if err != nil {
		return nil, badRequest("cannot read request body: %v", err)
	}
	return body, nil
}

// decodeJSON strictly decodes body into v. An empty body is an error only
// when required; unknown fields are rejected by name so client bugs surface.
func decodeJSON(body []byte, v any, required bool) error {
	trimmed := bytes.TrimSpace(body)
	if len(trimmed) == 0 {
		if required {
			return badRequest("request body is required: send a JSON object")
		}
		return nil
	}
	// encoding/json decodes a top-level null into a struct as a no-op;
	// other non-objects already fail with a type error.
	if string(trimmed) == "null" {
		return badRequest("request body must be a JSON object, got null")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return badRequest("%s", describeJSONError(err, v))
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return badRequest("request body must contain exactly one JSON object")
	}
	return nil
}

func describeJSONError(err error, v any) string {
	var syntax *json.SyntaxError
	var typeErr *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntax):
		return fmt.Sprintf("malformed JSON at byte %d: %v", syntax.Offset, syntax)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "malformed JSON: body ends early"
	case errors.As(err, &typeErr):
		if typeErr.Field == "" {
			return "request body must be a JSON object, got " + typeErr.Value
		}
		return fmt.Sprintf("field %q must be %s, got %s", typeErr.Field, jsonKind(typeErr.Type), typeErr.Value)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		msg := "unknown field " + strings.TrimPrefix(err.Error(), "json: unknown field ")
		if fields := jsonFields(v); len(fields) > 0 {
			msg += "; allowed fields: " + strings.Join(fields, ", ")
		}
		return msg
	default:
		return "invalid JSON body: " + err.Error()
	}
}

// jsonKind names a Go type the way a JSON user thinks of it.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean"
	case reflect.Int, reflect.Int32, reflect.Int64:
		return "an integer"
	case reflect.Float64:
		return "a number"
	case reflect.Slice:
		return "an array"
	case reflect.Pointer:
		return jsonKind(t.Elem())
	default:
		return "an object"
	}
}

// jsonFields lists the JSON names of the struct v points to.
func jsonFields(v any) []string {
	t := reflect.TypeOf(v)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return nil
	}
	var names []string
	// VisibleFields includes the fields of an embedded struct, which
	// encoding/json decodes as the outer struct's own.
	for _, f := range reflect.VisibleFields(t) {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if !f.Anonymous && name != "" && name != "-" {
			names = append(names, name)
		}
	}
	return names
}

func required(field, value string) error {
	if strings.TrimSpace(value) == "" {
		return badRequest("field %q is required and must not be empty", field)
	}
	return nil
}

func oneOf(field, value string, allowed []string) error {
	if !slices.Contains(allowed, value) {
		return badRequest("field %q must be one of %s, got %q", field, strings.Join(allowed, ", "), value)
	}
	return nil
}

// parseDateTime accepts RFC 3339 only, the profile of ISO 8601 that real
// clients send; date-only values are refused for the *DateTime fields.
func parseDateTime(field, value string) (time.Time, error) {
	if err := required(field, value); err != nil {
		return time.Time{}, err
	}
	t, err := time.Parse(time.RFC3339, value)
	if err != nil {
		return time.Time{}, badRequest("field %q must be an RFC 3339 timestamp such as 2026-12-31T23:59:59Z, got %q", field, value)
	}
	return t, nil
}

func validEmail(field, value string) error {
	addr, err := mail.ParseAddress(value)
	if err != nil || addr.Name != "" || addr.Address != value || !strings.Contains(value[strings.LastIndex(value, "@")+1:], ".") {
		return badRequest("field %q must be a plain e-mail address such as shop@example.com, got %q", field, value)
	}
	return nil
}

// validCallbackURL requires an absolute http(s) URL with a host.
func validCallbackURL(value string) error {
	u, err := url.Parse(value)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return badRequest("field %q must be an absolute http or https URL, got %q", "callbackUrl", value)
	}
	return nil
}

// randomID returns prefix followed by 16 random hex digits.
func randomID(prefix string) string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return prefix + hex.EncodeToString(b)
}

// randomString returns n characters drawn from alphabet (at most 256 long).
func randomString(alphabet string, n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return string(b)
}
