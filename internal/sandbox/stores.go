// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"time"
)

// Store defaults and formats. Created stores get IDs in the API reference's
// style ("loc_..."), distinct from the fixtures' "<id>-main", so tests can
// tell them apart; generated location codes follow the guide's example.
const (
	storeIDPrefix      = "loc_"
	defaultCountryCode = "DK"
	locationAlphabet   = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
)

// The routes of stores.
const (
	// RouteUpdateStore replaces a store's fields.
	RouteUpdateStore = "PUT " + merchantRoutePrefix + "/stores/{storeId}"
	// RouteCreateStore creates a store.
	RouteCreateStore = "POST " + merchantRoutePrefix + "/stores"
	// RouteListStores lists a merchant's stores.
	RouteListStores = "GET " + merchantRoutePrefix + "/stores"
	// RouteGetStore reads one store.
	RouteGetStore = "GET " + merchantRoutePrefix + "/stores/{storeId}"
	// RouteDeactivateStore deactivates a store.
	RouteDeactivateStore = "DELETE " + merchantRoutePrefix + "/stores/{storeId}"
)

func init() { registerArea("stores", (*Server).storeRoutes) }

// storeRoutes registers the routes of stores and the admin operation that
// changes a store.
func (s *Server) storeRoutes() {
	s.api(RouteUpdateStore, s.partner(s.updateStore))
	s.api(RouteCreateStore, s.partner(s.createStore))
	s.api(RouteListStores, s.partner(s.listStores))
	s.api(RouteGetStore, s.partner(s.getStore))
	s.api(RouteDeactivateStore, s.partner(s.deactivateStore))
	s.admin("PATCH /_sandbox/merchants/{merchantId}/stores/{storeId}", s.adminChangeStore)
}

var countryCode = regexp.MustCompile(`^[A-Z]{2}$`)

// Store is a merchant's store (location), as the fixtures and Snapshot hold
// it. The API answers it in the merchant's variant: referenceStore or
// guideStore.
type Store struct {
	ID string `json:"id"`
	storeFields
	Status    string `json:"status"`
	CreatedAt string `json:"createdAt"`
	// UpdatedAt is the time of the last change; only the guide's shape
	// shows it.
	UpdatedAt string `json:"updatedAt,omitempty"`
}

// MerchantStore is a store together with its merchant.
type MerchantStore struct {
	MerchantID int64 `json:"merchantId"`
	Store
}

type storeCreateRequest struct {
	Name          string  `json:"name"`
	LocationID    string  `json:"locationId"`
	StreetAddress string  `json:"streetAddress"`
	City          string  `json:"city"`
	PostalCode    string  `json:"postalCode"`
	CountryCode   *string `json:"countryCode"`
	Phone         string  `json:"phone"`
	Email         *string `json:"email"`
	IsDefault     bool    `json:"isDefault"`
}

// StoreEdit is a change to a store's own fields, the body of the API's PUT;
// nil fields (JSON null or left out) stay as they are.
type StoreEdit struct {
	Name          *string `json:"name"`
	StreetAddress *string `json:"streetAddress"`
	City          *string `json:"city"`
	PostalCode    *string `json:"postalCode"`
	CountryCode   *string `json:"countryCode"`
	Phone         *string `json:"phone"`
	Email         *string `json:"email"`
	IsDefault     *bool   `json:"isDefault"`
}

// storeFields are the fields every store shape shares: the state the
// sandbox keeps and both published answers.
type storeFields struct {
	Name          string `json:"name"`
	LocationID    string `json:"locationId"`
	StreetAddress string `json:"streetAddress"`
	City          string `json:"city"`
	PostalCode    string `json:"postalCode"`
	CountryCode   string `json:"countryCode"`
	Phone         string `json:"phone"`
	Email         string `json:"email"`
	IsDefault     bool   `json:"isDefault"`
}

// referenceStore is the API reference's store: id, status, no updatedAt.
type referenceStore struct {
	ID string `json:"id"`
	storeFields
	Status    string `json:"status"`
	CreatedAt string `json:"createdAt"`
}

// guideStore is the guide's store: storeId, isActive and updatedAt.
type guideStore struct {
	StoreID string `json:"storeId"`
	storeFields
	IsActive  bool   `json:"isActive"`
	CreatedAt string `json:"createdAt"`
	UpdatedAt string `json:"updatedAt"`
}

type guideStoreList struct {
	Stores []guideStore `json:"stores"`
}

// pathStore is the store named by the path's storeId (404 if the merchant
// has none such).
func (c *partnerCall) pathStore() (*Store, error) {
	id := c.r.PathValue("storeId")
	if st := c.merchant.store(id); st != nil {
		return st, nil
	}
	return nil, errorf(http.StatusNotFound, "store %q not found for merchant %d", id, c.merchantID)
}

