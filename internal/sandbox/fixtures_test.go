// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"encoding/json"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/cardpay/terraform-provider-cardpay/internal/testclock"
)

func TestDefaultFixturesAreValid(t *testing.T) {
	f := DefaultFixtures()
	if err := f.Validate(); err != nil {
		t.Fatal(err)
	}
	if len(f.Merchants) != 5 || len(f.Partners) != 2 {
		t.Errorf("default fixtures: %d merchants, %d partners", len(f.Merchants), len(f.Partners))
	}
	for _, m := range f.Merchants {
		second := m.Stores[1]
		if second.ID != m.Stores[0].ID[:4]+"-second" || second.StreetAddress == "" || second.City == "" ||
			second.PostalCode == "" || second.CountryCode == "" || second.Phone == "" || second.Email == "" || second.LocationID == "" {
			t.Errorf("merchant %d second store lacks address data: %+v", m.ID, second)
		}
	}
	// Generation is deterministic.
	a := generateTransactions("x", "DKK", 50, 3)
	b := generateTransactions("x", "DKK", 50, 3)
	if !reflect.DeepEqual(a, b) {
		t.Error("generateTransactions is not deterministic")
	}
}

func TestLoadFixturesRoundTrip(t *testing.T) {
	f, err := LoadFixtures(filepath.Join("testdata", "fixtures.json"))
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "again.json")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	again, err := LoadFixtures(path)
	if err != nil {
		t.Fatal(err)
	}
	// Compare encodings: encoding/json compacts accountDetails whitespace.
	data2, _ := json.Marshal(again)
	if string(data) != string(data2) {
		t.Errorf("round trip changed the fixtures:\n%s\n%s", data, data2)
	}
	if again.Merchants[0].Stores[0].PostalCode != "0155" || again.Merchants[0].Onboarding != "IN_REVIEW" || again.AISUsers[0].Accounts[0].GeneratedTransactions != 10 ||
		!strings.Contains(string(again.AISUsers[0].Accounts[0].AccountDetails), `"verified":false`) {
		t.Errorf("loaded fixtures lost data: %s", data2)
	}

	// The loaded data is what the server serves.
	e := newEnvWith(t, Config{Fixtures: f})
	r := e.do(http.MethodGet, "/v1/partner/merchants/42/card-payments/payment-methods", nil,
		map[string]string{"X-Partner-Client-Id": "file-partner", "X-Partner-Client-Secret": "file-secret"})
	expectStatus(t, r, http.StatusOK)
	consent := consentBody()
	consent["merchantId"], consent["userId"] = 42, "file-user"
	r = e.do(http.MethodPost, "/v1/ais/consents", consent, bearer("file-token"))
	expectStatus(t, r, http.StatusCreated)
	if err := e.srv.AuthorizeConsent(get[string](t, r.obj(t), "requestId")); err != nil {
		t.Fatal(err)
	}
	r = e.do(http.MethodPost, "/v1/ais/accounts/transactions",
		map[string]any{"userId": "file-user", "merchantId": 42, "accountId": "file-acc"}, bearer("file-token"))
	expectStatus(t, r, http.StatusOK)
	if got := r.obj(t)["totalTransactions"]; got != float64(12) { // 2 listed + 10 generated
		t.Errorf("totalTransactions = %v, want 12", got)
	}
	if !strings.Contains(string(r.raw), `"amount":"12.34","currency":"NOK","description":"Coffee","bookingDate":"2025-06-01T09:15:00Z"`) {
		t.Errorf("fixture transaction missing: %s", r.raw)
	}
	if _, clientID := e.srv.st.firstMerchantOf("file-partner"); clientID != "3f1c9a52-7b1e-4d2a-9c4f-0e8b6d2a5f17" {
		t.Errorf("merchant 42 has client ID %q, not the file's", clientID)
	}
}

