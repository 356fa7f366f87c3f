// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// A create whose answer was lost (*client.MaybeCreatedError) may have made
// the object all the same. Where the API can list such objects, the
// resource looks for the one the request made, so that the apply run again
// does not make a second one: recoverCreated, with a match that says what
// the request would have made (createdSince, or not listed before it).

// recoveryClockSkew is how much earlier than the request an object found
// after a create with an unknown outcome may say it was created, for the
// service's clock and ours differ.
const recoveryClockSkew = time.Minute

// createdSince reports whether an object created at createdAt (RFC 3339)
// may have been made by a request sent at sentAt.
func createdSince(createdAt string, sentAt time.Time) bool {
	created, err := time.Parse(time.RFC3339, createdAt)
	return err == nil && !created.Before(sentAt.Add(-recoveryClockSkew))
}

// recoverCreated looks for the object a create with an unknown outcome
// (createErr) may have made: exactly one of the objects list returns that
// match accepts (the same arguments, and created since the request was
// sent or not listed before it). Otherwise it returns createErr with what
// it found, naming the objects looked for and those that matched, such as
// `a credential named "ci"` and `active credentials named "ci"`.
func recoverCreated[T any](ctx context.Context, createErr error, list func(context.Context) ([]T, error), match func(*T) bool,
	lookingFor, matching string) (*T, error) {
	var maybe *client.MaybeCreatedError
	if !errors.As(createErr, &maybe) {
		return nil, createErr
	}
	found, err := listMatching(ctx, list, match)
	if err != nil {
		return nil, fmt.Errorf("%w\n\nLooking for %s failed too: %v", createErr, lookingFor, err)
	}
	if len(found) != 1 {
		return nil, fmt.Errorf("%w\n\nAfter the request, the provider found %d %s that this request may have made, "+
			"so it cannot tell which one, if any, the request made", createErr, len(found), matching)
	}
	return &found[0], nil
}

// listMatching returns the objects list returns that match accepts.
func listMatching[T any](ctx context.Context, list func(context.Context) ([]T, error), match func(*T) bool) ([]T, error) {
	all, err := list(ctx)
	if err != nil {
		return nil, err
	}
	var found []T
	for i := range all {
		if match(&all[i]) {
			found = append(found, all[i])
		}
	}
	return found, nil
}
