// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"crypto/subtle"
	"fmt"
	"net/http"
	"strconv"
)

// Partner credentials: named client ID and secret pairs. Each fixture
// partner's header pair is its first credential; the partner creates more,
// rotates a pair's secret (the old secret stops working at once) and
// revokes pairs. Every partner route and the OAuth2 token endpoint accept
// any active pair of the partner.
const (
	credentialActive  = statusActive
	credentialRevoked = "revoked"

	// firstCredentialID numbers credentials across partners, clear of
	// merchant and webhook IDs.
	firstCredentialID = 501
	// fixtureCredentialName names the fixture partners' header pairs.
	fixtureCredentialName = "default"
	// newClientIDPrefix starts the client IDs of new pairs, in the style of
	// the pages' "partner_abc123".
	newClientIDPrefix = "partner_"
	clientIDAlphabet  = "abcdefghijklmnopqrstuvwxyz0123456789"
	maxCredentialName = 100
)

// The routes of the partner's credential pairs.
const (
	// RouteListCredentials lists the partner's credential pairs.
	RouteListCredentials = "GET /v1/partner/credentials"
	// RouteCreateCredential generates a credential pair.
	RouteCreateCredential = "POST /v1/partner/credentials"
	// RouteRotateCredential gives a pair a new secret.
	RouteRotateCredential = "POST /v1/partner/credentials/{credentialId}/rotate"
	// RouteRevokeCredential revokes a pair.
	RouteRevokeCredential = "DELETE /v1/partner/credentials/{credentialId}"
)

func init() { registerArea("credentials", (*Server).credentialRoutes) }

// credentialRoutes registers the routes of the partner's credential pairs.
func (s *Server) credentialRoutes() {
	s.api(RouteListCredentials, s.partnerWide(s.listCredentials))
	s.api(RouteCreateCredential, s.partnerWide(s.createCredential))
	s.api(RouteRotateCredential, s.partnerWide(s.rotateCredential))
	s.api(RouteRevokeCredential, s.partnerWide(s.revokeCredential))
}

// Credential is a credential pair as the sandbox keeps it. The API shows
// the secret only when it is created or rotated; Snapshot shows it, like
// webhook secrets, for tests. Rotations counts the secrets issued after the
// first: an OAuth2 token remembers it, so rotating ends the tokens of the
// old secret.
type Credential struct {
	ID              int64  `json:"id"`
	PartnerClientID string `json:"partnerClientId"`
	Name            string `json:"name"`
	ClientID        string `json:"clientId"`
	ClientSecret    string `json:"clientSecret"`
	Status          string `json:"status"`
	CreatedAt       string `json:"createdAt"`
	RotatedAt       string `json:"rotatedAt,omitempty"`
	RevokedAt       string `json:"revokedAt,omitempty"`
	Rotations       int    `json:"rotations"`
}

// credentialResponse is a pair as the API shows it: the secret's last four
// characters, as "...xz9f"; clientSecret only in the create and rotate
// answers.
type credentialResponse struct {
	ID                int64  `json:"id"`
	Name              string `json:"name"`
	ClientID          string `json:"clientId"`
	ClientSecret      string `json:"clientSecret,omitempty"`
	ClientSecretLast4 string `json:"clientSecretLast4"`
	Status            string `json:"status"`
	CreatedAt         string `json:"createdAt"`
}

func (c *Credential) response() credentialResponse {
	last4 := c.ClientSecret[max(0, len(c.ClientSecret)-4):]
	return credentialResponse{
		ID: c.ID, Name: c.Name, ClientID: c.ClientID, ClientSecretLast4: "..." + last4, Status: c.Status, CreatedAt: c.CreatedAt,
	}
}

// withSecret is the answer that shows the secret once.
func (c *Credential) withSecret() credentialResponse {
	resp := c.response()
	resp.ClientSecret = c.ClientSecret
	return resp
}

// addCredential stores an active pair; the caller holds the lock.
func (st *state) addCredential(partner, name, clientID, secret, createdAt string) *Credential {
	c := &Credential{
		ID: st.book.nextCredentialID, PartnerClientID: partner, Name: name, ClientID: clientID, ClientSecret: secret,
		Status: credentialActive, CreatedAt: createdAt,
	}
	st.book.nextCredentialID++
	st.book.credentials = append(st.book.credentials, c)
	return c
}

func (st *state) credentialByClientID(clientID string) *Credential {
	for _, c := range st.book.credentials {
		if c.ClientID == clientID {
			return c
		}
	}
	return nil
}

// checkCredential returns the partner and a copy of the pair that id and
// secret name. A wrong pair gets one message that does not say which half
// was wrong; a revoked pair says so to whoever holds its secret.
func (s *Server) checkCredential(id, secret string) (Partner, Credential, error) {
	s.mu.Lock()
	var c Credential
	found := s.st.credentialByClientID(id)
	if found != nil {
		c = *found
	}
	s.mu.Unlock()
	if found == nil || subtle.ConstantTimeCompare([]byte(secret), []byte(c.ClientSecret)) != 1 {
		return Partner{}, c, errorf(http.StatusUnauthorized, "invalid partner credentials: unknown client ID or wrong client secret")
	}
	if c.Status != credentialActive {
		return Partner{}, c, errorf(http.StatusUnauthorized, "invalid partner credentials: this credential was revoked; use another one")
	}
	return s.partnersByID[c.PartnerClientID], c, nil
}

