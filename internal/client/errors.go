package client

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// ErrMissingCredentials is matched by errors.Is for every
// *MissingCredentialsError.
var ErrMissingCredentials = errors.New("missing credentials")

// Credential names one configurable secret or identifier. Its value is the
// snake_case name a provider would use for the matching attribute.
type Credential string

// Credentials the API needs: the partner pair for /v1/partner/ and the
// bearer token for /v1/ais/.
const (
	CredentialPartnerClientID     Credential = "partner_client_id"
	CredentialPartnerClientSecret Credential = "partner_client_secret"
	CredentialAccessToken         Credential = "access_token"
)

// Description is the credential's name in prose, for error messages.
func (c Credential) Description() string {
	switch c {
	case CredentialPartnerClientID:
		return "partner client ID"
	case CredentialPartnerClientSecret:
		return "partner client secret"
	case CredentialAccessToken:
		return "access token"
	default:
		return string(c)
	}
}

// MissingCredentialsError reports that a call needs credentials that are
// not configured. Nothing was sent.
type MissingCredentialsError struct {
	Op      string       // the operation, e.g. "create order"
	Missing []Credential // in the order the API needs them
}

func (e *MissingCredentialsError) Error() string {
	names := make([]string, len(e.Missing))
	for i, c := range e.Missing {
		names[i] = c.Description()
	}
	verb := "is"
	if len(names) > 1 {
		verb = "are"
	}
	return fmt.Sprintf("%s: %s %s not set", e.Op, strings.Join(names, " and "), verb)
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
}

func (e *APIError) Error() string {
	var b strings.Builder
	if e.Op != "" {
		b.WriteString(e.Op + ": ")
	}
	fmt.Fprintf(&b, "%s %s returned HTTP %d", e.Method, e.Path, e.StatusCode)
	if text := http.StatusText(e.StatusCode); text != "" {
		b.WriteString(" " + text)
	}
	if e.Message != "" && e.Message != http.StatusText(e.StatusCode) {
		b.WriteString(": " + e.Message)
	}
	fmt.Fprintf(&b, " (request ID %s", e.RequestID)
	if e.Attempts > 1 {
		fmt.Fprintf(&b, ", gave up after %d attempts", e.Attempts)
	}
	b.WriteString(")")
	return b.String()
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

func hasStatus(err error, status int) bool {
	var apiErr *APIError
	return errors.As(err, &apiErr) && apiErr.StatusCode == status
}
