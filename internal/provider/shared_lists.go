// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"strconv"
	"sync"

	"golang.org/x/sync/singleflight"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// sharedLists shares one list per key (a merchant's payment methods,
// terminals or stores, or the partner's webhooks or merchants) among the
// resources and data sources that read it. The API has no way to read one
// payment method, terminal or webhook, and one store at a time would cost
// a request each, so without sharing a refresh of N objects over M
// merchants would fetch N lists instead of M; and every new merchant's plan
// looks for its partner reference among the partner's merchants.
//
// In an apply, a read that must show writes (afterWrites) waits for the
// writes to that list under way, so that one read serves every write of a
// merchant in flight rather than one read each.
//
// It lives in providerData, which Terraform creates anew for every
// operation (each plan, apply or import configures the provider again), so
// a list is never older than the operation that uses it.
type sharedLists[K comparable, T any] struct {
	fetch func(ctx context.Context, c *client.Client, key K) ([]T, error)
	// share is shareListReads when the lists were made.
	share   bool
	flights singleflight.Group

	mu sync.Mutex
	// lists holds the answers fetched in this operation, by key.
	lists map[K][]T
	// generation counts the changes to each key's list. A read only
	// shares a fetch started in the same generation, so a caller that has
	// just changed the list never sees it from before that.
	generation map[K]uint64
	// seen holds the last list fetched for each key in this operation,
	// kept across changes: enough to name an object, never to record one.
	seen map[K][]T
	// underWay holds, for each key, a channel per write to its list that
	// has begun and not ended; the write's end closes it (afterWrites).
	underWay map[K]map[chan struct{}]struct{}
	// claims holds, for each key, the IDs of the objects of its list that
	// creates of this operation recorded (claim).
	claims map[K]map[string]bool
	// createLocks holds, for each key, the lock its creates share and a
	// recovery takes alone (creating).
	createLocks map[K]*sync.RWMutex
}

// shareListReads is true in every build of the provider: only the bench's
// test hook (bench_hook_test.go) sets it false, to measure what sharing
// list reads saves.
var shareListReads = true

// newSharedLists returns the lists of the client's list kind, registered in
// caches so that a change the client reports reaches them; key says which
// of the lists a change is about (merchantOf, partnerOf), and fetch reads
// one. providerData makes one per list kind, each in a field of its own.
func newSharedLists[K comparable, T any](caches listCaches, kind client.ListKind, key func(client.Change) K,
	fetch func(ctx context.Context, c *client.Client, key K) ([]T, error),
) *sharedLists[K, T] {
	l := &sharedLists[K, T]{
		fetch: fetch, share: shareListReads,
		lists: map[K][]T{}, generation: map[K]uint64{}, seen: map[K][]T{},
		underWay: map[K]map[chan struct{}]struct{}{}, claims: map[K]map[string]bool{}, createLocks: map[K]*sync.RWMutex{},
	}
	caches[kind] = func(ch client.Change) func() { return l.writing(key(ch)) }
	return l
}

// listCaches are the shared lists of an operation by the client's name for
// each, as changes that the client reports (client.Config.OnChange) name
// them.
type listCaches map[client.ListKind]func(client.Change) (ended func())

// changing hears of a call that may change a list as it begins, and
// returns what drops the shared copy of the list once the call has ended:
// the client reports every such call, so no write path can forget it.
func (c listCaches) changing(ch client.Change) (ended func()) {
	if writing, ok := c[ch.List]; ok {
		return writing(ch)
	}
	return nil
}

