package provider

import (
	"context"
	"strconv"
	"sync"

	"golang.org/x/sync/singleflight"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// readCoalescing switches the sharing of payment-method list reads. It is
// "on" in every release; the benchmark builds a second provider with
//
//	-ldflags "-X github.com/cardpay/terraform-provider-cardpay/internal/provider.readCoalescing=off"
//
// to measure what the sharing saves. It is not a user setting.
var readCoalescing = "on"

// paymentMethodLists shares the payment-method list of each merchant among
// the resources and data sources that read it. The API has no way to read
// one method, so without sharing a refresh of N cardpay_payment_method
// resources over M merchants would fetch N lists instead of M.
//
// It lives in providerData, which Terraform creates anew for every
// operation (each plan, apply or import configures the provider again), so
// a list is never older than the operation that uses it.
type paymentMethodLists struct {
	flights singleflight.Group

	mu sync.Mutex
	// lists holds the answers fetched in this operation, by merchant.
	lists map[int64][]client.PaymentMethod
	// generation counts the activations of each merchant's methods. A read
	// only shares a fetch started in the same generation, so a caller that
	// has just activated a method never sees a list from before that.
	generation map[int64]uint64
}

func newPaymentMethodLists() *paymentMethodLists {
	return &paymentMethodLists{lists: map[int64][]client.PaymentMethod{}, generation: map[int64]uint64{}}
}

// get returns the merchant's list, fetching it at most once per generation.
// The returned slice is shared: callers must not modify it.
func (l *paymentMethodLists) get(ctx context.Context, c *client.Client, merchantID int64) ([]client.PaymentMethod, error) {
	if readCoalescing == "off" {
		return c.ListPaymentMethods(ctx, merchantID)
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
		list, err := c.ListPaymentMethods(ctx, merchantID)
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
		list, _ := res.Val.([]client.PaymentMethod) // the flight returns nothing else
		return list, nil
	case <-ctx.Done():
		// Waiting for someone else's fetch must not outlive our own call.
		return nil, ctx.Err()
	}
}

// keep stores a fetched list unless an activation happened meanwhile.
func (l *paymentMethodLists) keep(merchantID int64, gen uint64, list []client.PaymentMethod) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.generation[merchantID] == gen {
		l.lists[merchantID] = list
	}
}

// changed forgets the merchant's list after an activation (answered or
// not), so the next read fetches it again.
func (l *paymentMethodLists) changed(merchantID int64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.lists, merchantID)
	l.generation[merchantID]++
}
