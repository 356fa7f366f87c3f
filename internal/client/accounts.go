// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"encoding/json"
)

// Accounts: the data API's reads of a user's bank accounts, balances and
// transactions (4.9 to 4.11), each a POST that changes nothing.

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

// ListAccounts lists an AIS user's bank accounts (4.9). It is a read sent
// as POST, so it is repeatable.
func (c *Client) ListAccounts(ctx context.Context, req AccountsRequest) (*AccountsResponse, error) {
	ep := aisRead("list accounts", "/v1/ais/accounts", req.MerchantID, req.UserID, PermissionAccountsRead)
	return doDecoded[AccountsResponse](ctx, c, ep, req)
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

// GetAccountBalance reads the balance of one account (4.10).
func (c *Client) GetAccountBalance(ctx context.Context, req BalanceRequest) (*BalanceResponse, error) {
	ep := aisRead("get account balance", "/v1/ais/accounts/balance", req.MerchantID, req.UserID, PermissionBalanceRead)
	return doDecoded[BalanceResponse](ctx, c, ep, req)
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

// ListTransactions reads one page of an account's transactions (4.11).
func (c *Client) ListTransactions(ctx context.Context, req TransactionsRequest) (*TransactionsResponse, error) {
	ep := aisRead("list transactions", "/v1/ais/accounts/transactions", req.MerchantID, req.UserID, PermissionTransactionsRead)
	return doDecoded[TransactionsResponse](ctx, c, ep, req)
}