// get returns key's list, fetching it at most once per generation. The
// returned slice is shared: callers must not modify it.
func (l *sharedLists[K, T]) get(ctx context.Context, c *client.Client, key K) ([]T, error) {
	if !l.share {
		return l.fetch(ctx, c, key)
	}
	l.mu.Lock()
	list, ok := l.lists[key]
	gen := l.generation[key]
	l.mu.Unlock()
	if ok {
		return list, nil
	}

	flightKey := fmt.Sprint(key) + "/" + strconv.FormatUint(gen, 10)
	return l.shareFlight(ctx, flightKey, func() ([]T, error) {
		// A flight that ended between our look at the cache and this
		// one has already kept the list.
		if list, ok := l.kept(key, gen); ok {
			return list, nil
		}
		list, err := l.fetch(ctx, c, key)
		if err == nil {
			l.keep(key, gen, list)
		}
		return list, err
	})
}

// recent returns the last list of key fetched in this operation, even one
// that has changed since, or fetches it. Plans use it to name an object:
// the re-plan Terraform makes before each apply then reads a merchant's
// list at most once, however many writes to it come between. A read by
// recent under way is shared whatever write ends meanwhile: otherwise a
// plan that began after a write (of a store created beside the ones the
// plans adopt) would read the list again.
func (l *sharedLists[K, T]) recent(ctx context.Context, c *client.Client, key K) ([]T, error) {
	l.mu.Lock()
	list, ok := l.seen[key]
	l.mu.Unlock()
	if ok {
		return list, nil
	}
	if !l.share {
		return l.fetch(ctx, c, key)
	}
	return l.shareFlight(ctx, fmt.Sprint(key)+"/recent", func() ([]T, error) { return l.get(ctx, c, key) })
}

// shareFlight runs fetch in the flight named flightKey, or waits for the
// one under way, until ctx ends.
func (l *sharedLists[K, T]) shareFlight(ctx context.Context, flightKey string, fetch func() ([]T, error)) ([]T, error) {
	flight := l.flights.DoChan(flightKey, func() (any, error) { return fetch() })
	select {
	case res := <-flight:
		if res.Err != nil {
			return nil, res.Err
		}
		list, _ := res.Val.([]T) // the flight returns nothing else
		return list, nil
	case <-ctx.Done():
		// Waiting for someone else's fetch must not outlive our own call.
		return nil, ctx.Err()
	}
}

// kept returns key's list when one of generation gen is kept.
func (l *sharedLists[K, T]) kept(key K, gen uint64) ([]T, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	list, ok := l.lists[key]
	return list, ok && l.generation[key] == gen
}

// keep stores a fetched list unless a change happened meanwhile.
func (l *sharedLists[K, T]) keep(key K, gen uint64, list []T) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.seen[key] = list
	if l.generation[key] == gen {
		l.lists[key] = list
	}
}

// changed forgets key's list after a change made through the API
// (answered or not), so the next read fetches it again.
func (l *sharedLists[K, T]) changed(key K) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.forget(key)
}

// forget drops key's list; l.mu is held.
func (l *sharedLists[K, T]) forget(key K) {
	delete(l.lists, key)
	l.generation[key]++
}

// writing records a write to key's list that has begun, until the function
// it returns ends it (once, however often it is called): that forgets the
// list, then lets go the reads waiting for the write (afterWrites).
func (l *sharedLists[K, T]) writing(key K) (ended func()) {
	done := make(chan struct{})
	l.mu.Lock()
	if l.underWay[key] == nil {
		l.underWay[key] = map[chan struct{}]struct{}{}
	}
	l.underWay[key][done] = struct{}{}
	l.mu.Unlock()
	return sync.OnceFunc(func() {
		l.mu.Lock()
		l.forget(key)
		delete(l.underWay[key], done)
		if len(l.underWay[key]) == 0 {
			delete(l.underWay, key)
		}
		l.mu.Unlock()
		close(done)
	})
}