func TestLoadFixturesErrors(t *testing.T) {
	dir := t.TempDir()
	cases := map[string]string{
		"unknown field":    `{"partners":[],"merchants":[],"aisUsers":[],"extra":1}`,
		"unknown partner":  `{"merchants":[{"id":1,"partnerClientId":"ghost","stores":[{"id":"s","isDefault":true}]}]}`,
		"two defaults":     `{"partners":[{"clientId":"p","clientSecret":"s","accessToken":"t","aisClientId":"a"}],"merchants":[{"id":1,"partnerClientId":"p","stores":[{"id":"a","isDefault":true},{"id":"b","isDefault":true}]}]}`,
		"bad balance":      `{"partners":[{"clientId":"p","clientSecret":"s","accessToken":"t","aisClientId":"a"}],"merchants":[{"id":1,"partnerClientId":"p","stores":[{"id":"a","isDefault":true}]}],"aisUsers":[{"merchantId":1,"userId":"u","accounts":[{"accountId":"x","balance":"1,5"}]}]}`,
		"active no date":   `{"partners":[{"clientId":"p","clientSecret":"s","accessToken":"t","aisClientId":"a"}],"merchants":[{"id":1,"partnerClientId":"p","stores":[{"id":"a","isDefault":true}],"paymentMethods":[{"method":"visa","status":"active"}]}]}`,
		"malformed":        `{`,
		"missing password": `{"partners":[{"clientId":"p"}]}`,
		"bad client ID":    `{"partners":[{"clientId":"p","clientSecret":"s","accessToken":"t","aisClientId":"a"}],"merchants":[{"id":1,"clientId":"m-1","partnerClientId":"p"}]}`,
	}
	for name, content := range cases {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(name, " ", "_")+".json")
			if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
				t.Fatal(err)
			}
			if _, err := LoadFixtures(path); err == nil {
				t.Error("LoadFixtures accepted invalid fixtures")
			}
		})
	}
	if _, err := LoadFixtures(filepath.Join(dir, "absent.json")); err == nil {
		t.Error("LoadFixtures accepted a missing file")
	}
}

func TestAddGeneratedMerchants(t *testing.T) {
	f := DefaultFixtures()
	if err := f.AddGeneratedMerchants(3, 100001); err != nil {
		t.Fatal(err)
	}
	if err := f.Validate(); err != nil {
		t.Fatalf("generated fixtures are invalid: %v", err)
	}
	if len(f.Merchants) != 8 {
		t.Fatalf("merchants = %d, want 5 + 3", len(f.Merchants))
	}
	got := f.Merchants[7]
	if want := defaultMerchant(100003, DemoPartnerClientID, true); !reflect.DeepEqual(got, want) {
		t.Errorf("generated merchant = %+v, want the default shape %+v", got, want)
	}
	if got.Stores[0].ID != "100003-main" || got.Stores[1].ID != "100003-second" || len(got.PaymentMethods) != 7 {
		t.Errorf("stores or methods of %d: %+v", got.ID, got)
	}

	// The generated merchants are served to their owner.
	e := newEnvWith(t, Config{Fixtures: f})
	r := e.partner(http.MethodGet, "/v1/partner/merchants/100002/card-payments/payment-methods", nil)
	expectStatus(t, r, http.StatusOK)
	expectStatus(t, e.do(http.MethodGet, "/v1/partner/merchants/100002/card-payments/payment-methods", nil, otherPartnerAuth()), http.StatusForbidden)
	expectStatus(t, e.partner(http.MethodGet, "/v1/partner/merchants/100004/card-payments/payment-methods", nil), http.StatusNotFound)
}

func TestAddGeneratedMerchantsRejects(t *testing.T) {
	for name, tc := range map[string]struct {
		f       *Fixtures
		n       int
		firstID int64
		want    string
	}{
		"negative":    {DefaultFixtures(), -1, 1, "between 0 and"},
		"too many":    {DefaultFixtures(), MaxGeneratedMerchants + 1, 1, "between 0 and"},
		"no partner":  {&Fixtures{}, 1, 1, "no partner"},
		"collision":   {DefaultFixtures(), 10, 1000, "ID 1001 already exists"},
		"bad ID":      {DefaultFixtures(), 1, 0, "out of range"},
		"ID overflow": {DefaultFixtures(), 2, math.MaxInt64, "out of range"},
	} {
		t.Run(name, func(t *testing.T) {
			before := len(tc.f.Merchants)
			err := tc.f.AddGeneratedMerchants(tc.n, tc.firstID)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want %q", err, tc.want)
			}
			if len(tc.f.Merchants) != before {
				t.Error("a rejected call changed the fixtures")
			}
		})
	}
	f := &Fixtures{}
	if err := f.AddGeneratedMerchants(0, 1); err != nil || len(f.Merchants) != 0 {
		t.Errorf("n = 0: err %v, merchants %d", err, len(f.Merchants))
	}
}

