package provider

import (
	"context"
	"strconv"
	"sync"

	"golang.org/x/sync/singleflight"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// readCoalescing switches the sharing of list reads. It is "on" in every
// release; the benchmark builds a second provider with
//
//	-ldflags "-X github.com/cardpay/terraform-provider-cardpay/internal/provider.readCoalescing=off"
//
// to measure what the sharing saves. It is not a user setting.
var readCoalescing = "on"

// merchantLists shares one list per merchant (its payment methods, its
// terminals or its stores) among the resources and data sources that read
// it. The API has no way to read one payment method or terminal, and one
// store at a time would cost a request each, so without sharing a refresh
// of N objects over M merchants would fetch N lists instead of M.
//
// It lives in providerData, which Terraform creates anew for every
// operation (each plan, apply or import configures the provider again), so
// a list is never older than the operation that uses it.
type merchantLists[T any] struct {
	fetch   func(ctx context.Context, c *client.Client, merchantID int64) ([]T, error)
	flights singleflight.Group

	mu sync.Mutex
	// lists holds the answers fetched in this operation, by merchant.
	lists map[int64][]T
	// generation counts the changes to each merchant's list. A read only
	// shares a fetch started in the same generation, so a caller that has
	// just changed the list never sees it from before that.
	generation map[int64]uint64
}

func newMerchantLists[T any](fetch func(ctx context.Context, c *client.Client, merchantID int64) ([]T, error)) *merchantLists[T] {
	return &merchantLists[T]{fetch: fetch, lists: map[int64][]T{}, generation: map[int64]uint64{}}
}

// get returns the merchant's list, fetching it at most once per generation.
// The returned slice is shared: callers must not modify it.
func (l *merchantLists[T]) get(ctx context.Context, c *client.Client, merchantID int64) ([]T, error) {
	if readCoalescing == "off" {
		return l.fetch(ctx, c, merchantID)
	}
	l.mu.Lock()
	list, ok := l.lists[merchantID]
	gen := l.generation[merchantID]
	l.mu.Unlock()
	if ok {
		return list, nil
	}

	key := strconv.FormatInt(merchantID, 10) + "/" + strconv.FormatUint(gen, 10)
	flight := l.flights.DoChan(key, func() (any, error) {
		list, err := l.fetch(ctx, c, merchantID)
		if err == nil {
			l.keep(merchantID, gen, list)
		}
		return list, err
	})
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

// keep stores a fetched list unless a change happened meanwhile.
func (l *merchantLists[T]) keep(merchantID int64, gen uint64, list []T) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.generation[merchantID] == gen {
		l.lists[merchantID] = list
	}
}

// changed forgets the merchant's list after a change made through the API
// (answered or not), so the next read fetches it again.
func (l *merchantLists[T]) changed(merchantID int64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.lists, merchantID)
	l.generation[merchantID]++
}

// The lists shared per operation, one constructor each.

func newPaymentMethodLists() *merchantLists[client.PaymentMethod] {
	return newMerchantLists(func(ctx context.Context, c *client.Client, merchantID int64) ([]client.PaymentMethod, error) {
		return c.ListPaymentMethods(ctx, merchantID)
	})
}

func newTerminalLists() *merchantLists[client.Terminal] {
	return newMerchantLists(func(ctx context.Context, c *client.Client, merchantID int64) ([]client.Terminal, error) {
		return c.ListTerminals(ctx, merchantID, "")
	})
}

func newStoreLists() *merchantLists[client.Store] {
	return newMerchantLists(func(ctx context.Context, c *client.Client, merchantID int64) ([]client.Store, error) {
		return c.ListStores(ctx, merchantID)
	})
}
