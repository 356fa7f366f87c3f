// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strings"
)

// The structs below mirror section 2 of the API reference. JSON names match
// the reference exactly. Optional response fields are pointers so that a
// field the service leaves out stays distinguishable from an empty string.

// Decimal is an exact decimal amount as the service sends it, for example
// "1234567.89" or "-0.10". The reference types money as a string; a JSON
// number is accepted too and kept digit for digit, never parsed as float.
type Decimal string

// UnmarshalJSON accepts a JSON string or a JSON number literal.
func (d *Decimal) UnmarshalJSON(data []byte) error {
	s, err := stringOrNumber(data, "decimal must be a JSON string or number")
	if err == nil {
		*d = Decimal(s)
	}
	return err
}

// stringOrNumber returns the text of a JSON string, or of a JSON number
// digit for digit; null is "". mismatch begins the error for anything else.
func stringOrNumber(data []byte, mismatch string) (string, error) {
	data = bytes.TrimSpace(data)
	if bytes.Equal(data, []byte("null")) {
		return "", nil
	}
	if len(data) > 0 && data[0] == '"' {
		var s string
		err := json.Unmarshal(data, &s)
		return s, err
	}
	var n json.Number
	if err := json.Unmarshal(data, &n); err != nil {
		return "", fmt.Errorf("%s, got %s", mismatch, data)
	}
	return n.String(), nil
}

// String returns the decimal exactly as received.
func (d Decimal) String() string { return string(d) }

// Int64 returns the decimal as a whole number when it is one exactly
// (10000, 10000.00, "1e4"); ok is false for fractions, numbers out of
// range and text that is not a number.
func (d Decimal) Int64() (n int64, ok bool) {
	r, ok := new(big.Rat).SetString(strings.TrimSpace(string(d)))
	if !ok || !r.IsInt() || !r.Num().IsInt64() {
		return 0, false
	}
	return r.Num().Int64(), true
}

// OnlineTerminalRequest is the body of POST .../online-terminals.
type OnlineTerminalRequest struct {
	OnlineTerminalMode string `json:"onlineTerminalMode"`
	StoreID            string `json:"storeId,omitempty"`
}

// OnlineTerminal is returned when an online terminal is registered.
type OnlineTerminal struct {
	TerminalID        string `json:"terminalId"`
	TerminalPublicKey string `json:"terminalPublicKey"`
	TerminalType      string `json:"terminalType"`
	StoreID           string `json:"storeId"`
}

// PaymentMethod is one entry of the payment-method list.
type PaymentMethod struct {
	Method      string  `json:"method"`
	Status      string  `json:"status"`
	ActivatedAt *string `json:"activatedAt,omitempty"`
}

// OnboardingApplication is returned by the onboard endpoint.
type OnboardingApplication struct {
	WebKybURL         string  `json:"webKybUrl"`
	ApplicationID     string  `json:"applicationId"`
	ShortLinkURL      *string `json:"shortLinkUrl,omitempty"`
	ApplicationStatus string  `json:"applicationStatus"`
}

// OrderRequest is the body of POST .../orders.
type OrderRequest struct {
	Amount      int64  `json:"amount"`
	Currency    string `json:"currency"`
	Reference   string `json:"reference,omitempty"`
	Description string `json:"description,omitempty"`
}

// Order is the object under the "order" key of the create-order and
// get-order answers. Status is CREATED on creation and later PAID,
// CANCELLED or REFUNDED; any other word is kept as sent.
type Order struct {
	OrderID string `json:"orderId"`
	Status  string `json:"status"`
	// Amount is as the service sent it: a whole number of minor units on
	// the published pages, a decimal or a string accepted without loss.
	Amount    Decimal `json:"amount"`
	Currency  string  `json:"currency"`
	Reference string  `json:"reference"`
	// PaymentLink (payment-page terminals) and Nonce (online SDK) may come
	// with the create answer, next to the order or inside it; reads do not
	// carry them.
	PaymentLink *string `json:"paymentLink,omitempty"`
	Nonce       *string `json:"nonce,omitempty"`
}

// InterappRegistrationRequest is the body of POST .../terminals/interapp.
// An empty object is valid.
type InterappRegistrationRequest struct {
	StoreID string `json:"storeId,omitempty"`
}

