// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
)

// Demo credentials of the default fixtures. Provider tests and the sandbox
// command refer to them by name.
const (
	DemoPartnerClientID     = "demo-partner"
	DemoPartnerClientSecret = "demo-partner-secret"
	DemoAccessToken         = "demo-access-token"
	DemoAISClientID         = "demo-ais-client"

	OtherPartnerClientID     = "other-partner"
	OtherPartnerClientSecret = "other-partner-secret"
	OtherAccessToken         = "other-access-token"
	OtherAISClientID         = "other-ais-client"
)

// Fixtures is the initial data set of a sandbox. Reset restores it.
type Fixtures struct {
	Partners  []Partner  `json:"partners"`
	Merchants []Merchant `json:"merchants"`
	AISUsers  []AISUser  `json:"aisUsers"`
}

// Partner holds one partner's credentials: the partner header pair for
// /v1/partner/ (its first credential) and the bearer token (with its AIS
// client ID) for /v1/ais/. Profile is optional: its empty fields are
// derived from the client ID (profile.go).
type Partner struct {
	ClientID     string          `json:"clientId"`
	ClientSecret string          `json:"clientSecret"`
	AccessToken  string          `json:"accessToken"`
	AISClientID  string          `json:"aisClientId"`
	Profile      *PartnerProfile `json:"profile,omitempty"`
}

// API variants a merchant's answers follow. The service's API reference and
// its guides publish different store shapes and onboarding words; clients
// must accept both, so the sandbox serves both.
const (
	APIVariantReference = "reference"
	APIVariantGuide     = "guide"
)

// Merchant is a merchant owned by one partner, with its stores and payment
// methods. ShortLinks says whether onboarding returns a shortLinkUrl (never
// for the guide variant). APIVariant is "" or APIVariantReference (the
// default) or APIVariantGuide. Onboarding, when set, is the status of the
// one application the merchant already has at start; "" means the merchant
// was never onboarded. ClientID is the merchant's UUID client ID (the
// service names a merchant by it in payments and webhook events); "" means
// the one derived from ID (merchantClientID). GeneratedPayments is how many
// deterministic account-to-account payments it has (payments.go).
type Merchant struct {
	ID                int64           `json:"id"`
	ClientID          string          `json:"clientId,omitempty"`
	PartnerClientID   string          `json:"partnerClientId"`
	ShortLinks        bool            `json:"shortLinks"`
	APIVariant        string          `json:"apiVariant"`
	Onboarding        string          `json:"onboarding,omitempty"`
	Stores            []Store         `json:"stores"`
	PaymentMethods    []PaymentMethod `json:"paymentMethods"`
	GeneratedPayments int             `json:"generatedPayments,omitempty"`
}

// AISUser is an open-banking user of a merchant with read-only bank data.
type AISUser struct {
	MerchantID int64            `json:"merchantId"`
	UserID     string           `json:"userId"`
	Accounts   []AccountFixture `json:"accounts"`
}

// AccountFixture is an account plus the data only the balance and
// transactions endpoints show. GeneratedTransactions appends that many
// deterministic transactions to Transactions, so big data sets stay small on
// disk.
type AccountFixture struct {
	Account
	BalanceLastUpdated    string        `json:"balanceLastUpdated"`
	Transactions          []Transaction `json:"transactions,omitempty"`
	GeneratedTransactions int           `json:"generatedTransactions,omitempty"`
}

// LoadFixtures reads and validates a JSON fixture file. Unknown fields are
// rejected so that a typo does not silently drop data.
func LoadFixtures(path string) (*Fixtures, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read fixtures: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var f Fixtures
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("parse fixtures %s: %w", path, err)
	}
	if err := f.Validate(); err != nil {
		return nil, fmt.Errorf("fixtures %s: %w", path, err)
	}
	return &f, nil
}

