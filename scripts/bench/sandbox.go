// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"time"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

// The big AIS fixture account the memory scenario reads.
const (
	bigMerchantID = 1001
	bigUserID     = "user-1001-big"
	bigAccountID  = "acc-1001-big"
)

// benchSandbox is the in-process sandbox every command talks to, as the
// demo partner. It is served without sandboxtest, whose contract check
// would link the OpenAPI validator into the bench (and no test receives
// its findings here).
type benchSandbox struct {
	srv      *sandbox.Server
	http     *httptest.Server
	url      string
	latency  time.Duration // added to every request while set
	refusals *refusalClock
}

// startSandbox serves the default fixtures plus merchants generated
// merchants, and gives the big account bigTransactions transactions.
func startSandbox(merchants, bigTransactions int) (*benchSandbox, error) {
	f := sandbox.DefaultFixtures()
	if err := f.AddGeneratedMerchants(merchants, firstMerchantID); err != nil {
		return nil, err
	}
	found := false
	for i := range f.AISUsers {
		if f.AISUsers[i].UserID != bigUserID {
			continue
		}
		for j := range f.AISUsers[i].Accounts {
			if f.AISUsers[i].Accounts[j].AccountID == bigAccountID {
				f.AISUsers[i].Accounts[j].GeneratedTransactions = bigTransactions
				found = true
			}
		}
	}
	if !found {
		return nil, fmt.Errorf("fixture account %s of %s not found", bigAccountID, bigUserID)
	}
	if err := f.Validate(); err != nil {
		return nil, err
	}
	refusals := &refusalClock{}
	srv := sandbox.New(sandbox.Config{Fixtures: f, MaxPageLimit: pageLimit})
	h := httptest.NewServer(refusals.wrap(srv))
	return &benchSandbox{srv: srv, http: h, url: h.URL, refusals: refusals}, nil
}

func (b *benchSandbox) close() { b.http.Close() }

// reset restores the fixtures (which clears faults) and re-applies the
// latency in force.
func (b *benchSandbox) reset() {
	b.srv.Reset()
	b.setLatency(b.latency)
}

// setLatency makes every API request wait d (0: none).
func (b *benchSandbox) setLatency(d time.Duration) {
	b.latency = d
	b.srv.ClearFaults()
	if d > 0 {
		b.srv.InjectFault(sandbox.Fault{Latency: d})
	}
}

// env is what the provider needs to reach the sandbox.
func (b *benchSandbox) env() []string {
	return []string{
		"CARDPAY_BASE_URL=" + b.url,
		"CARDPAY_PARTNER_CLIENT_ID=" + sandbox.DemoPartnerClientID,
		"CARDPAY_PARTNER_CLIENT_SECRET=" + sandbox.DemoPartnerClientSecret,
		"CARDPAY_ACCESS_TOKEN=" + sandbox.DemoAccessToken,
	}
}

// authorizeBigConsent creates and authorizes a consent that lets the demo
// partner read the big account's transactions, as a user would at the bank.
func (b *benchSandbox) authorizeBigConsent() error {
	now := time.Now().UTC()
	body, _ := json.Marshal(map[string]any{
		"merchantId":              bigMerchantID,
		"userId":                  bigUserID,
		"permissions":             []string{"ReadTransactionsDetail"},
		"expirationDateTime":      now.Add(24 * time.Hour).Format(time.RFC3339),
		"transactionFromDateTime": "2000-01-01T00:00:00Z",
	})
	req, err := http.NewRequest(http.MethodPost, b.url+"/v1/ais/consents", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+sandbox.DemoAccessToken)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusCreated {
		return fmt.Errorf("create consent: %s: %s", resp.Status, data)
	}
	var c sandbox.Consent
	if err := json.Unmarshal(data, &c); err != nil {
		return err
	}
	return b.srv.AuthorizeConsent(c.RequestID)
}

// pageLimit is the largest page the bench lets the sandbox serve (its
// default is 1000); the memory scenario reads min(transactions, pageLimit)
// transactions in one page.
const pageLimit = 10000
