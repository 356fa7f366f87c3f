// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// Stores: a merchant's locations, created, read, listed, updated (4.7)
// and deactivated (the service keeps them, inactive).

// StoreCreate is the body of POST .../stores. Name is required; the
// service generates LocationID when it is empty and defaults CountryCode
// to DK and IsDefault to false.
type StoreCreate struct {
	Name          string `json:"name"`
	LocationID    string `json:"locationId,omitempty"`
	StreetAddress string `json:"streetAddress,omitempty"`
	City          string `json:"city,omitempty"`
	PostalCode    string `json:"postalCode,omitempty"`
	CountryCode   string `json:"countryCode,omitempty"`
	Phone         string `json:"phone,omitempty"`
	Email         string `json:"email,omitempty"`
	IsDefault     bool   `json:"isDefault,omitempty"`
}

// StoreUpdate is the body of PUT .../stores/{storeId}. Every field is
// optional; nil fields are left out so the service keeps its values.
type StoreUpdate struct {
	Name          *string `json:"name,omitempty"`
	StreetAddress *string `json:"streetAddress,omitempty"`
	City          *string `json:"city,omitempty"`
	PostalCode    *string `json:"postalCode,omitempty"`
	CountryCode   *string `json:"countryCode,omitempty"`
	Phone         *string `json:"phone,omitempty"`
	Email         *string `json:"email,omitempty"`
	IsDefault     *bool   `json:"isDefault,omitempty"`
}

// Store is a merchant's store (location). The service publishes two shapes
// and both decode into it: the API reference's ("id", "status") and the
// guide's ("storeId", "isActive", "updatedAt").
type Store struct {
	ID            string `json:"id"`
	Name          string `json:"name"`
	LocationID    string `json:"locationId"`
	StreetAddress string `json:"streetAddress"`
	City          string `json:"city"`
	PostalCode    string `json:"postalCode"`
	CountryCode   string `json:"countryCode"`
	Phone         string `json:"phone"`
	Email         string `json:"email"`
	IsDefault     bool   `json:"isDefault"`
	// Status is "active" or "inactive" as the service sent it, or derived
	// from the guide's isActive; "" when the answer carries neither.
	Status    string  `json:"status"`
	CreatedAt string  `json:"createdAt"`
	UpdatedAt *string `json:"updatedAt,omitempty"`
}

// Store status words; StoreStatusActive is also what isActive true means.
const (
	StoreStatusActive   = "active"
	StoreStatusInactive = "inactive"
)

// UnmarshalJSON reads either published store shape.
func (s *Store) UnmarshalJSON(data []byte) error {
	type plain Store // without this method, so decoding does not recurse
	var wire struct {
		plain
		StoreID  string `json:"storeId"`
		IsActive *bool  `json:"isActive"`
	}
	if err := json.Unmarshal(data, &wire); err != nil {
		return err
	}
	*s = Store(wire.plain)
	if s.ID == "" {
		s.ID = wire.StoreID
	}
	if s.Status == "" && wire.IsActive != nil {
		s.Status = StoreStatusInactive
		if *wire.IsActive {
			s.Status = StoreStatusActive
		}
	}
	return nil
}

// Active reports whether the service reports the store as active.
// A store whose answer carries no status counts as active.
func (s Store) Active() bool {
	return s.Status == "" || strings.EqualFold(s.Status, StoreStatusActive)
}

// CreateStore creates a store.
func (c *Client) CreateStore(ctx context.Context, merchantID int64, req StoreCreate) (*Store, error) {
	ep := partnerCreate("create store", merchantPath(merchantID, "/stores"),
		fmt.Sprintf("the service may have created the store %q; check merchant %d's stores before applying again", req.Name, merchantID),
	).changing(StoreList, merchantID)
	var out createdStore
	if err := c.do(ctx, ep, req, &out); err != nil {
		return nil, err
	}
	return (*Store)(&out), nil
}

// createdStore is a create answer, which must name the new store.
type createdStore Store

func (s *createdStore) UnmarshalJSON(data []byte) error { return (*Store)(s).UnmarshalJSON(data) }

func (s *createdStore) validate() error {
	if s.ID == "" {
		return errors.New(`the new store has neither "id" nor "storeId"`)
	}
	return nil
}

// StoreList is a merchant's stores, as ListStores answers them.
const StoreList ListKind = "stores"

// ListStores lists a merchant's stores, inactive ones included.
func (c *Client) ListStores(ctx context.Context, merchantID int64) ([]Store, error) {
	var out storeList
	if err := c.do(ctx, partnerRead("list stores", merchantPath(merchantID, "/stores")), nil, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// storeList is a store list in either published shape: a bare JSON array
// or an object {"stores": [...]}.
type storeList []Store

func (l *storeList) UnmarshalJSON(data []byte) error {
	return decodeList(data, (*[]Store)(l), "stores")
}

// validate rejects entries without an ID: they cannot be matched to
// anything, and dropping them silently would look like deleted stores.
func (l storeList) validate() error {
	for i, s := range l {
		if s.ID == "" {
			return fmt.Errorf(`store %d of the list has neither "id" nor "storeId"`, i)
		}
	}
	return nil
}

// GetStore reads one store.
func (c *Client) GetStore(ctx context.Context, merchantID int64, storeID string) (*Store, error) {
	const op = "get store"
	if err := requireSegment(op, "store ID", storeID); err != nil {
		return nil, err
	}
	return doDecoded[Store](ctx, c, partnerRead(op, storePath(merchantID, storeID)), nil)
}

// UpdateStore updates a store (4.7). A PUT of the same fields leaves the
// same result, so the call is repeatable.
func (c *Client) UpdateStore(ctx context.Context, merchantID int64, storeID string, req StoreUpdate) (*Store, error) {
	const op = "update store"
	if err := requireSegment(op, "store ID", storeID); err != nil {
		return nil, err
	}
	ep := partnerRepeatable(op, http.MethodPut, storePath(merchantID, storeID)).changing(StoreList, merchantID)
	return doDecoded[Store](ctx, c, ep, req)
}

// DeactivateStore deactivates a store. The service keeps it, inactive (a
// soft delete); deactivating it again changes nothing, so the call is
// repeatable. The answer's body is not used.
func (c *Client) DeactivateStore(ctx context.Context, merchantID int64, storeID string) error {
	const op = "deactivate store"
	if err := requireSegment(op, "store ID", storeID); err != nil {
		return err
	}
	ep := partnerRepeatable(op, http.MethodDelete, storePath(merchantID, storeID)).changing(StoreList, merchantID)
	return c.do(ctx, ep, nil, nil)
}

func storePath(merchantID int64, storeID string) string {
	return merchantPath(merchantID, "/stores/"+url.PathEscape(storeID))
}
