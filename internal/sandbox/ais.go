// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"net/http"
	"slices"
	"sort"
	"time"
)

// The data API's account reads (accounts, balance, transactions) over the
// fixtures' bank data, and what every /v1/ais/ route shares: the call
// (aisCall, ais) and the consent a data read needs (consentFor).

// The routes of the data API's account reads.
const (
	// RouteListAccounts lists a user's bank accounts.
	RouteListAccounts = "POST /v1/ais/accounts"
	// RouteGetBalance reads one account's balance.
	RouteGetBalance = "POST /v1/ais/accounts/balance"
	// RouteListTransactions reads one page of an account's transactions.
	RouteListTransactions = "POST /v1/ais/accounts/transactions"
)

func init() { registerArea("ais", (*Server).accountRoutes) }

// accountRoutes registers the routes of the data API's account reads.
func (s *Server) accountRoutes() {
	s.api(RouteListAccounts, s.ais(s.listAccounts))
	s.api(RouteGetBalance, s.ais(s.getBalance))
	s.api(RouteListTransactions, s.ais(s.listTransactions))
}

// aisCall is what an AIS handler needs. Unlike partner handlers, AIS
// handlers take the lock themselves: the merchant is named in the body, and
// bank data is immutable so filtering runs unlocked.
type aisCall struct {
	partner Partner
	token   dataToken
	r       *http.Request
	body    []byte
}

type aisHandler func(c *aisCall) (int, any, error)

// ais wraps a handler of a /v1/ais/ route: bearer token (401), then body
// size and type (413/415). Handlers validate the body (400) before checking
// the merchant (404, then 403), the consent (403) and the account (404).
func (s *Server) ais(h aisHandler) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		token, err := s.authBearer(r)
		if err != nil {
			w.Header().Set("WWW-Authenticate", `Bearer realm="cardpay-sandbox"`)
			return err
		}
		body, err := s.readBody(w, r)
		if err != nil {
			return err
		}
		status, resp, err := h(&aisCall{partner: token.partner, token: token, r: r, body: body})
		if err != nil {
			return err
		}
		return writeJSON(w, status, resp)
	}
}

func requireMerchantID(id int64) error {
	if id <= 0 {
		return badRequest("field %q is required and must be a positive integer", "merchantId")
	}
	return nil
}

