// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import "encoding/json"

// Wire types. JSON names follow section 2 of the API reference exactly; the
// sandbox defines its own structs instead of importing internal/client so that
// a mistake in one is not silently mirrored by the other.

// Store is a merchant's store (location), as the fixtures and Snapshot hold
// it. The API answers it in the merchant's variant: referenceStore or
// guideStore.
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
	Status        string `json:"status"`
	CreatedAt     string `json:"createdAt"`
	// UpdatedAt is the time of the last change; only the guide's shape
	// shows it.
	UpdatedAt string `json:"updatedAt,omitempty"`
}

// PaymentMethod is one entry of the payment-method list. ActivatedAt is
// present for active methods only.
type PaymentMethod struct {
	Method      string `json:"method"`
	Status      string `json:"status"`
	ActivatedAt string `json:"activatedAt,omitempty"`
}

// Consent is an AIS consent as the API returns it. ConsentID and
// ErrorMessage stay absent until the authorization callback or a failure.
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
	ConsentID               string   `json:"consentId,omitempty"`
	AuthorizationURL        string   `json:"authorizationUrl,omitempty"`
	ErrorMessage            string   `json:"errorMessage,omitempty"`
}

// Account is one bank account as the accounts endpoint returns it. Balance is
// an exact decimal string; AccountDetails is an arbitrary JSON object kept
// value for value (numbers digit for digit).
type Account struct {
	AccountID         string          `json:"accountId"`
	BankID            string          `json:"bankId"`
	AccountHolderName string          `json:"accountHolderName"`
	IBAN              string          `json:"iban"`
	Currency          string          `json:"currency"`
	Balance           string          `json:"balance"`
	AccountType       string          `json:"accountType"`
	AccountDetails    json.RawMessage `json:"accountDetails,omitempty"`
}

// Counterparty is the other side of a transaction.
type Counterparty struct {
	Name string `json:"name"`
	IBAN string `json:"iban"`
}

// Transaction is one booked transaction, shaped like the published example:
// Amount is a positive exact decimal string and Type (DEBIT or CREDIT) its
// direction; BookingDate and ValueDate are RFC 3339 timestamps in UTC.
type Transaction struct {
	TransactionID string       `json:"transactionId"`
	Amount        string       `json:"amount"`
	Currency      string       `json:"currency"`
	Description   string       `json:"description"`
	BookingDate   string       `json:"bookingDate"`
	ValueDate     string       `json:"valueDate"`
	Counterparty  Counterparty `json:"counterparty"`
	Reference     string       `json:"reference"`
	Type          string       `json:"type"`
	Status        string       `json:"status"`
}

// Request bodies. Optional fields the handler must tell apart from zero
// values are pointers.

type onlineTerminalRequest struct {
	OnlineTerminalMode string `json:"onlineTerminalMode"`
	StoreID            string `json:"storeId"`
}

type onlineTerminalResponse struct {
	TerminalID        string `json:"terminalId"`
	TerminalPublicKey string `json:"terminalPublicKey"`
	TerminalType      string `json:"terminalType"`
	StoreID           string `json:"storeId"`
}

type terminalEntry struct {
	TerminalID        string `json:"terminalId"`
	TerminalType      string `json:"terminalType"`
	TerminalStatus    string `json:"terminalStatus"`
	TerminalName      string `json:"terminalName,omitempty"`
	TerminalPublicKey string `json:"terminalPublicKey,omitempty"`
}

type terminalsResponse struct {
	Terminals []terminalEntry `json:"terminals"`
	Total     int             `json:"total"`
}

type onboardingResponse struct {
	WebKybURL         string `json:"webKybUrl"`
	ApplicationID     string `json:"applicationId"`
	ShortLinkURL      string `json:"shortLinkUrl,omitempty"`
	ApplicationStatus string `json:"applicationStatus"`
}

type onboardingStatusResponse struct {
	ApplicationID     string `json:"applicationId"`
	ApplicationStatus string `json:"applicationStatus"`
	WebKybURL         string `json:"webKybUrl,omitempty"`
}

type orderRequest struct {
	Amount      *int64 `json:"amount"`
	Currency    string `json:"currency"`
	Reference   string `json:"reference"`
	Description string `json:"description"`
}

type orderBody struct {
	OrderID   string `json:"orderId"`
	Status    string `json:"status"`
	Amount    int64  `json:"amount"`
	Currency  string `json:"currency"`
	Reference string `json:"reference"`
}

