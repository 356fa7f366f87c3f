// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"crypto/rand"
	"errors"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// Tokens the sandbox issues, both JWTs signed with a key of its own:
//
//   - data-API tokens from POST /v1/auth/generate-token, for one user of
//     one merchant and a set of token permissions, as the data API's pages
//     publish (the pages show no credentials on that call; the sandbox
//     asks for the partner's, headers or OAuth2 token, so that a token is
//     issued only for the partner's own merchants);
//   - partner tokens from POST /oauth/token (OAuth2 client credentials), as
//     one of the service's guides publishes.
//
// Both live for the token life (Config.TokenLife, one hour by default, as
// the pages' example says). ExpireTokens ends every token issued so far,
// so a test can make tokens expire in the middle of an apply.
const defaultTokenLife = time.Hour

// Token permissions and the consent permission each one reads under.
const (
	tokenPermAccounts     = "ais:accounts:read"
	tokenPermBalances     = "ais:balance:read"
	tokenPermTransactions = "ais:transactions:read"
)

var tokenPermissionOf = map[string]string{
	permAccounts:     tokenPermAccounts,
	permBalances:     tokenPermBalances,
	permTransactions: tokenPermTransactions,
}

// Kinds of token, in the "kind" claim.
const (
	tokenKindData    = "data"
	tokenKindPartner = "partner"
)

// tokenClaims are the claims of every token the sandbox issues. Generation
// is the ExpireTokens count when it was issued. A partner token also names
// the credential pair it was issued for (Client, Credential) and that
// pair's rotation count, so rotating or revoking the pair ends it.
type tokenClaims struct {
	Kind        string   `json:"kind"`
	Partner     string   `json:"partner"`
	Client      string   `json:"client,omitempty"`
	Credential  int64    `json:"cred,omitempty"`
	Rotation    int      `json:"rot,omitempty"`
	UserID      string   `json:"userId,omitempty"`
	MerchantID  int64    `json:"merchantId,omitempty"`
	Permissions []string `json:"permissions,omitempty"`
	Generation  int      `json:"gen"`
	jwt.RegisteredClaims
}

// tokenIssuer signs and checks tokens. Its settings survive Reset, like
// the rate limit.
type tokenIssuer struct {
	key []byte

	// guarded by Server.mu
	life       time.Duration
	generation int
	issued     []string
}

func newTokenIssuer(life time.Duration) tokenIssuer {
	key := make([]byte, 32)
	_, _ = rand.Read(key) // crypto/rand.Read never fails
	if life <= 0 {
		life = defaultTokenLife
	}
	return tokenIssuer{key: key, life: life}
}

// SetTokenLife sets how long tokens issued from now on live; zero or less
// means the default of one hour.
func (s *Server) SetTokenLife(d time.Duration) {
	if d <= 0 {
		d = defaultTokenLife
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tokens.life = d
}

// ExpireTokens ends every data-API and OAuth2 token issued so far, as if
// their time had run out.
func (s *Server) ExpireTokens() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tokens.generation++
}

// issue signs claims valid from now for the token life.
func (s *Server) issue(claims tokenClaims) (string, time.Duration, error) {
	now := s.now()
	s.mu.Lock()
	life, gen := s.tokens.life, s.tokens.generation
	s.mu.Unlock()
	claims.Generation = gen
	claims.RegisteredClaims = jwt.RegisteredClaims{
		Issuer: "cardpay-sandbox", Subject: cmpOr(claims.UserID, claims.Partner),
		IssuedAt: jwt.NewNumericDate(now), ExpiresAt: jwt.NewNumericDate(now.Add(life)), ID: randomID("tok_"),
	}
	token, err := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(s.tokens.key)
	if err == nil {
		s.mu.Lock()
		s.tokens.issued = append(s.tokens.issued, token)
		s.mu.Unlock()
	}
	return token, life, err
}

// IssuedTokens returns every token the sandbox has issued (data-API,
// partner OAuth2 and online SDK tokens), oldest first,
// so tests can check that none of them leaks into state, plans or logs.
func (s *Server) IssuedTokens() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.tokens.issued)
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// verify returns the claims of a token of kind the sandbox issued and that
// has not expired, or a 401.
func (s *Server) verify(token, kind string) (*tokenClaims, error) {
	var claims tokenClaims
	_, err := jwt.ParseWithClaims(token, &claims, func(*jwt.Token) (any, error) { return s.tokens.key, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}), jwt.WithTimeFunc(s.now), jwt.WithExpirationRequired())
	switch {
	case errors.Is(err, jwt.ErrTokenExpired):
		return nil, errorf(http.StatusUnauthorized, "token expired; get a new one")
	case err != nil, claims.Kind != kind:
		return nil, errorf(http.StatusUnauthorized, "invalid or expired access token")
	}
	s.mu.Lock()
	current := s.tokens.generation
	s.mu.Unlock()
	if claims.Generation < current {
		return nil, errorf(http.StatusUnauthorized, "token expired; get a new one")
	}
	return &claims, nil
}

