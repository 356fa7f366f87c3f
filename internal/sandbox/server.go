// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"fmt"
	"io"
	"log"
	"net/http"
	"path"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
)

// The limits and defaults below are the sandbox's answers to what the
// reference leaves open; docs/development/api-notes.md lists them.
const (
	defaultMaxBodyBytes = 64 << 10
	defaultPageLimit    = 200
	defaultMaxPageLimit = 1000
	interappCodeTTL     = 120 * time.Second
	callbackTimeout     = 5 * time.Second
)

// Config configures a Server. The zero value serves DefaultFixtures on the
// real clock.
type Config struct {
	// Fixtures is the initial data set; nil means DefaultFixtures().
	Fixtures *Fixtures
	// Now is the clock; nil means time.Now. Tests inject a fake one.
	Now func() time.Time
	// MaxBodyBytes caps request bodies (413 above it); 0 means 64 KiB.
	MaxBodyBytes int64
	// Logger receives one line per request and callback failures; nil
	// discards them. Credentials are never logged.
	Logger *log.Logger
	// Latency delays every API request (admin requests excepted), on top of
	// any fault latency. Unlike a fault it survives Reset and ClearFaults
	// and never shadows injected faults. Negative means none.
	Latency time.Duration
	// MaxPageLimit is the largest pageLimit a transactions request may ask
	// for (400 above it); 0 means 1000. Benchmarks raise it to read 10,000
	// transactions in one request.
	MaxPageLimit int64
	// RateLimit limits the API requests of each credential; the zero value
	// (or one that fails Validate) means none. Like Latency it survives
	// Reset.
	RateLimit RateLimit
	// TokenLife is how long data-API and OAuth2 tokens live; 0 means one
	// hour. SetTokenLife changes it later; it survives Reset.
	TokenLife time.Duration
	// AutoAdvance turns auto-advance mode on (autoadvance.go): new
	// merchants become active and new onboarding applications
	// MERCHANT_CREATED this long after their creation. 0 means off.
	// SetAutoAdvance changes it later; it survives Reset.
	AutoAdvance time.Duration
	// AdminToken, when set, is required of every admin request, as
	// "Authorization: Bearer <token>". Without it, only loopback peers may
	// use the admin surface (admin_access.go).
	AdminToken string
	// AdminDisabled turns the admin surface off for everyone.
	AdminDisabled bool
	// CACertPEM is the CA certificate of a sandbox serving TLS with a
	// certificate it made, which GET /_sandbox/ca.pem shows.
	CACertPEM []byte
}

// Server is the in-memory partner API. It is safe for concurrent use.
type Server struct {
	fixtures *Fixtures
	now      func() time.Time
	maxBody  int64
	logger   *log.Logger
	latency  time.Duration
	// maxPageLimit bounds a transactions request's pageLimit.
	maxPageLimit int64
	mux          *http.ServeMux
	callback     *http.Client
	// routeKeys lists the API routes, for fault validation.
	routeKeys []string
	// routeAreas names the area that registered each API route, and
	// registering the area whose routes are being registered (areas.go).
	routeAreas  map[string]string
	registering string
	// literal maps each path that routes name without wildcards to their
	// methods. Such a path is theirs alone: GET /v1/partner/merchants/test
	// is 405, not a read of merchant "test".
	literal map[string][]string

	// Partners (their IDs and access tokens) and bank data never change
	// after New, so they are read without the lock. Credential pairs,
	// which do, are in the state.
	partnersByID    map[string]Partner
	partnersByToken map[string]Partner
	bank            map[userKey]*bankUser

	limits rateLimits
	tokens tokenIssuer

	mu     sync.Mutex
	st     *state
	counts map[string]int
	faults []*Fault
	// autoAdvance is the delay of auto-advance mode, 0 when off.
	autoAdvance time.Duration

	// Who may use the admin surface (admin_access.go), and the CA
	// certificate GET /_sandbox/ca.pem shows.
	adminToken    string
	adminDisabled bool
	caPEM         []byte
}

// New builds a Server from cfg.
func New(cfg Config) *Server {
	s := &Server{
		fixtures:     cfg.Fixtures,
		now:          cfg.Now,
		maxBody:      cfg.MaxBodyBytes,
		logger:       cfg.Logger,
		latency:      max(cfg.Latency, 0),
		autoAdvance:  max(cfg.AutoAdvance, 0),
		maxPageLimit: cfg.MaxPageLimit,
		mux:          http.NewServeMux(),
		literal:      map[string][]string{},
		callback:     &http.Client{Timeout: callbackTimeout},

		adminToken:    cfg.AdminToken,
		adminDisabled: cfg.AdminDisabled,
		caPEM:         slices.Clone(cfg.CACertPEM),
	}
	if s.fixtures == nil {
		s.fixtures = DefaultFixtures()
	}
	if s.maxPageLimit <= 0 {
		s.maxPageLimit = defaultMaxPageLimit
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.maxBody <= 0 {
		s.maxBody = defaultMaxBodyBytes
	}
	if s.logger == nil {
		s.logger = log.New(io.Discard, "", 0)
	}
	s.partnersByID = map[string]Partner{}
	s.partnersByToken = map[string]Partner{}
	for _, p := range s.fixtures.Partners {
		s.partnersByID[p.ClientID] = p
		s.partnersByToken[p.AccessToken] = p
	}
	s.bank = buildBank(s.fixtures)
	s.tokens = newTokenIssuer(cfg.TokenLife)
	_ = s.SetRateLimit(cfg.RateLimit) // an invalid limit means none, like a negative Latency
	s.routes()
	s.Reset()
	return s
}

// api registers an API route: it is rate limited, counted and subject to
// faults.
func (s *Server) api(pattern string, h handlerFunc) {
	s.routeKeys = append(s.routeKeys, pattern)
	s.routeAreas[pattern] = s.registering
	if method, path, _ := strings.Cut(pattern, " "); !strings.Contains(path, "{") {
		s.literal[path] = append(s.literal[path], method)
	}
	s.mux.Handle(pattern, s.withRateLimit(pattern, s.withFaults(pattern, s.advancing(h))))
}

// Routes lists the API routes as "METHOD /pattern", in registration order
// (the Route constants); the admin surface is not among them.
func (s *Server) Routes() []string { return slices.Clone(s.routeKeys) }

// ServeHTTP routes a request. Unknown paths get a JSON 404 and known paths
// with the wrong method a JSON 405, in the API's error shape.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := s.now()
	rec := NewStatusRecorder(w)
	rec.Header().Set("X-Request-Id", requestID(r))
	switch _, pattern := s.mux.Handler(r); {
	case !isCleanPath(r.URL.EscapedPath()):
		// ServeMux would redirect to the cleaned path with an empty body;
		// API clients are better served by the error envelope.
		writeError(rec, r, http.StatusNotFound, "no such endpoint: "+r.Method+" "+r.URL.Path+
			" (paths must not contain empty, \".\" or \"..\" segments)")
	case pattern == "" || s.shadowed(r):
		s.noRoute(rec, r)
	default:
		s.mux.ServeHTTP(rec, r)
	}
	s.logger.Printf("%s %s -> %d (%s)", r.Method, r.URL.Path, rec.Status, s.now().Sub(start).Round(time.Microsecond))
}