// afterWrites returns key's list as read after every write to it that is
// under way when it is called has ended, answered or not. The callers
// whose writes have ended by then share one read: after a write, a list
// that must show it is read once for all the writes of that key in flight,
// not once per write. It waits for no write that begins later, so it ends
// once the writes it found end (each ends when its call returns) or ctx
// does.
func (l *sharedLists[K, T]) afterWrites(ctx context.Context, c *client.Client, key K) ([]T, error) {
	l.mu.Lock()
	pending := make([]chan struct{}, 0, len(l.underWay[key]))
	for done := range l.underWay[key] {
		pending = append(pending, done)
	}
	l.mu.Unlock()
	for _, done := range pending {
		select {
		case <-done:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	return l.get(ctx, c, key)
}

// claim records that a create of this operation recorded the object id of
// key's list: answered to it, or found after its answer was lost.
func (l *sharedLists[K, T]) claim(key K, id string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.claims[key] == nil {
		l.claims[key] = map[string]bool{}
	}
	l.claims[key][id] = true
}

// claimed reports whether a create of this operation claimed id.
func (l *sharedLists[K, T]) claimed(key K, id string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.claims[key][id]
}

// creating is key's lock for creates that claim what they record. A create
// holds it shared from its request until it has claimed what the answer
// names; a create whose answer was lost holds it alone while it reads the
// list and claims what it finds there. So the list it reads shows no
// object of a create still under way, and every object answered to
// another create is claimed: it never records another create's object.
func (l *sharedLists[K, T]) creating(key K) *sync.RWMutex {
	l.mu.Lock()
	defer l.mu.Unlock()
	lock := l.createLocks[key]
	if lock == nil {
		lock = &sync.RWMutex{}
		l.createLocks[key] = lock
	}
	return lock
}

// find returns a copy of the entry of key's list that match accepts, or a
// *notListedError naming what (such as `store "1001-main" of merchant 1001`).
func (l *sharedLists[K, T]) find(ctx context.Context, c *client.Client, key K, what string, match func(*T) bool) (*T, error) {
	list, err := l.get(ctx, c, key)
	if err != nil {
		return nil, err
	}
	return findEntry(list, what, match)
}

// findAfterWrites is find in the list read after the writes to it under
// way have ended (afterWrites).
func (l *sharedLists[K, T]) findAfterWrites(ctx context.Context, c *client.Client, key K, what string, match func(*T) bool) (*T, error) {
	list, err := l.afterWrites(ctx, c, key)
	if err != nil {
		return nil, err
	}
	return findEntry(list, what, match)
}

// findEntry returns a copy of the entry of list that match accepts, or a
// *notListedError naming what.
func findEntry[T any](list []T, what string, match func(*T) bool) (*T, error) {
	for i := range list {
		if match(&list[i]) {
			entry := list[i]
			return &entry, nil
		}
	}
	return nil, &notListedError{what: what}
}

// merchantLists are keyed by merchant ID.
type merchantLists[T any] = sharedLists[int64, T]

// partnerWide is the key of a list the partner has one of: its webhooks,
// its merchants.
type partnerWide struct{}

// The keys of the changes the client reports.
func merchantOf(ch client.Change) int64   { return ch.MerchantID }
func partnerOf(client.Change) partnerWide { return partnerWide{} }

// The reads of the shared lists, by their key (the list resources make
// the merchants' reads too).

func fetchWebhooks(ctx context.Context, c *client.Client, _ partnerWide) ([]client.Webhook, error) {
	return c.ListWebhooks(ctx)
}

func fetchMerchants(ctx context.Context, c *client.Client, _ partnerWide) ([]client.Merchant, error) {
	return c.ListMerchants(ctx)
}

func fetchPaymentMethods(ctx context.Context, c *client.Client, merchantID int64) ([]client.PaymentMethod, error) {
	return c.ListPaymentMethods(ctx, merchantID)
}

// fetchTerminals reads terminals of every type: online ones of several
// modes, and tap-to-pay devices.
func fetchTerminals(ctx context.Context, c *client.Client, merchantID int64) ([]client.Terminal, error) {
	return c.ListTerminals(ctx, merchantID, "")
}

func fetchStores(ctx context.Context, c *client.Client, merchantID int64) ([]client.Store, error) {
	return c.ListStores(ctx, merchantID)
}
