package client

import (
	"bytes"
	"encoding/json"
	"fmt"
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
	data = bytes.TrimSpace(data)
	if bytes.Equal(data, []byte("null")) {
		*d = ""
		return nil
	}
	if len(data) > 0 && data[0] == '"' {
		var s string
		if err := json.Unmarshal(data, &s); err != nil {
			return err
		}
		*d = Decimal(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(data, &n); err != nil {
		return fmt.Errorf("decimal must be a JSON string or number, got %s", data)
	}
	*d = Decimal(n.String())
	return nil
}

// String returns the decimal exactly as received.
func (d Decimal) String() string { return string(d) }

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

// Order is the object under the "order" key of the create-order response.
type Order struct {
	OrderID   string `json:"orderId"`
	Status    string `json:"status"`
	Amount    int64  `json:"amount"`
	Currency  string `json:"currency"`
	Reference string `json:"reference"`
}

// OrderResponse is the create-order response: the order sits under "order".
type OrderResponse struct {
	Order Order `json:"order"`
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

// Store is a merchant's store (location).
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