func TestFixtureMerchantsStartOnboarded(t *testing.T) {
	f := DefaultFixtures()
	if err := f.AddGeneratedMerchants(2, 100001); err != nil {
		t.Fatal(err)
	}
	srv := New(Config{Fixtures: f, Now: testclock.New(testclock.Start).Now})
	apps := srv.Snapshot().Applications
	if len(apps) != 7 {
		t.Fatalf("applications = %+v, want one per merchant", apps)
	}
	seen := map[string]bool{}
	for i, a := range apps {
		if a.MerchantID != f.Merchants[i].ID || a.ApplicationStatus != "MERCHANT_CREATED" || a.CreatedAt != fixtureCreatedAt ||
			a.WebKybURL == "" || !regexp.MustCompile(`^[0-9a-f]{24}$`).MatchString(a.ApplicationID) || seen[a.ApplicationID] {
			t.Errorf("fixture application %d = %+v, want MERCHANT_CREATED with its own 24-hex-digit ID", i, a)
		}
		seen[a.ApplicationID] = true
	}
	// The IDs are deterministic: a reset or another server yields the same.
	srv.Reset()
	if again := New(Config{Fixtures: f}).Snapshot().Applications; !reflect.DeepEqual(again, srv.Snapshot().Applications) || !reflect.DeepEqual(again, apps) {
		t.Errorf("fixture applications differ between servers:\n%+v\n%+v", apps, again)
	}
	for _, m := range f.Merchants {
		want := ""
		if m.ID == 1003 {
			want = APIVariantGuide
		}
		if m.APIVariant != want {
			t.Errorf("merchant %d apiVariant = %q, want %q", m.ID, m.APIVariant, want)
		}
	}
}

func TestFixtureMerchantWithoutOnboarding(t *testing.T) {
	f := &Fixtures{
		Partners:  []Partner{{ClientID: "p", ClientSecret: "s", AccessToken: "t", AISClientID: "a"}},
		Merchants: []Merchant{{ID: 7, PartnerClientID: "p", APIVariant: APIVariantReference}},
	}
	if err := f.Validate(); err != nil {
		t.Fatalf("a merchant that was never onboarded needs no stores: %v", err)
	}
	if apps := New(Config{Fixtures: f}).Snapshot().Applications; len(apps) != 0 {
		t.Errorf("applications = %+v, want none", apps)
	}
}

func TestValidateMerchantVariantAndOnboarding(t *testing.T) {
	isDefault := storeFields{IsDefault: true}
	store := Store{ID: "s", storeFields: isDefault, Status: "active"}
	for name, tc := range map[string]struct {
		m    Merchant
		want string
	}{
		"unknown variant":          {Merchant{APIVariant: "beta", Stores: []Store{store}}, `apiVariant must be "reference" or "guide", got "beta"`},
		"unknown onboarding":       {Merchant{Onboarding: "DONE", Stores: []Store{store}}, `onboarding must be one of PENDING, IN_REVIEW`},
		"created without a store":  {Merchant{Onboarding: "MERCHANT_CREATED"}, "needs exactly one default store, has 0"},
		"store without status":     {Merchant{Stores: []Store{{ID: "s", storeFields: isDefault}}}, `store "s" has status ""`},
		"store ID with a slash":    {Merchant{Stores: []Store{{ID: "a/b", storeFields: isDefault, Status: "active"}}}, "with a slash"},
		"stores but no default":    {Merchant{Stores: []Store{{ID: "s", Status: "active"}}}, "needs exactly one default store, has 0"},
		"guide vocabulary is fine": {Merchant{APIVariant: "guide", Onboarding: "APPLICATION_SIGNED", Stores: []Store{store}}, ""},
	} {
		t.Run(name, func(t *testing.T) {
			tc.m.ID, tc.m.PartnerClientID = 9, "p"
			f := &Fixtures{Partners: []Partner{{ClientID: "p", ClientSecret: "s", AccessToken: "t", AISClientID: "a"}}, Merchants: []Merchant{tc.m}}
			err := f.Validate()
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("Validate = %v, want nil", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("Validate = %v, want %q", err, tc.want)
			}
		})
	}
}

// Every merchant has a UUID client ID: the fixture's, or one derived from
// its ID that every server and reset gives it again.
func TestMerchantClientIDs(t *testing.T) {
	uuidV5 := regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)
	seen := map[string]bool{}
	for _, m := range DefaultFixtures().Merchants {
		id := m.clientID()
		if !uuidV5.MatchString(id) || seen[id] || id != merchantClientID(m.ID) {
			t.Errorf("merchant %d: client ID %q, want its own name-based UUID", m.ID, id)
		}
		seen[id] = true
	}
	if a, b := merchantClientID(1001), merchantClientID(1001); a != b || a == merchantClientID(1002) {
		t.Errorf("merchantClientID is not a stable function of the merchant ID: %s %s", a, b)
	}

	fixed := Merchant{ID: 7, ClientID: "0b5f3c2e-4a1d-4c8e-9f00-123456789abc"}
	if fixed.clientID() != fixed.ClientID {
		t.Errorf("a fixture's client ID is replaced by %s", fixed.clientID())
	}
	srv := New(Config{Fixtures: &Fixtures{
		Partners:  []Partner{{ClientID: "p", ClientSecret: "s", AccessToken: "t", AISClientID: "a"}},
		Merchants: []Merchant{{ID: 7, ClientID: fixed.ClientID, PartnerClientID: "p"}},
	}})
	if _, clientID := srv.st.firstMerchantOf("p"); clientID != fixed.ClientID {
		t.Errorf("the server knows merchant 7 as %q, want the fixture's %s", clientID, fixed.ClientID)
	}
}

