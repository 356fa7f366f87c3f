// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"sync"
	"testing"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
)

// A refresh of many payment methods, terminals and stores over a few
// merchants makes one list request per merchant and kind, and nothing else
// in the plan calls the API more than once per resource or data source.
func TestAccPlanRequestCounts(t *testing.T) {
	env, sb := newSandboxTestEnv(t)
	counts := mixedCounts{Terminals: 9, Orders: 2, Applications: 2, Consents: 2, Interapp: 2, PaymentMethods: 15, Stores: 6}
	config := mixedConfig(counts, "counts") + `
data "cardpay_payment_methods" "m1001" {
  merchant_id = 1001
}

data "cardpay_stores" "m1002" {
  merchant_id = 1002
}

data "cardpay_terminals" "m1003" {
  merchant_id = 1003
}
`
	w := newCLIWorkdir(t, env, config)
	w.run("apply", "-auto-approve", "-input=false", "-no-color")
	// The accounts data source needs an authorized consent.
	if err := sb.AuthorizeConsent(stateString(w.stateResources()["cardpay_ais_consent.c[0]"], "request_id")); err != nil {
		t.Fatal(err)
	}
	w.write("main.tf", cliRequiredProviders+config+`
data "cardpay_ais_accounts" "user" {
  merchant_id = 1001
  user_id     = "user-1001"
}
`)
	w.run("apply", "-auto-approve", "-input=false", "-no-color")

	mark := sandboxtest.MarkRequests(sb)
	w.run("plan", "-input=false", "-no-color", "-detailed-exitcode")
	plan := mark.Since()

	const merchants = 3
	for route, what := range map[string]string{
		sandbox.RouteListPaymentMethods: "payment methods (15 resources and a data source)",
		sandbox.RouteListTerminals:      "terminals (9 resources and a data source)",
		sandbox.RouteListStores:         "stores (6 resources and a data source)",
	} {
		if n := plan[route]; n < 1 || n > merchants {
			t.Errorf("the plan listed %s %d times over %d merchants, want 1 to %d\nall requests: %v", what, n, merchants, merchants, plan)
		}
		delete(plan, route)
	}
	for route, want := range map[string]int{
		sandbox.RouteListAccounts:     1,
		sandbox.RouteGetOrder:         counts.Orders,
		sandbox.RouteOnboardingStatus: counts.Applications,
		sandbox.RouteGetConsent:       counts.Consents,
		// One data-API token per user and permission set, however many
		// reads use it: the consents' (one user, one set) and the
		// accounts read's.
		sandbox.RouteGenerateToken: 2,
	} {
		if n := plan[route]; n != want {
			t.Errorf("the plan sent %d requests to %s, want %d (one per object)", n, route, want)
		}
		delete(plan, route)
	}
	if len(plan) != 0 {
		t.Errorf("the plan sent requests beyond the refresh reads: %v", plan)
	}
}

// Concurrent reads share one request; an activation, as the client reports
// it, makes the next read fetch again, and a read that started before the activation is not
// reused by a reader that activated.
func TestMerchantListsShareAndRefresh(t *testing.T) {
	sb := sandboxtest.Start(t)
	c := sb.Client(t)
	caches := listCaches{}
	lists := newSharedLists(caches, client.PaymentMethodList, merchantOf, fetchPaymentMethods)
	ctx := t.Context()

	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			if _, err := lists.get(ctx, c, 1001); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if n := sb.RequestCounts()[sandbox.RouteListPaymentMethods]; n != 1 {
		t.Fatalf("20 reads of one merchant sent %d list requests, want 1", n)
	}

	if err := c.ActivatePaymentMethod(ctx, 1001, "amex"); err != nil {
		t.Fatal(err)
	}
	caches.changed(client.Change{List: client.PaymentMethodList, MerchantID: 1001}) // as the client reports it
	list, err := lists.get(ctx, c, 1001)
	if err != nil {
		t.Fatal(err)
	}
	if n := sb.RequestCounts()[sandbox.RouteListPaymentMethods]; n != 2 {
		t.Errorf("a read after an activation sent %d list requests in all, want 2", n)
	}
	for _, m := range list {
		if m.Method == "amex" && m.Status != "active" {
			t.Errorf("the list after activating amex shows it %s", m.Status)
		}
	}
}

// A plan names objects from the last list read in the operation: after a
// change, recent keeps answering from it without a request, while get
// fetches the list again.
func TestMerchantListsRecentSurvivesChanges(t *testing.T) {
	sb := sandboxtest.Start(t)
	c := sb.Client(t)
	lists := newSharedLists(listCaches{}, client.StoreList, merchantOf, fetchStores)
	ctx := t.Context()

	if _, err := lists.recent(ctx, c, 1001); err != nil {
		t.Fatal(err)
	}
	lists.changed(1001)
	if _, err := lists.recent(ctx, c, 1001); err != nil {
		t.Fatal(err)
	}
	if n := sb.RequestCounts()[sandbox.RouteListStores]; n != 1 {
		t.Errorf("two recent reads around a change sent %d list requests, want 1", n)
	}
	if _, err := lists.get(ctx, c, 1001); err != nil {
		t.Fatal(err)
	}
	if n := sb.RequestCounts()[sandbox.RouteListStores]; n != 2 {
		t.Errorf("a read after the change sent %d list requests in all, want 2", n)
	}
}
