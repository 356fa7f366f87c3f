// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// Merchants: created by the partner (standard, fast-track or, on the
// service's sandbox only, a pre-activated test merchant), read and listed.
// No update or delete is published.

// MerchantRequest is the body of POST /v1/partner/merchants.
type MerchantRequest struct {
	CompanyName  string `json:"companyName"`
	ContactEmail string `json:"contactEmail"`
	ContactPhone string `json:"contactPhone,omitempty"`
	PartnerRefID string `json:"partnerRefId,omitempty"`
}

// FastTrackRequest is the body of POST /v1/partner/merchants/fast-track:
// a merchant whose company details are known, which then only signs the
// agreement and links a bank account.
type FastTrackRequest struct {
	MerchantRequest
	RegistrationNumber string `json:"registrationNumber"`
	Website            string `json:"website"`
	IBAN               string `json:"iban"`
	BIC                string `json:"bic,omitempty"`
}

// Merchant is a merchant as the create answer and the read report it. The
// create answer names it merchantId, the read id; both decode into ID.
// Status words differ between pages (pending_onboarding, pending, active,
// inactive) and are kept as sent.
type Merchant struct {
	ID           FlexibleID `json:"id"`
	ClientID     string     `json:"clientId"`
	CompanyName  string     `json:"companyName"`
	ContactEmail string     `json:"contactEmail"`
	ContactPhone string     `json:"contactPhone"`
	Status       string     `json:"status"`
	PartnerRefID string     `json:"partnerRefId"`
	CreatedAt    string     `json:"createdAt"`
	// OnboardingURL, OnboardingToken and ExpiresAt come with the create
	// answer only: the merchant completes its onboarding there.
	OnboardingURL   *string `json:"onboardingUrl,omitempty"`
	OnboardingToken *string `json:"onboardingToken,omitempty"`
	ExpiresAt       *string `json:"expiresAt,omitempty"`
}

// UnmarshalJSON reads either name of the merchant's ID.
func (m *Merchant) UnmarshalJSON(data []byte) error {
	type plain Merchant
	var wire struct {
		plain
		MerchantID FlexibleID `json:"merchantId"`
	}
	if err := json.Unmarshal(data, &wire); err != nil {
		return err
	}
	*m = Merchant(wire.plain)
	if m.ID == "" {
		m.ID = wire.MerchantID
	}
	return nil
}

func (m *Merchant) validate() error {
	if m.ID == "" {
		return errors.New(`the merchant has neither "merchantId" nor "id"`)
	}
	return nil
}

// Merchant status words with a meaning of their own.
const (
	MerchantStatusActive   = "active"
	MerchantStatusInactive = "inactive"
)

// Active reports whether the merchant can take payments.
func (m Merchant) Active() bool {
	return strings.EqualFold(strings.TrimSpace(m.Status), MerchantStatusActive)
}

// merchantsPath is the merchants collection.
const merchantsPath = "/v1/partner/merchants"

func merchantAdvice(ref string) string {
	if ref == "" {
		return "the service may have created the merchant; check the partner's merchants before applying again"
	}
	return fmt.Sprintf("the service may have created the merchant; look for partner reference %q among the partner's merchants before applying again", ref)
}

// CreateMerchant creates a merchant, which completes its onboarding at the
// answer's onboarding URL.
func (c *Client) CreateMerchant(ctx context.Context, req MerchantRequest) (*Merchant, error) {
	return c.createMerchant(ctx, "create merchant", merchantsPath, req, req.PartnerRefID)
}

// FastTrackMerchant creates a merchant whose company details the partner
// already has.
func (c *Client) FastTrackMerchant(ctx context.Context, req FastTrackRequest) (*Merchant, error) {
	return c.createMerchant(ctx, "create fast-track merchant", merchantsPath+"/fast-track", req, req.PartnerRefID)
}

// CreateTestMerchant creates a pre-activated test merchant. Only the
// service's sandbox offers it; production answers 404.
func (c *Client) CreateTestMerchant(ctx context.Context, req MerchantRequest) (*Merchant, error) {
	return c.createMerchant(ctx, "create test merchant", merchantsPath+"/test", req, req.PartnerRefID)
}

func (c *Client) createMerchant(ctx context.Context, op, path string, body any, ref string) (*Merchant, error) {
	return doDecoded[Merchant](ctx, c, partnerCreate(op, path, merchantAdvice(ref)).changing(MerchantList, 0), body)
}

// GetMerchant reads a merchant.
func (c *Client) GetMerchant(ctx context.Context, merchantID int64) (*Merchant, error) {
	return doDecoded[Merchant](ctx, c, partnerRead("get merchant", fmt.Sprintf("%s/%d", merchantsPath, merchantID)), nil)
}

// MerchantList is the partner's merchants, as ListMerchants answers them.
const MerchantList ListKind = "merchants"

// ListMerchants lists the partner's merchants. The answer's shape is not
// published: a bare array, or an object with the array under "merchants"
// or "data", are accepted.
func (c *Client) ListMerchants(ctx context.Context) ([]Merchant, error) {
	var out merchantList
	if err := c.do(ctx, partnerRead("list merchants", merchantsPath), nil, &out); err != nil {
		return nil, err
	}
	return out, nil
}

type merchantList []Merchant

func (l *merchantList) UnmarshalJSON(data []byte) error {
	return decodeList(data, (*[]Merchant)(l), "merchants", "data")
}

func (l merchantList) validate() error {
	for i := range l {
		if err := l[i].validate(); err != nil {
			return fmt.Errorf("merchant %d of the list: %w", i, err)
		}
	}
	return nil
}