// consentFor finds the newest authorized, unexpired consent of merchant and
// user that holds perm, after checking that the call's token may read that
// user's data with perm (401), and that the merchant exists and belongs to
// the call's partner.
func (s *Server) consentFor(c *aisCall, merchantID int64, userID, perm string) (ConsentRecord, error) {
	if err := c.token.permits(merchantID, userID, tokenPermissionOf[perm]); err != nil {
		return ConsentRecord{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, err := s.st.ownedMerchant(c.partner, merchantID); err != nil {
		return ConsentRecord{}, err
	}
	now := s.now()
	var latest, lacking *ConsentRecord
	for i := len(s.st.consents) - 1; i >= 0; i-- {
		c := s.st.consents[i]
		if c.MerchantID != merchantID || c.UserID != userID {
			continue
		}
		expireIfDue(c, now)
		if latest == nil {
			latest = c
		}
		if c.Status != consentAuthorized {
			continue
		}
		if slices.Contains(c.Permissions, perm) {
			return *c, nil
		}
		if lacking == nil {
			lacking = c
		}
	}
	switch {
	case latest == nil:
		return ConsentRecord{}, errorf(http.StatusForbidden,
			"no consent for user %s of merchant %d: create one with POST /v1/ais/consents and have the user authorize it", userID, merchantID)
	case lacking != nil:
		return ConsentRecord{}, errorf(http.StatusForbidden, "consent %s for user %s lacks permission %s", lacking.RequestID, userID, perm)
	default:
		reason := ""
		if latest.ErrorMessage != "" {
			reason = ": " + latest.ErrorMessage
		}
		return ConsentRecord{}, errorf(http.StatusForbidden, "no authorized consent for user %s of merchant %d (consent %s is %s%s)",
			userID, merchantID, latest.RequestID, latest.Status, reason)
	}
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

func (s *Server) listAccounts(c *aisCall) (int, any, error) {
	var req accountsRequest
	if err := decodeJSON(c.body, &req, true); err != nil {
		return 0, nil, err
	}
	if err := requireUser(req.MerchantID, req.UserID); err != nil {
		return 0, nil, err
	}
	consent, err := s.consentFor(c, req.MerchantID, req.UserID, permAccounts)
	if err != nil {
		return 0, nil, err
	}
	accounts := []Account{}
	if u := s.bank[userKey{req.MerchantID, req.UserID}]; u != nil {
		for _, a := range u.accounts {
			accounts = append(accounts, a.Account)
		}
	}
	return http.StatusOK, accountsResponse{
		UserID: req.UserID, MerchantID: req.MerchantID, ClientID: c.partner.AISClientID, ConsentID: consent.ConsentID,
		Accounts: accounts, TotalAccounts: len(accounts),
	}, nil
}

func requireUser(merchantID int64, userID string) error {
	if err := requireMerchantID(merchantID); err != nil {
		return err
	}
	return required("userId", userID)
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

func (s *Server) getBalance(c *aisCall) (int, any, error) {
	var req balanceRequest
	if err := decodeJSON(c.body, &req, true); err != nil {
		return 0, nil, err
	}
	if err := requireUser(req.MerchantID, req.UserID); err != nil {
		return 0, nil, err
	}
	if err := required("accountId", req.AccountID); err != nil {
		return 0, nil, err
	}
	if _, err := s.consentFor(c, req.MerchantID, req.UserID, permBalances); err != nil {
		return 0, nil, err
	}
	a, err := s.account(req.MerchantID, req.UserID, req.AccountID)
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, balanceResponse{
		UserID: req.UserID, MerchantID: req.MerchantID, AccountID: req.AccountID,
		Balance:        balanceValue{Value: a.Balance, Currency: a.Currency, LastUpdated: a.BalanceLastUpdated},
		AccountDetails: balanceAccountDetails{IBAN: a.IBAN, AccountHolderName: a.AccountHolderName, BankID: a.BankID},
	}, nil
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

func (s *Server) listTransactions(c *aisCall) (int, any, error) {
	var req transactionsRequest
	if err := decodeJSON(c.body, &req, true); err != nil {
		return 0, nil, err
	}
	q, err := parseTransactionQuery(req, s.maxPageLimit)
	if err != nil {
		return 0, nil, err
	}
	consent, err := s.consentFor(c, req.MerchantID, req.UserID, permTransactions)
	if err != nil {
		return 0, nil, err
	}
	a, err := s.account(req.MerchantID, req.UserID, req.AccountID)
	if err != nil {
		return 0, nil, err
	}
	if q.from.Before(consent.txFrom) {
		q.from = consent.txFrom
	}
	page, total := a.filter(q)
	return http.StatusOK, transactionsResponse{
		UserID: req.UserID, MerchantID: req.MerchantID, AccountID: req.AccountID,
		TotalTransactions: total, PageLimit: q.limit, Transactions: page,
	}, nil
}

// transactionQuery is a validated transactions request; from and to are
// the first and last instants to include, zero when absent.
type transactionQuery struct {
	limit    int64
	from, to time.Time
}

func parseTransactionQuery(req transactionsRequest, maxPageLimit int64) (transactionQuery, error) {
	q := transactionQuery{limit: defaultPageLimit}
	if err := requireUser(req.MerchantID, req.UserID); err != nil {
		return q, err
	}
	if err := required("accountId", req.AccountID); err != nil {
		return q, err
	}
	if req.PageLimit != nil {
		if *req.PageLimit < 1 || *req.PageLimit > maxPageLimit {
			return q, badRequest("field %q must be between 1 and %d, got %d", "pageLimit", maxPageLimit, *req.PageLimit)
		}
		q.limit = *req.PageLimit
	}
	var err error
	if req.FromDate != "" {
		if q.from, _, err = parseTimeRange("fromDate", req.FromDate); err != nil {
			return q, err
		}
	}
	if req.ToDate != "" {
		if _, q.to, err = parseTimeRange("toDate", req.ToDate); err != nil {
			return q, err
		}
	}
	if !q.from.IsZero() && !q.to.IsZero() && q.from.After(q.to) {
		return q, badRequest("fromDate (%s) must not be after toDate (%s)", req.FromDate, req.ToDate)
	}
	return q, nil
}

// Bank data: built once from the fixtures and never changed.

type userKey struct {
	merchantID int64
	userID     string
}

type bankUser struct {
	accounts []*bankAccount
}

type bankAccount struct {
	AccountFixture
	txs []datedTx // newest first
}

// datedTx is a transaction with its parsed booking time.
type datedTx struct {
	booked time.Time
	tx     Transaction
}

func buildBank(f *Fixtures) map[userKey]*bankUser {
	bank := map[userKey]*bankUser{}
	for _, u := range f.AISUsers {
		bu := &bankUser{}
		for _, a := range u.Accounts {
			bu.accounts = append(bu.accounts, newBankAccount(a))
		}
		bank[userKey{u.MerchantID, u.UserID}] = bu
	}
	return bank
}

// newMerchantUserID names the one AIS user of a merchant created through
// the API, so a demo that starts from a new merchant reads accounts as it
// does for the fixture merchants.
func newMerchantUserID(merchantID int64) string { return fmt.Sprintf("user-%d", merchantID) }

// newMerchantBankUser gives that user a current account in DKK held by the
// merchant's company, with a year of generated transactions.
func newMerchantBankUser(merchantID int64, profile MerchantProfile) *bankUser {
	accountID := fmt.Sprintf("acc-%d-dkk", merchantID)
	iban := fmt.Sprintf("DK5000400%09d", merchantID)
	details, _ := json.Marshal(map[string]any{ //nolint:errchkjson // a map of strings always encodes
		"iban": iban, "accountHolderName": profile.CompanyName, "bankId": "DABADKKK", "product": "Business Current",
	})
	return &bankUser{accounts: []*bankAccount{newBankAccount(AccountFixture{
		Account: Account{
			AccountID: accountID, BankID: "DABADKKK", AccountHolderName: profile.CompanyName, IBAN: iban,
			Currency: "DKK", Balance: "25000.00", AccountType: "CURRENT", AccountDetails: details,
		},
		BalanceLastUpdated: profile.CreatedAt,
		Transactions:       generateTransactions(accountID, "DKK", 12, seedOf(accountID)),
	})}}
}

func newBankAccount(a AccountFixture) *bankAccount {
	txs := slices.Clone(a.Transactions)
	txs = append(txs, generateTransactions(a.AccountID, a.Currency, a.GeneratedTransactions, seedOf(a.AccountID))...)
	ba := &bankAccount{AccountFixture: a, txs: make([]datedTx, 0, len(txs))}
	for _, t := range txs {
		booked, err := time.Parse(time.RFC3339, t.BookingDate)
		if err != nil {
			continue // LoadFixtures rejects these; hand-built fixtures may not.
		}
		ba.txs = append(ba.txs, datedTx{booked: booked, tx: t})
	}
	sort.SliceStable(ba.txs, func(i, j int) bool { return ba.txs[i].booked.After(ba.txs[j].booked) })
	return ba
}

// seedOf derives a stable generator seed from an account ID.
func seedOf(accountID string) int {
	h := fnv.New32a()
	_, _ = h.Write([]byte(accountID))
	return int(h.Sum32() % 1000)
}

func (s *Server) account(merchantID int64, userID, accountID string) (*bankAccount, error) {
	if u := s.bank[userKey{merchantID, userID}]; u != nil {
		for _, a := range u.accounts {
			if a.AccountID == accountID {
				return a, nil
			}
		}
	}
	return nil, errorf(http.StatusNotFound, "account %q not found for user %s of merchant %d", accountID, userID, merchantID)
}

// filter returns the first q.limit matching transactions, newest first, and
// how many match in total.
func (a *bankAccount) filter(q transactionQuery) ([]Transaction, int) {
	page := make([]Transaction, 0, min(q.limit, int64(len(a.txs))))
	total := 0
	for _, t := range a.txs {
		if !q.from.IsZero() && t.booked.Before(q.from) {
			break // sorted newest first: everything after is older still
		}
		if !q.to.IsZero() && t.booked.After(q.to) {
			continue
		}
		total++
		if int64(len(page)) < q.limit {
			page = append(page, t.tx)
		}
	}
	return page, total
}

// parseTimeRange reads a fromDate or toDate, a YYYY-MM-DD date or an RFC
// 3339 timestamp, as the first and last instant it names: a timestamp names
// one instant, a date its whole UTC day, so a date toDate includes the day.
func parseTimeRange(field, value string) (first, last time.Time, err error) {
	if day, err := time.Parse(time.DateOnly, value); err == nil {
		return day, day.AddDate(0, 0, 1).Add(-time.Nanosecond), nil
	}
	t, err := time.Parse(time.RFC3339, value)
	if err != nil {
		return time.Time{}, time.Time{}, badRequest("field %q must be a date (2026-01-31) or an RFC 3339 timestamp, got %q", field, value)
	}
	return t, t, nil
}