// bearerToken returns the token of an "Authorization: Bearer" header, or
// a 401 saying what is wrong.
func bearerToken(r *http.Request) (string, error) {
	h := r.Header.Get("Authorization")
	if h == "" {
		return "", errorf(http.StatusUnauthorized, "missing header Authorization: send \"Authorization: Bearer <access token>\"")
	}
	scheme, token, ok := strings.Cut(h, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") || strings.TrimSpace(token) == "" {
		return "", errorf(http.StatusUnauthorized, "Authorization header must use the Bearer scheme")
	}
	return strings.TrimSpace(token), nil
}

// tokenRequest is the body of POST /v1/auth/generate-token.
type tokenRequest struct {
	UserID      string   `json:"userId"`
	MerchantID  int64    `json:"merchantId"`
	Permissions []string `json:"permissions"`
}

// generateToken issues a data-API token: partner credentials (401), body
// (413/415, 400), merchant (404), ownership (403).
func (s *Server) generateToken(w http.ResponseWriter, r *http.Request) error {
	p, body, err := s.partnerRequest(w, r)
	if err != nil {
		return err
	}
	var req tokenRequest
	if err := decodeJSON(body, &req, true); err != nil {
		return err
	}
	if err := requireUser(req.MerchantID, req.UserID); err != nil {
		return err
	}
	if err := validateTokenPermissions(req.Permissions); err != nil {
		return err
	}
	s.mu.Lock()
	_, err = s.st.ownedMerchant(p, req.MerchantID)
	s.mu.Unlock()
	if err != nil {
		return err
	}
	token, _, err := s.issue(tokenClaims{Kind: tokenKindData, Partner: p.ClientID, UserID: req.UserID,
		MerchantID: req.MerchantID, Permissions: slices.Clone(req.Permissions)})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]string{"token": token})
}

func validateTokenPermissions(perms []string) error {
	allowed := []string{tokenPermAccounts, tokenPermBalances, tokenPermTransactions}
	if len(perms) == 0 {
		return badRequest("field %q is required: a non-empty array of %s", "permissions", strings.Join(allowed, ", "))
	}
	for _, p := range perms {
		if err := oneOf("permissions", p, allowed); err != nil {
			return err
		}
	}
	return nil
}

// oauthToken runs the OAuth2 client-credentials grant. The grant is a form,
// as OAuth2 has it; a JSON object with the same fields is accepted too, as
// many token endpoints do. Its errors use the OAuth2 shape (writeError
// picks it by path).
func (s *Server) oauthToken(w http.ResponseWriter, r *http.Request) error {
	body, err := s.readBodyOf(w, r, "application/x-www-form-urlencoded", "application/json")
	if err != nil {
		return err
	}
	var g oauthGrant
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt == "application/x-www-form-urlencoded" {
		form, err := url.ParseQuery(string(body))
		if err != nil {
			return badRequest("cannot read the form: %v", err)
		}
		g = oauthGrant{GrantType: form.Get("grant_type"), ClientID: form.Get("client_id"), ClientSecret: form.Get("client_secret")}
	} else if err := decodeJSON(body, &g, true); err != nil {
		return err
	}
	if g.GrantType != "client_credentials" {
		return badRequest("grant_type must be client_credentials, got %q", g.GrantType)
	}
	p, cred, err := s.checkCredential(g.ClientID, g.ClientSecret)
	if err != nil {
		return err
	}
	token, life, err := s.issue(tokenClaims{Kind: tokenKindPartner, Partner: p.ClientID, Client: cred.ClientID,
		Credential: cred.ID, Rotation: cred.Rotations})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, oauthAnswer{AccessToken: token, TokenType: "Bearer", ExpiresIn: int64(life.Seconds()), Scope: "partner"})
}

type oauthGrant struct {
	GrantType    string `json:"grant_type"`
	ClientID     string `json:"client_id"`
	ClientSecret string `json:"client_secret"`
}

type oauthAnswer struct {
	AccessToken string `json:"access_token"`
	TokenType   string `json:"token_type"`
	ExpiresIn   int64  `json:"expires_in"`
	Scope       string `json:"scope"`
}