// tokenCredentialCurrent reports, as a 401, an OAuth2 token whose pair has
// since been rotated or revoked.
func (s *Server) tokenCredentialCurrent(claims *tokenClaims) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.st.credentialByClientID(claims.Client)
	if c == nil || c.ID != claims.Credential || c.PartnerClientID != claims.Partner || c.Status != credentialActive || c.Rotations != claims.Rotation {
		return errorf(http.StatusUnauthorized, "the credential this token was issued for has been rotated or revoked: get a new token")
	}
	return nil
}

// partnerCredential finds p's pair by its path ID. Another partner's pair
// is 404 like an unknown one, so IDs reveal nothing.
func (st *state) partnerCredential(p Partner, rawID string) (*Credential, error) {
	id, err := strconv.ParseInt(rawID, 10, 64)
	if err != nil || id <= 0 {
		return nil, badRequest("credential id must be a positive integer, got %q", rawID)
	}
	for _, c := range st.book.credentials {
		if c.ID == id && c.PartnerClientID == p.ClientID {
			return c, nil
		}
	}
	return nil, errorf(http.StatusNotFound, "credential %d not found", id)
}

// listCredentials answers the partner's pairs, revoked ones included, in
// creation order, as a bare array.
func (s *Server) listCredentials(p Partner, _ *http.Request, body []byte) (int, any, error) {
	if err := decodeJSON(body, &struct{}{}, false); err != nil {
		return 0, nil, err
	}
	out := []credentialResponse{}
	for _, c := range s.st.book.credentials {
		if c.PartnerClientID == p.ClientID {
			out = append(out, c.response())
		}
	}
	return http.StatusOK, out, nil
}

type credentialRequest struct {
	Name string `json:"name"`
}

// createCredential generates a pair named as asked; names need not be
// unique.
func (s *Server) createCredential(p Partner, _ *http.Request, body []byte) (int, any, error) {
	var req credentialRequest
	if err := decodeJSON(body, &req, true); err != nil {
		return 0, nil, err
	}
	if err := required("name", req.Name); err != nil {
		return 0, nil, err
	}
	if len(req.Name) > maxCredentialName {
		return 0, nil, badRequest("field %q must be at most %d characters", "name", maxCredentialName)
	}
	c := s.st.addCredential(p.ClientID, req.Name, s.st.unusedPartnerClientID(), newClientSecret(), timestamp(s.now()))
	return http.StatusCreated, c.withSecret(), nil
}

// unusedPartnerClientID is a new client ID no pair has.
func (st *state) unusedPartnerClientID() string {
	for {
		id := newClientIDPrefix + randomString(clientIDAlphabet, 16)
		if st.credentialByClientID(id) == nil {
			return id
		}
	}
}

// newClientSecret is 256 random bits, URL-safe.
func newClientSecret() string { return randomToken(32) }

// rotateCredential gives an active pair a new secret; the old one stops
// working at once. Like PUT webhook it checks the ID (400) and the pair
// (404) before the body (400); a revoked pair is 409.
func (s *Server) rotateCredential(p Partner, r *http.Request, body []byte) (int, any, error) {
	c, err := s.st.partnerCredential(p, r.PathValue("credentialId"))
	if err != nil {
		return 0, nil, err
	}
	if err := decodeJSON(body, &struct{}{}, false); err != nil {
		return 0, nil, err
	}
	if c.Status != credentialActive {
		return 0, nil, errorf(http.StatusConflict, "credential %d is %s and cannot be rotated: create a new one", c.ID, c.Status)
	}
	c.ClientSecret, c.RotatedAt = newClientSecret(), timestamp(s.now())
	c.Rotations++
	return http.StatusOK, c.withSecret(), nil
}

// revokeCredential revokes a pair, also the one the call itself uses (the
// call is answered; the next is refused). Revoking again changes nothing.
func (s *Server) revokeCredential(p Partner, r *http.Request, body []byte) (int, any, error) {
	c, err := s.st.partnerCredential(p, r.PathValue("credentialId"))
	if err != nil {
		return 0, nil, err
	}
	if err := decodeJSON(body, &struct{}{}, false); err != nil {
		return 0, nil, err
	}
	if c.Status != credentialRevoked {
		c.Status, c.RevokedAt = credentialRevoked, timestamp(s.now())
	}
	return http.StatusOK, c.response(), nil
}

// String masks the secret, so a Credential is safe to print.
func (c Credential) String() string {
	return fmt.Sprintf("Credential{ID:%d ClientID:%s Status:%s}", c.ID, c.ClientID, c.Status)
}
