// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"fmt"
	"net/http"
	"strconv"
	"time"
)

// What every partner route shares: the call of a merchant-scoped route
// (partnerCall, partner) and of a partner-wide one (partnerWide), the
// partner's authentication, and the merchant it may use.

// merchantRoutePrefix is the prefix of the merchant-scoped partner routes.
const merchantRoutePrefix = "/v1/partner/merchants/{merchantId}"

// partnerCall is what a partner handler needs. Handlers run with Server.mu
// held, so they may read and change merchant state directly.
type partnerCall struct {
	r          *http.Request
	merchantID int64
	merchant   *merchantState
	body       []byte
	now        time.Time
	st         *state
}

// partnerHandler returns the success status and the response body.
type partnerHandler func(c *partnerCall) (int, any, error)

// partner wraps a handler of a /v1/partner/ route with the checks every such
// route shares, in this order: credentials (401), body size and type
// (413/415), merchantId syntax (400), merchant existence (404), ownership
// (403). The handler then validates the body (400) and sub-resources (404).
func (s *Server) partner(h partnerHandler) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		p, body, err := s.partnerRequest(w, r)
		if err != nil {
			return err
		}
		id, err := parseMerchantID(r.PathValue("merchantId"))
		if err != nil {
			return err
		}
		status, resp, err := s.runPartner(h, p, id, r, body)
		if err != nil {
			return err
		}
		return writeJSON(w, status, resp)
	}
}

func (s *Server) runPartner(h partnerHandler, p Partner, id int64, r *http.Request, body []byte) (int, any, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, err := s.st.ownedMerchant(p, id)
	if err != nil {
		return 0, nil, err
	}
	return h(&partnerCall{r: r, merchantID: id, merchant: m, body: body, now: s.now(), st: s.st})
}

// partnerWide wraps a handler of a partner route without a merchant in its
// path: credentials (401), body size and type (413/415), then the handler
// under the lock.
func (s *Server) partnerWide(h func(p Partner, r *http.Request, body []byte) (int, any, error)) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		p, body, err := s.partnerRequest(w, r)
		if err != nil {
			return err
		}
		s.mu.Lock()
		status, resp, err := h(p, r, body)
		s.mu.Unlock()
		if err != nil {
			return err
		}
		return writeJSON(w, status, resp)
	}
}

// authPartner checks the partner header pair, or an OAuth2 token when the
// call carries "Authorization" and no partner header. The message names a
// missing header but never says which of id or secret was wrong.
func (s *Server) authPartner(r *http.Request) (Partner, error) {
	id := r.Header.Get("X-Partner-Client-Id")
	if id == "" && r.Header.Get("Authorization") != "" {
		return s.oauthPartner(r)
	}
	if id == "" {
		return Partner{}, errorf(http.StatusUnauthorized, "missing header X-Partner-Client-Id (or an OAuth2 token: \"Authorization: Bearer <token>\" from POST /oauth/token)")
	}
	secret := r.Header.Get("X-Partner-Client-Secret")
	if secret == "" {
		return Partner{}, errorf(http.StatusUnauthorized, "missing header X-Partner-Client-Secret")
	}
	return s.partnerByCredentials(id, secret)
}

// partnerRequest makes the first checks of every partner route: the
// credentials (401), then the body's size and type (413/415).
func (s *Server) partnerRequest(w http.ResponseWriter, r *http.Request) (Partner, []byte, error) {
	p, err := s.authPartner(r)
	if err != nil {
		return Partner{}, nil, err
	}
	body, err := s.readBody(w, r)
	return p, body, err
}

func parseMerchantID(raw string) (int64, error) {
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id <= 0 {
		return 0, badRequest("merchantId must be a positive integer, got %q", raw)
	}
	return id, nil
}

// ownedMerchant returns merchant id if it exists (404) and belongs to p (403).
func (st *state) ownedMerchant(p Partner, id int64) (*merchantState, error) {
	m, ok := st.merchants[id]
	if !ok {
		return nil, errorf(http.StatusNotFound, "merchant %d not found", id)
	}
	if m.partner != p.ClientID {
		return nil, errorf(http.StatusForbidden, "merchant %d is not managed by this partner", id)
	}
	return m, nil
}

// storeOrDefault resolves an optional storeId of a request body. A merchant
// that was never onboarded, or one changed through the admin surface, may
// lack an active default store; callers then need an explicit storeId.
func (c *partnerCall) storeOrDefault(id string) (*Store, error) {
	var st *Store
	if id == "" {
		if st = c.merchant.defaultStore(); st == nil {
			return nil, badRequest("merchant %d has no default store: send a storeId", c.merchantID)
		}
	} else if st = c.merchant.store(id); st == nil {
		return nil, errorf(http.StatusNotFound, "store %q not found for merchant %d", id, c.merchantID)
	}
	if st.Status != statusActive {
		return nil, badRequest("store %q of merchant %d is %s", st.ID, c.merchantID, st.Status)
	}
	return st, nil
}

// String makes a Partner safe to print: the secret and token are masked.
func (p Partner) String() string {
	return fmt.Sprintf("Partner{ClientID:%s AISClientID:%s}", p.ClientID, p.AISClientID)
}