func TestValidateMerchantClientID(t *testing.T) {
	partner := []Partner{{ClientID: "p", ClientSecret: "s", AccessToken: "t", AISClientID: "a"}}
	for name, tc := range map[string]struct {
		merchants []Merchant
		want      string
	}{
		"not a UUID":  {[]Merchant{{ID: 1, ClientID: "merchant-1"}}, `merchant 1: clientId must be a UUID such as ` + merchantClientID(1) + `, got "merchant-1"`},
		"upper case":  {[]Merchant{{ID: 1, ClientID: strings.ToUpper(merchantClientID(1))}}, "clientId must be a UUID"},
		"in braces":   {[]Merchant{{ID: 1, ClientID: "{" + merchantClientID(1) + "}"}}, "clientId must be a UUID"},
		"duplicate":   {[]Merchant{{ID: 1, ClientID: merchantClientID(2)}, {ID: 2}}, "merchant 2: client ID " + merchantClientID(2) + " is not unique"},
		"derived":     {[]Merchant{{ID: 1}, {ID: 2}}, ""},
		"set and new": {[]Merchant{{ID: 1, ClientID: merchantClientID(3)}, {ID: 2}}, ""},
	} {
		t.Run(name, func(t *testing.T) {
			for i := range tc.merchants {
				tc.merchants[i].PartnerClientID = "p"
			}
			err := (&Fixtures{Partners: partner, Merchants: tc.merchants}).Validate()
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("Validate = %v, want nil", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("Validate = %v, want %q", err, tc.want)
			}
		})
	}
}

// Fixture transactions take the published shape; the old signed amounts
// and plain dates are refused with a message that says what to write.
func TestValidateTransaction(t *testing.T) {
	good := Transaction{TransactionID: "t", Amount: "100.50", BookingDate: "2024-01-15T10:30:00Z",
		ValueDate: "2024-01-15T10:30:00+01:00", Type: "DEBIT", Status: "BOOKED"}
	for name, tc := range map[string]struct {
		change func(*Transaction)
		want   string
	}{
		"published shape": {func(*Transaction) {}, ""},
		"credit":          {func(tx *Transaction) { tx.Type, tx.Amount = "CREDIT", "7" }, ""},
		"signed amount":   {func(tx *Transaction) { tx.Amount = "-100.50" }, `amount must be a positive decimal string such as "100.50" (type gives the direction), got "-100.50"`},
		"zero amount":     {func(tx *Transaction) { tx.Amount = "0.00" }, "amount must be a positive decimal"},
		"amount text":     {func(tx *Transaction) { tx.Amount = "1,5" }, "amount must be a positive decimal"},
		"date only":       {func(tx *Transaction) { tx.BookingDate = "2024-01-15" }, `bookingDate must be an RFC 3339 timestamp such as 2024-01-15T10:30:00Z, got "2024-01-15"`},
		"value date only": {func(tx *Transaction) { tx.ValueDate = "2024-01-16" }, `valueDate must be an RFC 3339 timestamp`},
		"no type":         {func(tx *Transaction) { tx.Type = "" }, `type must be DEBIT (money leaving the account) or CREDIT (money coming in), got ""`},
	} {
		t.Run(name, func(t *testing.T) {
			tx := good
			tc.change(&tx)
			err := validateTransaction(tx)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("validateTransaction = %v, want nil", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("validateTransaction = %v, want %q", err, tc.want)
			}
		})
	}
	for _, u := range DefaultFixtures().AISUsers {
		for _, a := range u.Accounts {
			for _, tx := range append(a.Transactions, generateTransactions(a.AccountID, a.Currency, a.GeneratedTransactions, 1)...) {
				if err := validateTransaction(tx); err != nil {
					t.Fatalf("default transaction %s: %v", tx.TransactionID, err)
				}
			}
		}
	}
}