func (s *Server) noRoute(w http.ResponseWriter, r *http.Request) {
	allowed := s.allowedMethods(r)
	if len(allowed) == 0 {
		writeError(w, r, http.StatusNotFound, "no such endpoint: "+r.Method+" "+r.URL.Path)
		return
	}
	sort.Strings(allowed)
	w.Header().Set("Allow", strings.Join(allowed, ", "))
	writeError(w, r, http.StatusMethodNotAllowed, "method "+r.Method+" not allowed on "+r.URL.Path+"; use "+strings.Join(allowed, ", "))
}

// allowedMethods are a literal path's own methods, or else those of every
// route that matches the path.
func (s *Server) allowedMethods(r *http.Request) []string {
	if methods, ok := s.literal[r.URL.Path]; ok {
		return slices.Clone(methods)
	}
	var allowed []string
	for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
		probe := r.Clone(r.Context())
		probe.Method = m
		if _, p := s.mux.Handler(probe); p != "" {
			allowed = append(allowed, m)
		}
	}
	return allowed
}

// shadowed reports a request to a literal route path with another method,
// which a wildcard route of that method would otherwise take. HEAD goes
// with GET, as in ServeMux.
func (s *Server) shadowed(r *http.Request) bool {
	methods, ok := s.literal[r.URL.Path]
	if !ok {
		return false
	}
	method := r.Method
	if method == http.MethodHead {
		method = http.MethodGet
	}
	return !slices.Contains(methods, method)
}

// isCleanPath reports whether p is absolute and already in the form
// ServeMux would clean it to (a trailing slash kept).
func isCleanPath(p string) bool {
	if !strings.HasPrefix(p, "/") {
		return false
	}
	clean := path.Clean(p)
	if strings.HasSuffix(p, "/") && clean != "/" {
		clean += "/"
	}
	return clean == p
}

// requestID echoes the caller's x-request-id (section 4.9) or makes one, so
// every response can be correlated with the sandbox log.
func requestID(r *http.Request) string {
	if id := r.Header.Get("X-Request-Id"); id != "" && len(id) <= 128 {
		return id
	}
	return randomID("req-")
}

// StatusRecorder passes an answer on and remembers its status code, for
// the request log and for tests' middleware (sandboxtest.ServeStatus).
type StatusRecorder struct {
	http.ResponseWriter
	Status int // 200 until the handler writes another
}

// NewStatusRecorder records the answer written to w.
func NewStatusRecorder(w http.ResponseWriter) *StatusRecorder {
	return &StatusRecorder{ResponseWriter: w, Status: http.StatusOK}
}

func (r *StatusRecorder) WriteHeader(code int) {
	r.Status = code
	r.ResponseWriter.WriteHeader(code)
}

// timestamp formats t the way every timestamp leaves the sandbox: RFC 3339,
// UTC, whole seconds.
func timestamp(t time.Time) string {
	return t.UTC().Format(time.RFC3339)
}

// PartnerAPI and DataAPI split the sandbox in two, as the service publishes
// its partner API and its data (AIS) API on different hosts: PartnerAPI
// answers 404 for the data API's paths (/v1/ais/ and /v1/auth/), DataAPI
// for every other API path. Both serve the admin surface and share one
// state. The Server itself serves everything on one address.
func (s *Server) PartnerAPI() http.Handler { return s.apiOnly(false) }

// DataAPI serves the data API's paths; see PartnerAPI.
func (s *Server) DataAPI() http.Handler { return s.apiOnly(true) }

func (s *Server) apiOnly(data bool) http.Handler {
	here, there := "partner API", "data API"
	if data {
		here, there = there, here
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if onDataAPI(r.URL.Path) != data && !strings.HasPrefix(r.URL.Path, "/_sandbox/") {
			w.Header().Set("X-Request-Id", requestID(r))
			writeError(w, r, http.StatusNotFound, fmt.Sprintf("no such endpoint on the %s's host: %s %s belongs to the %s's host",
				here, r.Method, r.URL.Path, there))
			return
		}
		s.ServeHTTP(w, r)
	})
}
