// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"errors"
	"fmt"
	"math"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/hashicorp/go-cleanhttp"
	"github.com/hashicorp/go-retryablehttp"
)

// Defaults applied by New to zero-valued Config fields.
const (
	DefaultUserAgent    = "terraform-provider-cardpay/dev"
	DefaultTimeout      = 30 * time.Second
	DefaultRetryWaitMin = 1 * time.Second
	DefaultRetryWaitMax = 30 * time.Second
	// DefaultMaxRateLimitWait is how long a call may go on being refused
	// by the service's rate limit when Config.MaxRateLimitWait is zero.
	DefaultMaxRateLimitWait = 10 * time.Minute
)

// Config configures a Client. Credentials may be left empty: a call that
// needs a missing one fails with a *MissingCredentialsError before anything
// is sent, so a provider configured only for AIS can still be built.
type Config struct {
	// BaseURL is the partner API's address in one of the published forms
	// (NormalizeBaseURL). Plain http is accepted for loopback hosts only,
	// so credentials never cross a network unencrypted.
	BaseURL string
	// AISBaseURL is the data (AIS) API's address, in the same forms; empty
	// means BaseURL. The service publishes the two on different hosts.
	AISBaseURL string
	// CACertFile names a PEM file of CA certificates trusted besides the
	// system's, for both hosts (LoadCACertFile).
	CACertFile          string
	PartnerClientID     string
	PartnerClientSecret string
	// PartnerAuth is how partner calls authenticate; the zero value sends
	// the two partner headers.
	PartnerAuth PartnerAuth
	// AccessToken is a data-API bearer token the user already holds. When
	// empty, the client mints short-lived tokens with the partner
	// credentials, one per merchant, user and permission set.
	AccessToken string
	// Timeout bounds each attempt, not the whole call; the caller's context
	// bounds the whole call. Zero means DefaultTimeout.
	Timeout time.Duration
	// MaxRetries is how many times a failed attempt may be repeated; zero
	// means a single attempt. Refusals (429, and 503 with Retry-After) do
	// not count: see MaxRateLimitWait.
	MaxRetries int
	// MaxRateLimitWait bounds how long a call may go on being refused: a
	// refused request waits what the service asked and goes again until it
	// goes through, unless its next try would come later than this after
	// its first attempt was sent (the wait for that attempt's turn is
	// pacing, not refusal), or after the deadline of the caller's context
	// when it has one. Zero means DefaultMaxRateLimitWait.
	MaxRateLimitWait time.Duration
	// UserAgent is sent on every request; empty means DefaultUserAgent.
	UserAgent string
	// HTTPClient is optional. It is copied, never modified: the copy gets
	// a logging transport, the per-attempt timeout and a redirect policy.
	HTTPClient *http.Client
	// RetryWaitMin and RetryWaitMax bound the exponential backoff between
	// attempts that failed, and between refusals without Retry-After; a
	// refusal's Retry-After is waited in full. Zero means the defaults.
	RetryWaitMin time.Duration
	RetryWaitMax time.Duration
	// MaxRequestsPerSecond is a ceiling on the requests of each credential
	// per second, kept evenly; 0 means none. Every Client of the same base
	// URL and credential in this process shares it (see the package doc).
	MaxRequestsPerSecond float64
	// OnChange, when set, hears of every call that may change a list a
	// caller keeps (see Change) as the call begins; the function it
	// returns, when not nil, runs once the call has ended, whatever its
	// outcome (a failed call may have changed the list too). Between the
	// two the call is under way: a caller that must see the list after it
	// waits for the end.
	OnChange func(Change) (ended func())
	// SkipCredentialsCheck makes CheckPartnerCredentials send nothing.
	SkipCredentialsCheck bool
	// LogBodies adds TRACE logs of request and response bodies (masked).
	// Copying and masking a body costs about as much as decoding it, and a
	// provider's logger reports TRACE as enabled even when the host
	// discards it, so the caller says whether anyone will read them.
	LogBodies bool
}

// Client is a typed client of the partner card-payment and AIS API. It is
// safe for concurrent use.
type Client struct {
	baseURL     string // the partner host's root, without trailing slash
	aisBaseURL  string // the data host's root, likewise
	userAgent   string
	partnerID   string
	partnerKey  string
	partnerAuth PartnerAuth
	accessToken string
	// partnerTokens holds the OAuth2 token of PartnerAuthOAuth2 and
	// dataTokens the minted data-API tokens; both are shared by every
	// Client of the same host and credentials in this process.
	partnerTokens *tokenCache
	dataTokens    *tokenCache
	onChange      func(Change) func()
	retrying      *retryablehttp.Client
	// proof is what this process knows of the partner credentials, and
	// settled when CheckPartnerCredentials stops waiting for another
	// request to prove them.
	proof                *credentialProof
	settled              time.Time
	skipCredentialsCheck bool
}