// createStore adds an active store; countryCode defaults to DK and a
// missing or empty locationId is generated.
func (s *Server) createStore(c *partnerCall) (int, any, error) {
	var req storeCreateRequest
	if err := decodeJSON(c.body, &req, true); err != nil {
		return 0, nil, err
	}
	if err := required("name", req.Name); err != nil {
		return 0, nil, err
	}
	if err := validateStoreFormats(nil, req.CountryCode, req.Email); err != nil {
		return 0, nil, err
	}
	now := timestamp(c.now)
	st := &Store{ID: randomID(storeIDPrefix), storeFields: storeFields{
		Name: req.Name, LocationID: req.LocationID, StreetAddress: req.StreetAddress,
		City: req.City, PostalCode: req.PostalCode, CountryCode: defaultCountryCode, Phone: req.Phone,
	}, Status: statusActive, CreatedAt: now, UpdatedAt: now}
	if req.CountryCode != nil {
		st.CountryCode = *req.CountryCode
	}
	if req.Email != nil {
		st.Email = *req.Email
	}
	if st.LocationID == "" {
		st.LocationID = c.merchant.newLocationID(c.now)
	}
	c.merchant.stores = append(c.merchant.stores, st)
	if req.IsDefault {
		c.merchant.makeDefault(st, now)
	}
	return http.StatusCreated, c.merchant.storeJSON(st), nil
}

// listStores answers every store of the merchant, inactive ones included,
// in creation order.
func (s *Server) listStores(c *partnerCall) (int, any, error) {
	if err := decodeJSON(c.body, &struct{}{}, false); err != nil {
		return 0, nil, err
	}
	return http.StatusOK, c.merchant.storeListJSON(), nil
}

func (s *Server) getStore(c *partnerCall) (int, any, error) {
	if err := decodeJSON(c.body, &struct{}{}, false); err != nil {
		return 0, nil, err
	}
	st, err := c.pathStore()
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, c.merchant.storeJSON(st), nil
}

// updateStore changes only the fields sent (JSON null counts as not sent).
// The whole body is validated before anything changes.
func (s *Server) updateStore(c *partnerCall) (int, any, error) {
	store, err := c.pathStore()
	if err != nil {
		return 0, nil, err
	}
	var req StoreEdit
	if err := decodeJSON(c.body, &req, true); err != nil {
		return 0, nil, err
	}
	if err := validateStoreUpdate(req, store); err != nil {
		return 0, nil, err
	}
	now := timestamp(c.now)
	applyStoreChange(store, StoreChange{StoreEdit: req})
	store.UpdatedAt = now
	if req.IsDefault != nil && *req.IsDefault {
		c.merchant.makeDefault(store, now)
	}
	return http.StatusOK, c.merchant.storeJSON(store), nil
}

// deactivateStore is the soft delete: the store stays, inactive. The
// default store is refused so the merchant keeps an active default.
func (s *Server) deactivateStore(c *partnerCall) (int, any, error) {
	if err := decodeJSON(c.body, &struct{}{}, false); err != nil {
		return 0, nil, err
	}
	st, err := c.pathStore()
	if err != nil {
		return 0, nil, err
	}
	switch {
	case st.Status == statusInactive:
		// Already gone: repeating the delete changes nothing.
	case st.IsDefault:
		return 0, nil, badRequest("store %q is the default store of merchant %d; make another store the default (isDefault true) before deactivating it",
			st.ID, c.merchantID)
	default:
		st.Status, st.UpdatedAt = statusInactive, timestamp(c.now)
	}
	return http.StatusOK, c.merchant.storeJSON(st), nil
}

// validateStoreFormats checks the fields with a format; nil means not sent.
// Create, PUT and the admin change share it.
func validateStoreFormats(name, country, email *string) error {
	if name != nil {
		if err := required("name", *name); err != nil {
			return err
		}
	}
	if country != nil && !countryCode.MatchString(*country) {
		return badRequest("field %q must be an ISO 3166-1 alpha-2 code in upper case such as DK, got %q", "countryCode", *country)
	}
	if email != nil {
		return validEmail("email", *email)
	}
	return nil
}

// validateStoreUpdate adds the API's default-store rules to the formats:
// the merchant keeps exactly one default, and it is an active store.
func validateStoreUpdate(req StoreEdit, current *Store) error {
	if err := validateStoreFormats(req.Name, req.CountryCode, req.Email); err != nil {
		return err
	}
	if req.IsDefault == nil {
		return nil
	}
	if !*req.IsDefault && current.IsDefault {
		return badRequest("store %q is the default store and a merchant must keep one default store: set isDefault true on another store instead", current.ID)
	}
	if *req.IsDefault && current.Status != statusActive {
		return badRequest("store %q is %s and cannot become the default store", current.ID, current.Status)
	}
	return nil
}

func (m *merchantState) store(id string) *Store {
	for _, s := range m.stores {
		if s.ID == id {
			return s
		}
	}
	return nil
}

func (m *merchantState) defaultStore() *Store {
	for _, s := range m.stores {
		if s.IsDefault {
			return s
		}
	}
	return nil
}