// InterappRegistration is a short-lived code that pairs the companion app.
type InterappRegistration struct {
	RegistrationCode string  `json:"registrationCode"`
	RegistrationLink *string `json:"registrationLink,omitempty"`
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

// storeList is a store list in either published shape: a bare JSON array
// or an object {"stores": [...]}.
type storeList []Store

func (l *storeList) UnmarshalJSON(data []byte) error {
	if trimmed := bytes.TrimSpace(data); len(trimmed) > 0 && trimmed[0] == '[' {
		return json.Unmarshal(trimmed, (*[]Store)(l))
	}
	var wrapped struct {
		Stores *[]Store `json:"stores"`
	}
	if err := json.Unmarshal(data, &wrapped); err != nil {
		return err
	}
	if wrapped.Stores == nil {
		return errors.New(`expected a JSON array of stores or an object with a "stores" array`)
	}
	*l = *wrapped.Stores
	return nil
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

// OnboardingStatus is the answer of GET .../onboard/status. WebKybURL is
// present only while the verification link is still active.
type OnboardingStatus struct {
	ApplicationID     string  `json:"applicationId"`
	ApplicationStatus string  `json:"applicationStatus"`
	WebKybURL         *string `json:"webKybUrl,omitempty"`
}

func (s *OnboardingStatus) validate() error {
	if strings.TrimSpace(s.ApplicationStatus) == "" {
		return errors.New(`no "applicationStatus"`)
	}
	return nil
}

// OnboardingStage is where an application stands, whatever vocabulary the
// service used for its status.
type OnboardingStage int

const (
	// OnboardingInProgress covers every word that is neither final state,
	// unknown words included (PENDING, IN_REVIEW, APPLICATION_INITIATED,
	// APPLICATION_SUBMITTED, APPLICATION_SIGNED, APPLICATION_COMPLETED, ...).
	OnboardingInProgress OnboardingStage = iota
	// OnboardingMerchantCreated is the end state of both vocabularies: the
	// merchant exists and terminals can be registered.
	OnboardingMerchantCreated
	// OnboardingRejected is the failure state.
	OnboardingRejected
)

// Application status words with a meaning of their own.
const (
	ApplicationStatusMerchantCreated = "MERCHANT_CREATED"
	ApplicationStatusRejected        = "REJECTED"
)

// OnboardingStageOf classifies an application status word. The service
// publishes two vocabularies (the API reference's PENDING, IN_REVIEW,
// MERCHANT_CREATED, REJECTED and the guide's APPLICATION_INITIATED to
// APPLICATION_COMPLETED, then MERCHANT_CREATED); only the two final words
// matter, and they are compared case-insensitively.
func OnboardingStageOf(status string) OnboardingStage {
	switch status = strings.TrimSpace(status); {
	case strings.EqualFold(status, ApplicationStatusMerchantCreated):
		return OnboardingMerchantCreated
	case strings.EqualFold(status, ApplicationStatusRejected):
		return OnboardingRejected
	default:
		return OnboardingInProgress
	}
}

// Terminal is one entry of a merchant's terminal list. TerminalStatus is
// ACTIVE, REGISTERED or INACTIVE on the published pages; other words are
// kept as sent. Only online terminals carry a public key.
type Terminal struct {
	TerminalID        string  `json:"terminalId"`
	TerminalType      string  `json:"terminalType"`
	TerminalStatus    string  `json:"terminalStatus"`
	TerminalName      *string `json:"terminalName,omitempty"`
	TerminalPublicKey *string `json:"terminalPublicKey,omitempty"`
}

// Terminal words with a meaning of their own.
const (
	TerminalStatusInactive = "INACTIVE"
	// TerminalTypeCheckoutX is the type of a tap-to-pay device paired with
	// an in-app registration code.
	TerminalTypeCheckoutX = "checkoutX"
)

// Inactive reports whether the service has deactivated the terminal.
func (t Terminal) Inactive() bool {
	return strings.EqualFold(strings.TrimSpace(t.TerminalStatus), TerminalStatusInactive)
}

// IsCheckoutX reports whether the terminal is a paired tap-to-pay device.
func (t Terminal) IsCheckoutX() bool {
	return strings.EqualFold(strings.TrimSpace(t.TerminalType), TerminalTypeCheckoutX)
}

// terminalList is the answer of GET .../terminals.
type terminalList struct {
	Terminals *[]Terminal `json:"terminals"`
}

// validate requires the "terminals" array: an answer without it must not
// read as "the merchant has no terminals", which would drop every terminal
// from state.
func (l *terminalList) validate() error {
	if l.Terminals == nil {
		return errors.New(`no "terminals" array`)
	}
	for i, t := range *l.Terminals {
		if t.TerminalID == "" {
			return fmt.Errorf(`terminal %d of the list has no "terminalId"`, i)
		}
	}
	return nil
}

// ConsentRequest is the body of POST /v1/ais/consents.
type ConsentRequest struct {
	MerchantID              int64    `json:"merchantId"`
	UserID                  string   `json:"userId"`
	Permissions             []string `json:"permissions"`
	ExpirationDateTime      string   `json:"expirationDateTime"`
	TransactionFromDateTime string   `json:"transactionFromDateTime"`
	CallbackURL             string   `json:"callbackUrl,omitempty"`
}

// Consent is an account-information consent.
type Consent struct {
	RequestID               string   `json:"requestId"`
	MerchantID              int64    `json:"merchantId"`
	UserID                  string   `json:"userId"`
	Permissions             []string `json:"permissions"`
	ExpirationDateTime      string   `json:"expirationDateTime"`
	TransactionFromDateTime string   `json:"transactionFromDateTime"`
	Status                  string   `json:"status"`
	CreatedAt               string   `json:"createdAt"`
	UpdatedAt               string   `json:"updatedAt"`
	ConsentID               *string  `json:"consentId,omitempty"`
	AuthorizationURL        *string  `json:"authorizationUrl,omitempty"`
	ErrorMessage            *string  `json:"errorMessage,omitempty"`
}

// AccountsRequest is the body of POST /v1/ais/accounts.
type AccountsRequest struct {
	UserID     string `json:"userId"`
	MerchantID int64  `json:"merchantId"`
}

// Account is one bank account of an AIS user.
type Account struct {
	AccountID         string  `json:"accountId"`
	BankID            string  `json:"bankId"`
	AccountHolderName string  `json:"accountHolderName"`
	IBAN              string  `json:"iban"`
	Currency          string  `json:"currency"`
	Balance           Decimal `json:"balance"`
	AccountType       string  `json:"accountType"`
	// AccountDetails is an object whose fields the reference does not show;
	// every field is kept as raw JSON.
	AccountDetails map[string]json.RawMessage `json:"accountDetails,omitempty"`
}

// AccountsResponse is the answer of POST /v1/ais/accounts.
type AccountsResponse struct {
	UserID        string    `json:"userId"`
	MerchantID    int64     `json:"merchantId"`
	ClientID      string    `json:"clientId"`
	ConsentID     string    `json:"consentId"`
	Accounts      []Account `json:"accounts"`
	TotalAccounts int64     `json:"totalAccounts"`
}

// BalanceRequest is the body of POST /v1/ais/accounts/balance.
type BalanceRequest struct {
	UserID     string `json:"userId"`
	MerchantID int64  `json:"merchantId"`
	AccountID  string `json:"accountId"`
}

// Balance is the balance object of an account.
type Balance struct {
	Value       Decimal `json:"value"`
	Currency    string  `json:"currency"`
	LastUpdated string  `json:"lastUpdated"`
}

// BalanceAccountDetails identifies the account in a balance response.
type BalanceAccountDetails struct {
	IBAN              string `json:"iban"`
	AccountHolderName string `json:"accountHolderName"`
	BankID            string `json:"bankId"`
}

// BalanceResponse is the answer of POST /v1/ais/accounts/balance.
type BalanceResponse struct {
	UserID         string                `json:"userId"`
	MerchantID     int64                 `json:"merchantId"`
	AccountID      string                `json:"accountId"`
	Balance        Balance               `json:"balance"`
	AccountDetails BalanceAccountDetails `json:"accountDetails"`
}

// TransactionsRequest is the body of POST /v1/ais/accounts/transactions.
// PageLimit 0 leaves the limit to the service (default 200).
type TransactionsRequest struct {
	UserID     string `json:"userId"`
	MerchantID int64  `json:"merchantId"`
	AccountID  string `json:"accountId"`
	PageLimit  int64  `json:"pageLimit,omitempty"`
	FromDate   string `json:"fromDate,omitempty"`
	ToDate     string `json:"toDate,omitempty"`
}

// Counterparty is the other side of a transaction.
type Counterparty struct {
	Name string `json:"name"`
	IBAN string `json:"iban"`
}

// Transaction is one booked transaction of an account.
type Transaction struct {
	TransactionID string       `json:"transactionId"`
	Amount        Decimal      `json:"amount"`
	Currency      string       `json:"currency"`
	Description   string       `json:"description"`
	BookingDate   string       `json:"bookingDate"`
	ValueDate     string       `json:"valueDate"`
	Counterparty  Counterparty `json:"counterparty"`
	Reference     string       `json:"reference"`
	Type          string       `json:"type"`
	Status        string       `json:"status"`
}

// TransactionsResponse is the answer of POST /v1/ais/accounts/transactions.
type TransactionsResponse struct {
	UserID            string        `json:"userId"`
	MerchantID        int64         `json:"merchantId"`
	AccountID         string        `json:"accountId"`
	TotalTransactions int64         `json:"totalTransactions"`
	PageLimit         int64         `json:"pageLimit"`
	Transactions      []Transaction `json:"transactions"`
}

// WebhookRequest is the body of POST and PUT /v1/partner/webhooks: both
// fields are required, and a PUT replaces both.
type WebhookRequest struct {
	URL    string   `json:"url"`
	Events []string `json:"events"`
}

// Webhook is an endpoint that receives the partner's event notifications.
// Secret, the signing key, comes only with the create answer.
type Webhook struct {
	// ID is a JSON number on the published pages; a string is accepted
	// too, and either is kept as text.
	ID              FlexibleID `json:"id"`
	URL             string     `json:"url"`
	Events          []string   `json:"events"`
	Status          string     `json:"status"`
	Secret          *string    `json:"secret,omitempty"`
	LastTriggeredAt *string    `json:"lastTriggeredAt,omitempty"`
	CreatedAt       string     `json:"createdAt"`
}

// FlexibleID is an identifier the service may send as a JSON number or a
// JSON string; it is kept as the text of either, digit for digit.
type FlexibleID string

// UnmarshalJSON accepts a JSON string or number.
func (id *FlexibleID) UnmarshalJSON(data []byte) error {
	s, err := stringOrNumber(data, "id must be a JSON number or string")
	if err == nil {
		*id = FlexibleID(s)
	}
	return err
}

// createdWebhook is a create answer, which must name the endpoint.
type createdWebhook Webhook

func (w *createdWebhook) validate() error {
	if w.ID == "" {
		return errors.New(`the new webhook endpoint has no "id"`)
	}
	return nil
}

// webhookList is a webhook list as a bare JSON array or an object
// {"webhooks": [...]}; the pages show the fields, not the wrapping.
type webhookList []Webhook

func (l *webhookList) UnmarshalJSON(data []byte) error {
	if trimmed := bytes.TrimSpace(data); len(trimmed) > 0 && trimmed[0] == '[' {
		return json.Unmarshal(trimmed, (*[]Webhook)(l))
	}
	var wrapped struct {
		Webhooks *[]Webhook `json:"webhooks"`
	}
	if err := json.Unmarshal(data, &wrapped); err != nil {
		return err
	}
	if wrapped.Webhooks == nil {
		return errors.New(`expected a JSON array of webhooks or an object with a "webhooks" array`)
	}
	*l = *wrapped.Webhooks
	return nil
}

func (l webhookList) validate() error {
	for i, w := range l {
		if w.ID == "" {
			return fmt.Errorf(`webhook %d of the list has no "id"`, i)
		}
	}
	return nil
}

// consentAuthorization is the answer of POST /v1/ais/consents/{id}/authorize.
type consentAuthorization struct {
	AuthorizationURL string `json:"authorizationUrl"`
}

func (a *consentAuthorization) validate() error {
	if a.AuthorizationURL == "" {
		return errors.New(`no "authorizationUrl"`)
	}
	return nil
}