// partnerByCredentials checks a client ID and secret against the
// partners' active credential pairs (credentials.go), without saying which
// half was wrong.
func (s *Server) partnerByCredentials(id, secret string) (Partner, error) {
	p, _, err := s.checkCredential(id, secret)
	return p, err
}

// oauthPartner authenticates a partner call made with an OAuth2 token,
// whose credential pair must not have been rotated or revoked since. The
// X-Merchant-Client-Id the guide sends beside it, when present, must name
// the token's client.
func (s *Server) oauthPartner(r *http.Request) (Partner, error) {
	token, err := bearerToken(r)
	if err != nil {
		return Partner{}, err
	}
	claims, err := s.verify(token, tokenKindPartner)
	if err != nil {
		return Partner{}, errorf(http.StatusUnauthorized, "%v: partner calls take X-Partner-Client-Id and "+
			"X-Partner-Client-Secret, or an OAuth2 token from POST /oauth/token", err)
	}
	if err := s.tokenCredentialCurrent(claims); err != nil {
		return Partner{}, err
	}
	if id := r.Header.Get("X-Merchant-Client-Id"); id != "" && id != claims.Client {
		return Partner{}, errorf(http.StatusUnauthorized, "X-Merchant-Client-Id %q does not match the token's client", id)
	}
	return s.partnersByID[claims.Partner], nil
}

// dataToken is what a data-API bearer may read: nil scope for a partner's
// static access token (everything of its partner), else a minted token's.
type dataToken struct {
	partner Partner
	scope   *tokenClaims
}

// authBearer authenticates a data-API call: a partner's static access
// token, or a data-API token the sandbox minted.
func (s *Server) authBearer(r *http.Request) (dataToken, error) {
	token, err := bearerToken(r)
	if err != nil {
		return dataToken{}, err
	}
	if p, found := s.partnersByToken[token]; found {
		return dataToken{partner: p}, nil
	}
	claims, err := s.verify(token, tokenKindData)
	if err != nil {
		return dataToken{}, err
	}
	return dataToken{partner: s.partnersByID[claims.Partner], scope: claims}, nil
}

// permits reports, as a 401, a minted token that was issued for another
// merchant or user, or without tokenPerm ("" when any will do).
func (t dataToken) permits(merchantID int64, userID, tokenPerm string) error {
	sc := t.scope
	switch {
	case sc == nil:
		return nil
	case sc.MerchantID != merchantID || sc.UserID != userID:
		return errorf(http.StatusUnauthorized, "this token was issued for user %s of merchant %d, not user %s of merchant %d",
			sc.UserID, sc.MerchantID, userID, merchantID)
	case tokenPerm != "" && !slices.Contains(sc.Permissions, tokenPerm):
		return errorf(http.StatusUnauthorized, "this token lacks permission %s (it has %s)", tokenPerm, strings.Join(sc.Permissions, ", "))
	}
	return nil
}

// The routes of the token endpoints.
const (
	// RouteGenerateToken issues a data-API token for one user of one
	// merchant.
	RouteGenerateToken = "POST /v1/auth/generate-token"
	// RouteOAuthToken issues a partner token (OAuth2 client credentials).
	RouteOAuthToken = "POST /oauth/token"
)

func init() { registerArea("tokens", (*Server).tokenRoutes) }

// tokenRoutes registers the token endpoints and the admin operations of
// tokens.
func (s *Server) tokenRoutes() {
	s.api(RouteGenerateToken, s.generateToken)
	s.api(RouteOAuthToken, s.oauthToken)
	s.admin("POST /_sandbox/tokens/expire", func(*http.Request) (int, any, error) {
		s.ExpireTokens()
		return http.StatusOK, okBody, nil
	})
	s.admin("PUT /_sandbox/tokens", func(r *http.Request) (int, any, error) {
		var req struct {
			Life string `json:"life"`
		}
		if err := s.adminBody(r, &req, true); err != nil {
			return 0, nil, err
		}
		d, err := time.ParseDuration(req.Life)
		if err != nil || d <= 0 {
			return 0, nil, badRequest("life must be a positive Go duration such as \"2s\" or \"1h\", got %q", req.Life)
		}
		s.SetTokenLife(d)
		return http.StatusOK, map[string]string{"life": d.String()}, nil
	})
}

// oauthErrorCode names an error status in OAuth2's words.
func oauthErrorCode(status int) string {
	switch {
	case status == http.StatusUnauthorized:
		return "invalid_client"
	case status == http.StatusTooManyRequests || status == http.StatusServiceUnavailable:
		return "temporarily_unavailable"
	case status < http.StatusInternalServerError:
		return "invalid_request"
	default:
		return "server_error"
	}
}
