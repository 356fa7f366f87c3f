// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
)

// hostLog records what one host of a split sandbox was asked and what it
// answered, and can expire every token just before the n-th data read.
type hostLog struct {
	next http.Handler
	sb   *sandbox.Server

	mu         sync.Mutex
	paths      []string
	statuses   []int
	expireAt   int // expire tokens before this data read (1-based); 0 never
	dataReads  int
	tokenCalls int
}

func (h *hostLog) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	switch {
	case r.URL.Path == "/v1/auth/generate-token":
		h.tokenCalls++
	case strings.HasPrefix(r.URL.Path, "/v1/ais/accounts"):
		h.dataReads++
		if h.dataReads == h.expireAt {
			h.sb.ExpireTokens() // as if every token's hour ran out now, mid-apply
		}
	}
	h.mu.Unlock()
	status := sandboxtest.ServeStatus(h.next, w, r)
	h.mu.Lock()
	defer h.mu.Unlock()
	h.paths = append(h.paths, r.URL.Path)
	h.statuses = append(h.statuses, status)
}

func (h *hostLog) snapshot() (paths []string, statuses []int, tokenCalls int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.paths), slices.Clone(h.statuses), h.tokenCalls
}

// A configuration written from the service's published pages alone: the
// partner API's base URL in its published /v1/partner form, the data API on
// a host of its own in its /v1 form, partner credentials and no access
// token. It creates consents for two users, reads both users' accounts,
// balances and transactions with tokens the provider asks for, survives
// every token expiring in the middle of an apply, and plans empty after.
func TestAccPublishedConfiguration(t *testing.T) {
	partner, data := &hostLog{}, &hostLog{expireAt: 3}
	sb := sandboxtest.Start(t, sandboxtest.SplitHosts(), sandboxtest.Wrap(func(host sandboxtest.Host, next http.Handler) http.Handler {
		log := partner
		if host == sandboxtest.DataAPI {
			log = data
		}
		log.next = next
		return log
	}))
	// Set before the first request: the logs expire the sandbox's tokens.
	partner.sb, data.sb = sb.Server, sb.Server

	provider := fmt.Sprintf(`
provider "cardpay" {
  base_url              = "%s/v1/partner"
  ais_base_url          = "%s/v1"
  partner_client_id     = %q
  partner_client_secret = %q
}
`, sb.URL, sb.DataURL, sb.ClientID, sb.ClientSecret)
	consents := `
locals {
  users = ["user-1001", "user-1001-big"]
}

resource "cardpay_payment_method" "amex" {
  merchant_id = 1001
  method      = "amex"
}

resource "cardpay_ais_consent" "user" {
  count                      = length(local.users)
  merchant_id                = 1001
  user_id                    = local.users[count.index]
  permissions                = ["ReadAccountsDetail", "ReadBalances", "ReadTransactionsDetail"]
  expiration_date_time       = "2099-01-01T00:00:00Z"
  transaction_from_date_time = "2024-01-01T00:00:00Z"
}
`
	reads := consents + `
data "cardpay_ais_accounts" "user" {
  count       = length(local.users)
  merchant_id = 1001
  user_id     = local.users[count.index]
  depends_on  = [cardpay_ais_consent.user]
}

data "cardpay_ais_account_balance" "first" {
  count       = length(local.users)
  merchant_id = 1001
  user_id     = local.users[count.index]
  account_id  = data.cardpay_ais_accounts.user[count.index].accounts[0].account_id
}

data "cardpay_ais_account_transactions" "first" {
  count       = length(local.users)
  merchant_id = 1001
  user_id     = local.users[count.index]
  account_id  = data.cardpay_ais_accounts.user[count.index].accounts[0].account_id
  page_limit  = 5
}
`
	authorizeConsents := func() {
		for _, c := range sb.Snapshot().Consents {
			if c.Status == "pending" {
				if err := sb.AuthorizeConsent(c.RequestID); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	accTest(t,
		resource.TestStep{Config: provider + consents},
		resource.TestStep{
			PreConfig: authorizeConsents,
			Config:    provider + reads,
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.cardpay_ais_accounts.user[0]", tfjsonpath.New("accounts"), knownvalue.ListSizeExact(3)),
				statecheck.ExpectKnownValue("data.cardpay_ais_accounts.user[1]", tfjsonpath.New("accounts"), knownvalue.ListSizeExact(1)),
				statecheck.ExpectKnownValue("data.cardpay_ais_account_balance.first[1]", tfjsonpath.New("balance").AtMapKey("value"), knownvalue.StringExact("500000.00")),
				statecheck.ExpectKnownValue("data.cardpay_ais_account_transactions.first[0]", tfjsonpath.New("transactions"), knownvalue.ListSizeExact(5)),
				statecheck.ExpectKnownValue("data.cardpay_ais_account_transactions.first[1]", tfjsonpath.New("transactions"), knownvalue.ListSizeExact(5)),
				stateCheckFunc(func(*tfjson.State) error { return checkHosts(partner, data) }),
			},
		},
	)
}

// checkHosts checks that each host saw only its own API's paths, that a
// token was refused once the tokens expired and renewed, and that tokens
// were asked for per user and permission, not per read.
func checkHosts(partner, data *hostLog) error {
	partnerPaths, _, _ := partner.snapshot()
	for _, p := range partnerPaths {
		if !strings.HasPrefix(p, "/v1/partner/") {
			return fmt.Errorf("the partner host was sent %s", p)
		}
	}
	dataPaths, statuses, tokenCalls := data.snapshot()
	refused := 0
	for i, p := range dataPaths {
		if !strings.HasPrefix(p, "/v1/ais/") && p != "/v1/auth/generate-token" {
			return fmt.Errorf("the data host was sent %s", p)
		}
		if statuses[i] == http.StatusUnauthorized {
			refused++
		}
	}
	if refused == 0 {
		return fmt.Errorf("no data read was refused after the tokens expired: the test expired nothing (%v)", statuses)
	}
	// Two users, each with a consent token and three read tokens, minted at
	// most twice (before and after the expiry).
	if tokenCalls < 9 || tokenCalls > 16 {
		return fmt.Errorf("%d token requests, want one per user and permission, renewed once after the expiry", tokenCalls)
	}
	return nil
}

// With partner_auth = "oauth2" partner calls use a bearer token from the
// OAuth2 client-credentials grant, asked for once per run and again after
// the service refuses it.
func TestAccPartnerOAuth2(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	env.PartnerAuth, env.ProviderArgs = "oauth2", ""
	config := env.providerConfig(`
resource "cardpay_payment_method" "amex" {
  merchant_id = 1001
  method      = "amex"
}

resource "cardpay_store" "popup" {
  merchant_id = 1001
  name        = "Pop-up"
}
`)
	grants := func(want string, within func(int) bool) statecheck.StateCheck {
		return stateCheckFunc(func(*tfjson.State) error {
			if n := sb.RequestCounts()[sandbox.RouteOAuthToken]; !within(n) {
				return fmt.Errorf("%d OAuth2 token requests, want %s", n, want)
			}
			return nil
		})
	}
	accTest(t,
		resource.TestStep{
			Config: config,
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("cardpay_payment_method.amex", tfjsonpath.New("status"), knownvalue.StringExact("active")),
				grants("at least one, not one per request", func(n int) bool { return n >= 1 && n < 4 }),
			},
		},
		resource.TestStep{
			// Every token ends between two runs: the next refresh is
			// refused once, asks for a new token and goes on.
			PreConfig:         sb.ExpireTokens,
			Config:            config,
			ConfigStateChecks: []statecheck.StateCheck{grants("a new one after the expiry", func(n int) bool { return n >= 2 })},
		},
	)
}