// New validates cfg and returns a Client.
func New(cfg Config) (*Client, error) {
	if err := normalizeHosts(&cfg); err != nil {
		return nil, err
	}
	if err := applyDefaults(&cfg); err != nil {
		return nil, err
	}
	c := &Client{
		baseURL:     cfg.BaseURL,
		aisBaseURL:  cfg.AISBaseURL,
		userAgent:   cfg.UserAgent,
		partnerID:   strings.TrimSpace(cfg.PartnerClientID),
		partnerKey:  strings.TrimSpace(cfg.PartnerClientSecret),
		partnerAuth: cfg.PartnerAuth,
		accessToken: strings.TrimSpace(cfg.AccessToken),
		onChange:    cfg.OnChange,

		skipCredentialsCheck: cfg.SkipCredentialsCheck,
	}
	c.proof, c.settled = sharedProof(c.baseURL, c.partnerID, c.partnerKey), time.Now().Add(credentialsSettle)
	c.partnerTokens = sharedTokens(c.baseURL, "oauth2", c.partnerID, c.partnerKey)
	c.dataTokens = sharedTokens(c.aisBaseURL, "data", c.partnerID, c.partnerKey, cfg.PartnerAuth.String())
	hc, err := buildHTTPClient(cfg)
	if err != nil {
		return nil, err
	}
	hc.Transport = newThrottleTransport(hc.Transport, cfg, c.proof)
	c.retrying = &retryablehttp.Client{
		HTTPClient:   hc,
		Logger:       nil, // every attempt is logged through tflog by loggingTransport
		RetryWaitMin: cfg.RetryWaitMin,
		RetryWaitMax: cfg.RetryWaitMax,
		RetryMax:     cfg.MaxRetries,
		CheckRetry:   checkRetry,
		Backoff:      backoff,
		// Hand back the last response or error as is, so the caller can
		// build an APIError from it instead of a generic "giving up".
		ErrorHandler: retryablehttp.PassthroughErrorHandler,
	}
	return c, nil
}

func applyDefaults(cfg *Config) error {
	switch {
	case cfg.Timeout < 0:
		return errors.New("cardpay client: timeout must not be negative")
	case cfg.MaxRetries < 0:
		return errors.New("cardpay client: max retries must not be negative")
	case cfg.RetryWaitMin < 0 || cfg.RetryWaitMax < 0 || cfg.MaxRateLimitWait < 0:
		return errors.New("cardpay client: retry waits must not be negative")
	case !(cfg.MaxRequestsPerSecond >= 0) || math.IsInf(cfg.MaxRequestsPerSecond, 1): // also catches NaN
		return fmt.Errorf("cardpay client: max requests per second must be a positive number or 0 for none, got %v", cfg.MaxRequestsPerSecond)
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.MaxRateLimitWait == 0 {
		cfg.MaxRateLimitWait = DefaultMaxRateLimitWait
	}
	if strings.TrimSpace(cfg.UserAgent) == "" {
		cfg.UserAgent = DefaultUserAgent
	}
	if cfg.RetryWaitMin == 0 {
		cfg.RetryWaitMin = DefaultRetryWaitMin
	}
	if cfg.RetryWaitMax == 0 {
		cfg.RetryWaitMax = max(DefaultRetryWaitMax, cfg.RetryWaitMin)
	}
	if cfg.RetryWaitMax < cfg.RetryWaitMin {
		return fmt.Errorf("cardpay client: retry wait max (%s) is less than retry wait min (%s)", cfg.RetryWaitMax, cfg.RetryWaitMin)
	}
	return nil
}

// ValidateBaseURL reports why raw cannot be used as Config.BaseURL or
// Config.AISBaseURL, or nil. New applies the same rules; this lets a
// caller check a value early.
func ValidateBaseURL(raw string) error {
	_, err := NormalizeBaseURL(raw)
	return err
}

// normalizeHosts normalizes both base URLs in place; an empty AISBaseURL
// becomes BaseURL.
func normalizeHosts(cfg *Config) error {
	base, err := NormalizeBaseURL(cfg.BaseURL)
	if err != nil {
		return fmt.Errorf("cardpay client: %w", err)
	}
	cfg.BaseURL = base
	if strings.TrimSpace(cfg.AISBaseURL) == "" {
		cfg.AISBaseURL = base
		return nil
	}
	if cfg.AISBaseURL, err = NormalizeBaseURL(cfg.AISBaseURL); err != nil {
		return fmt.Errorf("cardpay client: data API %w", err)
	}
	return nil
}

// PublishedBasePaths are the paths a base URL may end in. The service's
// pages publish its addresses with no path (https://api.acountpay.com),
// with /v1 (https://sandbox.api.acountpay.com/v1) and with /v1/partner
// (https://sandbox.api.acountpay.com/v1/partner); every endpoint path
// starts with /v1/, so each form names the same root.
var PublishedBasePaths = []string{"", "/v1", "/v1/partner"}

// NormalizeBaseURL checks that raw is an absolute http(s) URL that is safe
// to send credentials to, with one of PublishedBasePaths, and returns the
// host's root without a trailing slash, to which endpoint paths are
// appended.
func NormalizeBaseURL(raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return "", errors.New("base URL is not set")
	}
	u, err := url.Parse(raw)
	if err != nil {
		return "", fmt.Errorf("base URL %q is not a valid URL: %w", raw, err)
	}
	if err := checkBaseURL(u); err != nil {
		return "", fmt.Errorf("base URL %q %w", redactUserinfo(u), err)
	}
	p := strings.TrimRight(u.EscapedPath(), "/")
	if !slices.Contains(PublishedBasePaths, p) {
		return "", fmt.Errorf("base URL %q has the path %q; the service's addresses have no path or end in "+
			"/v1 or /v1/partner", redactUserinfo(u), p)
	}
	root := url.URL{Scheme: strings.ToLower(u.Scheme), Host: u.Host}
	return root.String(), nil
}

