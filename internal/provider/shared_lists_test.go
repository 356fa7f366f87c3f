// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"errors"
	"sync"
	"testing"
	"testing/synctest"

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

	if _, err := c.ActivatePaymentMethod(ctx, 1001, "amex"); err != nil {
		t.Fatal(err)
	}
	caches.changing(client.Change{List: client.PaymentMethodList, MerchantID: 1001})() // as the client reports it
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

// A plan that names an object while a write changes the list shares the
// read under way, whichever write it came before: in an apply, the re-plan
// of each of a merchant's adopted stores names its store while another
// store of the merchant is created, and all of them read the list once.
func TestRecentSharesTheReadUnderWayAcrossAChange(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		l := newCountingLists()
		l.held = make(chan struct{})
		ctx := t.Context()
		got := make(chan error, 2)
		recent := func() {
			_, err := l.recent(ctx, nil, 1)
			got <- err
		}
		go recent()
		synctest.Wait() // the first read is under way
		l.write(1)()
		go recent()
		synctest.Wait()
		close(l.held)
		for range 2 {
			if err := <-got; err != nil {
				t.Fatal(err)
			}
		}
		if n := l.fetched(1); n != 1 {
			t.Errorf("two plans naming objects around a write sent %d reads, want 1", n)
		}
	})
}

// countingLists are lists whose fetch answers, for each key, how many
// writes to it have ended so far, and count the fetches: a list that
// shows a write is one fetched after it ended.
type countingLists struct {
	*merchantLists[int]
	countMu sync.Mutex
	ended   map[int64]int
	fetches map[int64]int
	// held, when set, holds every fetch until it is closed.
	held chan struct{}
}

func newCountingLists() *countingLists {
	l := &countingLists{ended: map[int64]int{}, fetches: map[int64]int{}}
	l.merchantLists = newSharedLists(listCaches{}, client.PaymentMethodList, merchantOf,
		func(_ context.Context, _ *client.Client, key int64) ([]int, error) {
			if l.held != nil {
				<-l.held
			}
			l.countMu.Lock()
			defer l.countMu.Unlock()
			l.fetches[key]++
			return []int{l.ended[key]}, nil
		})
	return l
}

// write begins a write to key's list; the function it returns ends it.
func (l *countingLists) write(key int64) (end func()) {
	ended := l.writing(key)
	return func() {
		l.countMu.Lock()
		l.ended[key]++
		l.countMu.Unlock()
		ended()
	}
}

func (l *countingLists) fetched(key int64) int {
	l.countMu.Lock()
	defer l.countMu.Unlock()
	return l.fetches[key]
}

// readAfter starts afterWrites in a goroutine; its answer (how many writes
// the list it read shows) arrives on the channel, -1 for an error.
func (l *countingLists) readAfter(ctx context.Context, key int64) <-chan int {
	got := make(chan int, 1)
	go func() {
		list, err := l.afterWrites(ctx, nil, key)
		if err != nil {
			got <- -1
			return
		}
		got <- list[0]
	}()
	return got
}

// A read after a write waits for the writes to the same list under way,
// then one read serves every reader whose write has ended: three writes
// of merchant 1, read once, while a write to merchant 2 holds up nobody.
// synctest.Wait returns once every goroutine is blocked, so the test
// knows a reader is waiting rather than slow.
func TestAfterWritesSharesOneReadAfterTheWritesUnderWay(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		l := newCountingLists()
		ctx := t.Context()
		endA, endB, endC := l.write(1), l.write(1), l.write(1)
		endOther := l.write(2)

		endA()
		afterA := l.readAfter(ctx, 1)
		endB()
		afterB := l.readAfter(ctx, 1)
		synctest.Wait()
		if n := l.fetched(1); n != 0 {
			t.Fatalf("the list was read %d times while a write to it was under way, want 0", n)
		}
		endC()
		afterC := l.readAfter(ctx, 1)
		for name, got := range map[string]<-chan int{"A": afterA, "B": afterB, "C": afterC} {
			if n := <-got; n != 3 {
				t.Errorf("the read after write %s shows %d writes, want all 3", name, n)
			}
		}
		if n := l.fetched(1); n != 1 {
			t.Errorf("three reads after three writes sent %d reads, want 1", n)
		}
		if n := l.fetched(2); n != 0 {
			t.Errorf("merchant 2's list was read %d times, want 0", n)
		}
		endOther()
		if n := <-l.readAfter(ctx, 2); n != 1 || l.fetched(2) != 1 {
			t.Errorf("the read after merchant 2's write shows %d writes in %d reads, want 1 in 1", n, l.fetched(2))
		}
	})
}

// A reader waits only for the writes under way when it asks: a write that
// begins later does not hold it up, and gets a read of its own once it
// ends.
func TestAfterWritesWaitsForNoLaterWrite(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		l := newCountingLists()
		ctx := t.Context()
		endA, endB := l.write(1), l.write(1)
		endA()
		afterA := l.readAfter(ctx, 1)
		synctest.Wait()
		endLater := l.write(1)
		endB()
		if n := <-afterA; n != 2 {
			t.Errorf("the read after A shows %d writes, want 2 (A and B, under way when it asked)", n)
		}
		endLater()
		if n := <-l.readAfter(ctx, 1); n != 3 {
			t.Errorf("the read after the later write shows %d writes, want 3", n)
		}
		if n := l.fetched(1); n != 2 {
			t.Errorf("%d reads, want 2: one before the later write ended, one after", n)
		}
	})
}

// A write that never ends cannot hold a reader past its own context, and a
// write ended twice (a deferred end after an explicit one) counts once.
func TestAfterWritesEndsWithItsContext(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		l := newCountingLists()
		hung := l.writing(1)
		ctx, cancel := context.WithCancel(t.Context())
		got := make(chan error, 1)
		go func() {
			_, err := l.afterWrites(ctx, nil, 1)
			got <- err
		}()
		synctest.Wait()
		cancel()
		if err := <-got; !errors.Is(err, context.Canceled) {
			t.Errorf("afterWrites = %v, want the context's end", err)
		}
		if n := l.fetched(1); n != 0 {
			t.Errorf("a read that gave up sent %d reads, want 0", n)
		}

		hung()
		hung()
		lists := l.merchantLists
		lists.mu.Lock()
		generation, underWay := lists.generation[1], len(lists.underWay[1])
		lists.mu.Unlock()
		if generation != 1 || underWay != 0 {
			t.Errorf("after one write ended twice: generation %d, %d writes under way; want 1 and 0", generation, underWay)
		}
	})
}

// A claim is kept per key, and the creating lock is one per key: a
// recovery of merchant 1 (alone) does not hold up merchant 2's creates.
func TestSharedListsClaimsAndCreatingLocks(t *testing.T) {
	l := newCountingLists()
	if l.claimed(1, "term_a") {
		t.Error("term_a is claimed before anyone claimed it")
	}
	l.claim(1, "term_a")
	if !l.claimed(1, "term_a") || l.claimed(2, "term_a") {
		t.Errorf("after merchant 1 claimed term_a: claimed for 1 %v, for 2 %v; want true, false",
			l.claimed(1, "term_a"), l.claimed(2, "term_a"))
	}
	if first, again := l.creating(1), l.creating(1); first != again {
		t.Error("merchant 1 has two creating locks")
	}
	l.creating(1).Lock()
	defer l.creating(1).Unlock()
	if !l.creating(2).TryRLock() {
		t.Error("merchant 1's recovery holds up merchant 2's creates")
	}
	if l.creating(1).TryRLock() {
		t.Error("a create of merchant 1 went ahead during its recovery")
	}
}