// ensureDefaultStore gives a merchant without a default store a new one,
// as the service does when onboarding creates the merchant.
func (m *merchantState) ensureDefaultStore(now time.Time) {
	if m.defaultStore() != nil {
		return
	}
	ts := timestamp(now)
	st := &Store{
		ID:          randomID(storeIDPrefix),
		storeFields: storeFields{Name: "Default store", LocationID: m.newLocationID(now), CountryCode: defaultCountryCode},
		Status:      statusActive, CreatedAt: ts, UpdatedAt: ts,
	}
	m.stores = append(m.stores, st)
	m.makeDefault(st, ts)
}

// makeDefault makes st the merchant's only default store and stamps every
// store whose flag changed.
func (m *merchantState) makeDefault(st *Store, now string) {
	for _, other := range m.stores {
		if other.IsDefault != (other == st) {
			other.IsDefault, other.UpdatedAt = other == st, now
		}
	}
}

// newLocationID makes a location code in the guide's style,
// LOC-YYYYMMDD-XXXX (UTC date), unique among the merchant's stores.
func (m *merchantState) newLocationID(now time.Time) string {
	for {
		id := "LOC-" + now.UTC().Format("20060102") + "-" + randomString(locationAlphabet, 4)
		if !slices.ContainsFunc(m.stores, func(s *Store) bool { return s.LocationID == id }) {
			return id
		}
	}
}

// storeJSON encodes st in the merchant's published shape.
func (m *merchantState) storeJSON(st *Store) any {
	if m.guide() {
		return newGuideStore(st)
	}
	return newReferenceStore(st)
}

// storeListJSON is a bare array in the reference's shape and an object
// {"stores": [...]} in the guide's.
func (m *merchantState) storeListJSON() any {
	if m.guide() {
		out := guideStoreList{Stores: make([]guideStore, len(m.stores))}
		for i, st := range m.stores {
			out.Stores[i] = newGuideStore(st)
		}
		return out
	}
	out := make([]referenceStore, len(m.stores))
	for i, st := range m.stores {
		out[i] = newReferenceStore(st)
	}
	return out
}

func newReferenceStore(st *Store) referenceStore {
	return referenceStore{ID: st.ID, storeFields: st.storeFields, Status: st.Status, CreatedAt: st.CreatedAt}
}

// newGuideStore reports a store that never changed (a fixture) as updated
// when it was created.
func newGuideStore(st *Store) guideStore {
	updated := st.UpdatedAt
	if updated == "" {
		updated = st.CreatedAt
	}
	return guideStore{
		StoreID: st.ID, storeFields: st.storeFields, IsActive: st.Status == statusActive,
		CreatedAt: st.CreatedAt, UpdatedAt: updated,
	}
}

// StoreChange is a change made to a store outside Terraform: the fields the
// API's PUT can change, and the status ("active" or "inactive"), which it
// cannot. nil fields stay as they are.
type StoreChange struct {
	StoreEdit
	Status *string `json:"status"`
}

func (c StoreChange) validate() error {
	if err := validateStoreFormats(c.Name, c.CountryCode, c.Email); err != nil {
		return err
	}
	if c.Status != nil {
		return oneOf("status", *c.Status, []string{statusActive, statusInactive})
	}
	return nil
}

// applyStoreChange copies the fields sent except isDefault, whose rules
// differ between the API and the admin surface.
func applyStoreChange(st *Store, c StoreChange) {
	for _, f := range []struct {
		dst *string
		src *string
	}{
		{&st.Name, c.Name}, {&st.StreetAddress, c.StreetAddress}, {&st.City, c.City}, {&st.PostalCode, c.PostalCode},
		{&st.CountryCode, c.CountryCode}, {&st.Phone, c.Phone}, {&st.Email, c.Email}, {&st.Status, c.Status},
	} {
		if f.src != nil {
			*f.dst = *f.src
		}
	}
}

// ChangeStore applies change to a store, validating formats as the API's
// PUT does (ErrInvalidInput). Unlike the API it may leave the merchant
// without a default or deactivate the default store; isDefault true still
// clears the other stores' flag.
func (s *Server) ChangeStore(merchantID int64, storeID string, change StoreChange) (Store, error) {
	if err := change.validate(); err != nil {
		return Store{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.st.merchants[merchantID]
	if !ok {
		return Store{}, fmt.Errorf("merchant %d: %w", merchantID, ErrNotFound)
	}
	st := m.store(storeID)
	if st == nil {
		return Store{}, fmt.Errorf("store %q of merchant %d: %w", storeID, merchantID, ErrNotFound)
	}
	now := timestamp(s.now())
	applyStoreChange(st, change)
	st.UpdatedAt = now
	if change.IsDefault != nil && *change.IsDefault {
		m.makeDefault(st, now)
	} else if change.IsDefault != nil {
		st.IsDefault = false
	}
	return *st, nil
}

func (s *Server) adminChangeStore(r *http.Request) (int, any, error) {
	id, err := parseMerchantID(r.PathValue("merchantId"))
	if err != nil {
		return 0, nil, err
	}
	var change StoreChange
	if err := s.adminBody(r, &change, true); err != nil {
		return 0, nil, err
	}
	st, err := s.ChangeStore(id, r.PathValue("storeId"), change)
	return http.StatusOK, st, err
}