func checkBaseURL(u *url.URL) error {
	switch {
	case !u.IsAbs() || u.Host == "" || u.Hostname() == "":
		return errors.New("must be absolute, for example https://api.example.com")
	case u.User != nil:
		return errors.New("must not contain a user name or password; configure the credentials instead")
	case u.RawQuery != "" || u.ForceQuery || u.Fragment != "":
		return errors.New("must not contain a query or fragment")
	}
	switch strings.ToLower(u.Scheme) {
	case "https":
		return nil
	case "http":
		if IsLoopbackHost(u.Hostname()) {
			return nil
		}
		return errors.New("must use https; plain http is only allowed for loopback hosts (localhost, 127.0.0.0/8, ::1)")
	default:
		return fmt.Errorf("has scheme %q; use https", u.Scheme)
	}
}

// IsLoopbackHost reports whether host (without port) names this machine:
// localhost, 127.0.0.0/8 or ::1. Plain http is allowed only for such hosts.
func IsLoopbackHost(host string) bool {
	if strings.EqualFold(strings.TrimSuffix(host, "."), "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func redactUserinfo(u *url.URL) string {
	if u.User == nil {
		return u.String()
	}
	c := *u
	c.User = url.User("REDACTED")
	return c.String()
}

// buildHTTPClient copies the configured client so the caller's value is
// never changed, then adds the CA certificates to trust, per-attempt
// logging, the per-attempt timeout and a redirect policy.
func buildHTTPClient(cfg Config) (*http.Client, error) {
	var hc http.Client
	if cfg.HTTPClient != nil {
		hc = *cfg.HTTPClient
	}
	next := hc.Transport
	if next == nil {
		next = cleanhttp.DefaultPooledTransport()
	}
	next, err := trustingTransport(next, cfg)
	if err != nil {
		return nil, err
	}
	hc.Transport = &loggingTransport{next: &timeoutTransport{next: next, timeout: cfg.Timeout}, logBodies: cfg.LogBodies}
	// timeoutTransport enforces cfg.Timeout per attempt; a client-wide
	// timeout would blur it with the caller's context and other timeouts.
	hc.Timeout = 0
	hc.CheckRedirect = refuseRedirect
	return &hc, nil
}

// refuseRedirect stops at the first redirect: net/http would forward the
// X-Partner-Client-Secret header to any host, and the API has no redirects
// of its own. The 3xx response then surfaces as an APIError.
func refuseRedirect(*http.Request, []*http.Request) error {
	return http.ErrUseLastResponse
}
