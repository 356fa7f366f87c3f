// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"errors"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// An object the service no longer has is not an error to a refresh: the
// resource forgets it, and the next plan creates it again. The service
// says so with a 404, or by leaving the object out of the list it answers
// for it (notListedError).

// notListedError says that an object is not in the list the API answers
// for it: the typed not-found of a lookup.
type notListedError struct{ what string }

func (e *notListedError) Error() string { return e.what + " is not listed" }

// notFound reports whether err says the object does not exist: the
// service's 404, or an object missing from its list.
func notFound(err error) bool {
	var notListed *notListedError
	return client.IsNotFound(err) || errors.As(err, &notListed)
}

// merchantThing names an object of a merchant in errors.
func merchantThing(kind string, key any, merchantID int64) string {
	return fmt.Sprintf("%s %q of merchant %d", kind, fmt.Sprint(key), merchantID)
}

// forget ends a read that found the object gone: the next plan creates it
// again. The framework wants an identity after every read, so the object's
// last one is kept.
func forget(ctx context.Context, resp *resource.ReadResponse, identity any) {
	resp.Diagnostics.Append(resp.Identity.Set(ctx, identity)...)
	resp.State.RemoveResource(ctx)
}

// readOrForget ends a refresh whose read failed with err: an object the
// service no longer has is forgotten (keeping its identity), and another
// error is reported under failure. It reports whether the read succeeded.
func readOrForget(ctx context.Context, resp *resource.ReadResponse, err error, failure string, identity any) bool {
	switch {
	case notFound(err):
		forget(ctx, resp, identity)
		return false
	case err != nil:
		addAPIError(&resp.Diagnostics, failure, err)
		return false
	}
	return true
}