// orderCreateResponse carries paymentLink and nonce next to the order, as
// the service "may"; they are empty (left out) for guide merchants.
type orderCreateResponse struct {
	Order       orderBody `json:"order"`
	PaymentLink string    `json:"paymentLink,omitempty"`
	Nonce       string    `json:"nonce,omitempty"`
}

// orderDetail is the order read: the create fields plus its payments.
type orderDetail struct {
	orderBody
	Payments []any `json:"payments"`
}

type orderDetailResponse struct {
	Order orderDetail `json:"order"`
}

type interappRequest struct {
	StoreID string `json:"storeId"`
}

type interappResponse struct {
	RegistrationCode string `json:"registrationCode"`
	RegistrationLink string `json:"registrationLink,omitempty"`
}

type storeUpdateRequest struct {
	Name          *string `json:"name"`
	StreetAddress *string `json:"streetAddress"`
	City          *string `json:"city"`
	PostalCode    *string `json:"postalCode"`
	CountryCode   *string `json:"countryCode"`
	Phone         *string `json:"phone"`
	Email         *string `json:"email"`
	IsDefault     *bool   `json:"isDefault"`
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

// storeFields are the fields both published store shapes share.
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

type consentRequest struct {
	MerchantID              int64    `json:"merchantId"`
	UserID                  string   `json:"userId"`
	Permissions             []string `json:"permissions"`
	ExpirationDateTime      string   `json:"expirationDateTime"`
	TransactionFromDateTime string   `json:"transactionFromDateTime"`
	CallbackURL             string   `json:"callbackUrl"`
}

type accountsRequest struct {
	UserID     string `json:"userId"`
	MerchantID int64  `json:"merchantId"`
}

type accountsResponse struct {
	UserID        string    `json:"userId"`
	MerchantID    int64     `json:"merchantId"`
	ClientID      string    `json:"clientId"`
	ConsentID     string    `json:"consentId"`
	Accounts      []Account `json:"accounts"`
	TotalAccounts int       `json:"totalAccounts"`
}

type balanceRequest struct {
	UserID     string `json:"userId"`
	MerchantID int64  `json:"merchantId"`
	AccountID  string `json:"accountId"`
}

type balanceValue struct {
	Value       string `json:"value"`
	Currency    string `json:"currency"`
	LastUpdated string `json:"lastUpdated"`
}

type balanceAccountDetails struct {
	IBAN              string `json:"iban"`
	AccountHolderName string `json:"accountHolderName"`
	BankID            string `json:"bankId"`
}

type balanceResponse struct {
	UserID         string                `json:"userId"`
	MerchantID     int64                 `json:"merchantId"`
	AccountID      string                `json:"accountId"`
	Balance        balanceValue          `json:"balance"`
	AccountDetails balanceAccountDetails `json:"accountDetails"`
}

type transactionsRequest struct {
	UserID     string `json:"userId"`
	MerchantID int64  `json:"merchantId"`
	AccountID  string `json:"accountId"`
	PageLimit  *int64 `json:"pageLimit"`
	FromDate   string `json:"fromDate"`
	ToDate     string `json:"toDate"`
}

type transactionsResponse struct {
	UserID            string        `json:"userId"`
	MerchantID        int64         `json:"merchantId"`
	AccountID         string        `json:"accountId"`
	TotalTransactions int           `json:"totalTransactions"`
	PageLimit         int64         `json:"pageLimit"`
	Transactions      []Transaction `json:"transactions"`
}

type webhookRequest struct {
	URL    string   `json:"url"`
	Events []string `json:"events"`
}

// webhookResponse is an endpoint as the API shows it: lastTriggeredAt is
// null until the first delivery, and the secret is left out.
type webhookResponse struct {
	ID              int64    `json:"id"`
	URL             string   `json:"url"`
	Events          []string `json:"events"`
	Status          string   `json:"status"`
	LastTriggeredAt *string  `json:"lastTriggeredAt"`
	CreatedAt       string   `json:"createdAt"`
}

// createdWebhookResponse is the create answer, the only one with the secret.
type createdWebhookResponse struct {
	webhookResponse
	Secret string `json:"secret"`
}

// webhookEvent is the body of a delivery, the envelope both docs sites
// publish.
type webhookEvent struct {
	Event     string          `json:"event"`
	Timestamp string          `json:"timestamp"`
	Data      json.RawMessage `json:"data"`
}

type consentAuthorization struct {
	AuthorizationURL string `json:"authorizationUrl"`
}

type aisErrorResponse struct {
	StatusCode int    `json:"statusCode"`
	Message    string `json:"message"`
}

type errorResponse struct {
	Status  string `json:"status"`
	Message string `json:"message"`
}