var decimalPattern = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?$`)

// Validate checks the references and formats the handlers rely on.
func (f *Fixtures) Validate() error {
	var errs []error
	partners := map[string]bool{}
	tokens := map[string]bool{}
	for _, p := range f.Partners {
		if p.ClientID == "" || p.ClientSecret == "" || p.AccessToken == "" || p.AISClientID == "" {
			errs = append(errs, fmt.Errorf("partner %q: clientId, clientSecret, accessToken and aisClientId are required", p.ClientID))
		}
		if partners[p.ClientID] || tokens[p.AccessToken] {
			errs = append(errs, fmt.Errorf("partner %q: duplicate client ID or access token", p.ClientID))
		}
		partners[p.ClientID], tokens[p.AccessToken] = true, true
	}
	merchants := map[int64]bool{}
	clientIDs := map[string]bool{}
	for _, m := range f.Merchants {
		if m.ID <= 0 || merchants[m.ID] {
			errs = append(errs, fmt.Errorf("merchant %d: ID must be positive and unique", m.ID))
		}
		merchants[m.ID] = true
		if clientIDs[m.clientID()] {
			errs = append(errs, fmt.Errorf("merchant %d: client ID %s is not unique", m.ID, m.clientID()))
		}
		clientIDs[m.clientID()] = true
		if !partners[m.PartnerClientID] {
			errs = append(errs, fmt.Errorf("merchant %d: unknown partner %q", m.ID, m.PartnerClientID))
		}
		errs = append(errs, validateMerchant(m)...)
	}
	for _, u := range f.AISUsers {
		if !merchants[u.MerchantID] {
			errs = append(errs, fmt.Errorf("AIS user %q: unknown merchant %d", u.UserID, u.MerchantID))
		}
		errs = append(errs, validateUser(u)...)
	}
	return errors.Join(errs...)
}

func validateMerchant(m Merchant) []error {
	var errs []error
	if m.ClientID != "" && !isUUID(m.ClientID) {
		errs = append(errs, fmt.Errorf("merchant %d: clientId must be a UUID such as %s, got %q", m.ID, merchantClientID(m.ID), m.ClientID))
	}
	if m.APIVariant != "" && m.APIVariant != APIVariantReference && m.APIVariant != APIVariantGuide {
		errs = append(errs, fmt.Errorf("merchant %d: apiVariant must be %q or %q, got %q", m.ID, APIVariantReference, APIVariantGuide, m.APIVariant))
	}
	if m.GeneratedPayments < 0 || m.GeneratedPayments > MaxGeneratedPayments {
		errs = append(errs, fmt.Errorf("merchant %d: generatedPayments must be between 0 and %d, got %d", m.ID, MaxGeneratedPayments, m.GeneratedPayments))
	}
	if m.Onboarding != "" && !slices.Contains(applicationStatuses, m.Onboarding) {
		errs = append(errs, fmt.Errorf("merchant %d: onboarding must be one of %s, got %q", m.ID, strings.Join(applicationStatuses, ", "), m.Onboarding))
	}
	errs = append(errs, validateStores(m)...)
	methods := map[string]bool{}
	for _, pm := range m.PaymentMethods {
		if pm.Method == "" || methods[pm.Method] {
			errs = append(errs, fmt.Errorf("merchant %d: payment method %q empty or duplicate", m.ID, pm.Method))
		}
		methods[pm.Method] = true
		if pm.Status != statusActive && pm.Status != statusInactive {
			errs = append(errs, fmt.Errorf("merchant %d: payment method %q has status %q", m.ID, pm.Method, pm.Status))
		}
		if (pm.Status == statusActive) != (pm.ActivatedAt != "") {
			errs = append(errs, fmt.Errorf("merchant %d: payment method %q: activatedAt must be set exactly when active", m.ID, pm.Method))
		}
	}
	return errs
}

// clientID is the merchant's client ID: the fixture's, or the one derived
// from its ID.
func (m Merchant) clientID() string {
	if m.ClientID != "" {
		return m.ClientID
	}
	return merchantClientID(m.ID)
}

// merchantClientID derives a stable client ID from a merchant ID: the
// name-based (version 5) UUID of the merchant's sandbox URL, so every
// server, reset and merchant created later gives a merchant the same one.
func merchantClientID(merchantID int64) string {
	return uuid.NewSHA1(uuid.NameSpaceURL, fmt.Appendf(nil, "https://sandbox.cardpay.example/merchants/%d", merchantID)).String()
}

// isUUID accepts the canonical lowercase form only, the one the service
// publishes.
func isUUID(s string) bool {
	u, err := uuid.Parse(s)
	return err == nil && u.String() == s
}

// validateStores allows a merchant without stores (not onboarded yet);
// otherwise, and always once onboarding created the merchant, it needs
// exactly one default store.
func validateStores(m Merchant) []error {
	var errs []error
	defaults := 0
	ids := map[string]bool{}
	for _, s := range m.Stores {
		if s.ID == "" || strings.Contains(s.ID, "/") || ids[s.ID] {
			errs = append(errs, fmt.Errorf("merchant %d: store ID %q empty, duplicate or with a slash", m.ID, s.ID))
		}
		ids[s.ID] = true
		if s.Status != statusActive && s.Status != statusInactive {
			errs = append(errs, fmt.Errorf("merchant %d: store %q has status %q, want active or inactive", m.ID, s.ID, s.Status))
		}
		if s.IsDefault {
			defaults++
		}
	}
	if defaults != 1 && (len(m.Stores) > 0 || m.Onboarding == appMerchantCreated) {
		errs = append(errs, fmt.Errorf("merchant %d: needs exactly one default store, has %d", m.ID, defaults))
	}
	return errs
}

func validateUser(u AISUser) []error {
	var errs []error
	if u.UserID == "" {
		errs = append(errs, fmt.Errorf("AIS user of merchant %d: userId is required", u.MerchantID))
	}
	for _, a := range u.Accounts {
		where := fmt.Sprintf("AIS user %q account %q", u.UserID, a.AccountID)
		if a.AccountID == "" || !decimalPattern.MatchString(a.Balance) {
			errs = append(errs, fmt.Errorf("%s: accountId is required and balance must be a decimal string", where))
		}
		if len(a.AccountDetails) > 0 && !bytes.HasPrefix(bytes.TrimSpace(a.AccountDetails), []byte("{")) {
			errs = append(errs, fmt.Errorf("%s: accountDetails must be a JSON object", where))
		}
		for _, t := range a.Transactions {
			if err := validateTransaction(t); err != nil {
				errs = append(errs, fmt.Errorf("%s transaction %q: %w", where, t.TransactionID, err))
			}
		}
	}
	return errs
}

// unsignedDecimal is an amount as the published transaction example shows
// it: no sign, the direction being the type.
var unsignedDecimal = regexp.MustCompile(`^[0-9]+(\.[0-9]+)?$`)

// validateTransaction requires the published shape: RFC 3339 booking and
// value times, a positive amount and a DEBIT or CREDIT type.
func validateTransaction(t Transaction) error {
	for _, f := range []struct{ name, value string }{{"bookingDate", t.BookingDate}, {"valueDate", t.ValueDate}} {
		if _, err := time.Parse(time.RFC3339, f.value); err != nil {
			return fmt.Errorf("%s must be an RFC 3339 timestamp such as 2024-01-15T10:30:00Z, got %q", f.name, f.value)
		}
	}
	if !unsignedDecimal.MatchString(t.Amount) || strings.Trim(t.Amount, "0.") == "" {
		return fmt.Errorf("amount must be a positive decimal string such as \"100.50\" (type gives the direction), got %q", t.Amount)
	}
	if t.Type != txDebit && t.Type != txCredit {
		return fmt.Errorf("type must be %s (money leaving the account) or %s (money coming in), got %q", txDebit, txCredit, t.Type)
	}
	return nil
}

// DefaultFixtures returns the demo data set that docs/development/api-notes.md
// describes ("Fixtures").
func DefaultFixtures() *Fixtures {
	f := &Fixtures{
		Partners: []Partner{
			{ClientID: DemoPartnerClientID, ClientSecret: DemoPartnerClientSecret, AccessToken: DemoAccessToken, AISClientID: DemoAISClientID},
			{ClientID: OtherPartnerClientID, ClientSecret: OtherPartnerClientSecret, AccessToken: OtherAccessToken, AISClientID: OtherAISClientID},
		},
	}
	for _, id := range []int64{1001, 1002, 1003} {
		// 1003 has no short links so the optional shortLinkUrl is exercised.
		f.Merchants = append(f.Merchants, defaultMerchant(id, DemoPartnerClientID, id != 1003))
	}
	// 1003 also follows the guide's shapes, so clients meet both variants.
	f.Merchants[2].APIVariant = APIVariantGuide
	for _, id := range []int64{2001, 2002} {
		f.Merchants = append(f.Merchants, defaultMerchant(id, OtherPartnerClientID, true))
	}
	f.AISUsers = []AISUser{defaultUser1001(), defaultBigUser()}
	// Enough account-to-account payments for 1001 to need several pages,
	// and a few elsewhere to show the list's partner scoping.
	f.Merchants[0].GeneratedPayments, f.Merchants[1].GeneratedPayments, f.Merchants[3].GeneratedPayments = 45, 6, 4
	return f
}

// MaxGeneratedMerchants caps AddGeneratedMerchants, to keep memory bounded.
const MaxGeneratedMerchants = 100000

// AddGeneratedMerchants appends n merchants with IDs firstID, firstID+1, ...
// owned by the first partner, each shaped like the default merchants (stores
// "<id>-main" and "<id>-second", the default payment methods, short links).
// It is for load tests and demos that need many merchants.
func (f *Fixtures) AddGeneratedMerchants(n int, firstID int64) error {
	if n < 0 || n > MaxGeneratedMerchants {
		return fmt.Errorf("generated merchants: n must be between 0 and %d, got %d", MaxGeneratedMerchants, n)
	}
	if n == 0 {
		return nil
	}
	if len(f.Partners) == 0 {
		return errors.New("generated merchants: the fixtures have no partner to own them")
	}
	if firstID <= 0 || firstID > math.MaxInt64-int64(n) {
		return fmt.Errorf("generated merchants: first ID %d out of range", firstID)
	}
	last := firstID + int64(n) - 1
	for _, m := range f.Merchants {
		if m.ID >= firstID && m.ID <= last {
			return fmt.Errorf("generated merchants: ID %d already exists (generating %d..%d)", m.ID, firstID, last)
		}
	}
	owner := f.Partners[0].ClientID
	f.Merchants = slices.Grow(f.Merchants, n)
	for id := firstID; id <= last; id++ {
		f.Merchants = append(f.Merchants, defaultMerchant(id, owner, true))
	}
	return nil
}

const fixtureCreatedAt = "2024-01-15T09:30:00Z"

// Transaction types: the direction of a transaction, whose amount is
// positive either way.
const (
	txDebit  = "DEBIT"  // money leaving the account
	txCredit = "CREDIT" // money coming in
)

func defaultMerchant(id int64, partner string, shortLinks bool) Merchant {
	main := Store{ID: fmt.Sprintf("%d-main", id), storeFields: storeFields{
		Name: fmt.Sprintf("Merchant %d Main Store", id), LocationID: fmt.Sprintf("LOC-%d-01", id),
		StreetAddress: "Vesterbrogade 1", City: "Copenhagen", PostalCode: "1620", CountryCode: "DK",
		Phone: "+4533000000", Email: fmt.Sprintf("main@merchant%d.example", id), IsDefault: true,
	}, Status: statusActive, CreatedAt: fixtureCreatedAt}
	second := Store{ID: fmt.Sprintf("%d-second", id), storeFields: storeFields{
		Name: fmt.Sprintf("Merchant %d Second Store", id), LocationID: fmt.Sprintf("LOC-%d-02", id),
		StreetAddress: "Drottninggatan 55", City: "Stockholm", PostalCode: "111 21", CountryCode: "SE",
		Phone: "+46812345678", Email: fmt.Sprintf("second@merchant%d.example", id),
	}, Status: statusActive, CreatedAt: "2024-03-01T12:00:00Z"}
	methods := []PaymentMethod{
		{Method: "visa", Status: statusActive, ActivatedAt: fixtureCreatedAt},
		{Method: "mastercard", Status: statusActive, ActivatedAt: fixtureCreatedAt},
	}
	for _, name := range []string{"amex", "swish", "klarna", "vipps", "mobilepay"} {
		methods = append(methods, PaymentMethod{Method: name, Status: statusInactive})
	}
	return Merchant{
		ID: id, PartnerClientID: partner, ShortLinks: shortLinks, Onboarding: appMerchantCreated,
		Stores: []Store{main, second}, PaymentMethods: methods,
	}
}

func defaultUser1001() AISUser {
	return AISUser{MerchantID: 1001, UserID: "user-1001", Accounts: []AccountFixture{
		{
			Account: Account{
				AccountID: "acc-1001-dkk", BankID: "DABADKKK", AccountHolderName: "Merchant 1001 ApS",
				IBAN: "DK5000400440116243", Currency: "DKK", Balance: "1234567.89", AccountType: "CURRENT",
				// Mixed value types on purpose: consumers must cope with
				// numbers, booleans and nested objects, not only strings.
				AccountDetails: json.RawMessage(`{"iban":"DK5000400440116243","accountHolderName":"Merchant 1001 ApS","bankId":"DABADKKK","product":"Business Current","overdraftLimit":50000,"interestRate":0.015,"isPrimary":true,"owner":{"name":"Merchant 1001 ApS","cvr":"12345678"}}`),
			},
			BalanceLastUpdated: "2026-01-10T08:00:00Z",
			Transactions:       generateTransactions("acc-1001-dkk", "DKK", 36, 1),
		},
		{
			Account: Account{
				AccountID: "acc-1001-eur", BankID: "DABADKKK", AccountHolderName: "Merchant 1001 ApS",
				IBAN: "DK9520000123456789", Currency: "EUR", Balance: "-0.10", AccountType: "CURRENT",
				AccountDetails: json.RawMessage(`{"iban":"DK9520000123456789","accountHolderName":"Merchant 1001 ApS","bankId":"DABADKKK","product":"Euro Account","overdraftLimit":0,"isPrimary":false}`),
			},
			BalanceLastUpdated: "2026-01-10T08:00:00Z",
			Transactions:       generateTransactions("acc-1001-eur", "EUR", 30, 2),
		},
		{
			Account: Account{
				AccountID: "acc-1001-sek", BankID: "ESSESESS", AccountHolderName: "Merchant 1001 ApS",
				IBAN: "SE4550000000058398257466", Currency: "SEK", Balance: "98000.50", AccountType: "SAVINGS",
				AccountDetails: json.RawMessage(`{"iban":"SE4550000000058398257466","accountHolderName":"Merchant 1001 ApS","bankId":"ESSESESS","product":"Savings","interestRate":2.25,"withdrawalsPerYear":4}`),
			},
			BalanceLastUpdated: "2026-01-09T23:59:59Z",
			Transactions:       generateTransactions("acc-1001-sek", "SEK", 24, 3),
		},
	}}
}

func defaultBigUser() AISUser {
	return AISUser{MerchantID: 1001, UserID: "user-1001-big", Accounts: []AccountFixture{{
		Account: Account{
			AccountID: "acc-1001-big", BankID: "NDEADKKK", AccountHolderName: "Merchant 1001 Big ApS",
			IBAN: "DK3020005036012345", Currency: "DKK", Balance: "500000.00", AccountType: "CURRENT",
			AccountDetails: json.RawMessage(`{"iban":"DK3020005036012345","accountHolderName":"Merchant 1001 Big ApS","bankId":"NDEADKKK","isPrimary":true}`),
		},
		BalanceLastUpdated:    "2026-01-10T08:00:00Z",
		GeneratedTransactions: 5000,
	}}}
}

// generateTransactions builds n transactions deterministically from seed,
// shaped like the published example: booking days run backwards from
// 2026-06-30 over 540 days, each at a minute of the day that no other
// transaction of the account that day has; the value date is the booking
// time or a day later. Amounts are positive two-decimal values; type says
// the direction (DEBIT out, CREDIT in).
func generateTransactions(accountID, currency string, n, seed int) []Transaction {
	last := time.Date(2026, 6, 30, 0, 0, 0, 0, time.UTC)
	const spanDays = 540
	txs := make([]Transaction, n)
	for i := range n {
		// 577 is coprime with the 1440 minutes of a day, so indexes fewer than
		// 1440 apart never share a minute; a day holds that many only when
		// n is over 777600.
		minute := time.Duration((i*577+seed*37)%1440) * time.Minute
		booked := last.AddDate(0, 0, -(i*spanDays)/n).Add(minute)
		cents := int64((i*7919+seed*104729)%250000) - 150000
		txType, name := txDebit, fmt.Sprintf("Supplier %d", (i+seed)%17)
		if cents > 0 {
			txType, name = txCredit, fmt.Sprintf("Customer %d", (i+seed)%23)
		}
		if cents == 0 {
			cents = 10
		}
		txs[i] = Transaction{
			TransactionID: fmt.Sprintf("%s-tx-%05d", accountID, i+1),
			Amount:        formatCents(max(cents, -cents)),
			Currency:      currency,
			Description:   fmt.Sprintf("%s payment %d", txType, i+1),
			BookingDate:   booked.Format(time.RFC3339),
			ValueDate:     booked.AddDate(0, 0, i%2).Format(time.RFC3339),
			Counterparty:  Counterparty{Name: name, IBAN: fmt.Sprintf("DK%02d0000%010d", (i+seed)%90+10, i*31+seed)},
			Reference:     fmt.Sprintf("REF-%d-%05d", seed, i+1),
			Type:          txType,
			Status:        "BOOKED",
		}
	}
	return txs
}

// formatCents renders non-negative minor units as an exact decimal string,
// e.g. 10 as "0.10".
func formatCents(c int64) string {
	return fmt.Sprintf("%d.%02d", c/100, c%100)
}
