// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// Every operation has one shape: it starts with begin, which decodes its
// input and hands out the client (nothing reaches a client otherwise), and
// a resource operation ends with save, which writes the state and the
// identity together, or with forget.

// decodable is a configuration, plan or state.
type decodable interface {
	Get(ctx context.Context, target any) diag.Diagnostics
}

// begin decodes from (nil when the operation has no input to decode) into
// a new M and returns it with the client of area. ok is false once diags
// says why there is nothing to call: bad input, or a provider that lacks
// what the area needs.
func begin[M any](ctx context.Context, d *providerData, area client.Area, from decodable, diags *diag.Diagnostics) (m M, c *client.Client, ok bool) {
	if from != nil {
		diags.Append(from.Get(ctx, &m)...)
	}
	c, clientDiags := d.clientFor(area)
	diags.Append(clientDiags...)
	return m, c, !diags.HasError()
}

// beginUpdate is begin for an update of a partner-area resource, which
// also needs the prior state to compare the plan with.
func beginUpdate[M any](ctx context.Context, d *providerData, req resource.UpdateRequest, diags *diag.Diagnostics) (state, plan M, c *client.Client, ok bool) {
	diags.Append(req.State.Get(ctx, &state)...)
	plan, c, ok = begin[M](ctx, d, client.AreaPartner, req.Plan, diags)
	return state, plan, c, ok
}

// save ends an operation that leaves the object in state: its model, and
// the identity taken from it.
func save(ctx context.Context, state *tfsdk.State, identity *tfsdk.ResourceIdentity, model any, diags *diag.Diagnostics) {
	diags.Append(state.Set(ctx, model)...)
	if !diags.HasError() {
		diags.Append(identityFrom(ctx, *state, identity)...)
	}
}

// forget ends a read that found the object gone. The framework wants an
// identity after every read, so the last one is kept.
func forget(ctx context.Context, prior tfsdk.State, resp *resource.ReadResponse) {
	resp.Diagnostics.Append(identityFrom(ctx, prior, resp.Identity)...)
	resp.State.RemoveResource(ctx)
}

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

// find returns a copy of the entry of key's list that match accepts, or a
// *notListedError naming what (such as `store "1001-main" of merchant 1001`).
func (l *sharedLists[K, T]) find(ctx context.Context, c *client.Client, key K, what string, match func(*T) bool) (*T, error) {
	list, err := l.get(ctx, c, key)
	if err != nil {
		return nil, err
	}
	for i := range list {
		if match(&list[i]) {
			entry := list[i]
			return &entry, nil
		}
	}
	return nil, &notListedError{what: what}
}

// merchantThing names an object of a merchant in errors.
func merchantThing(kind string, key any, merchantID int64) string {
	return fmt.Sprintf("%s %q of merchant %d", kind, fmt.Sprint(key), merchantID)
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

// entriesFromAPI maps a list the API answered to a data source's entries
// with the entry model's fromAPI; never nil, so an empty list stays a list.
func entriesFromAPI[T, E any](list []T, fromAPI func(*E, *T)) []E {
	entries := make([]E, len(list))
	for i := range list {
		fromAPI(&entries[i], &list[i])
	}
	return entries
}

// stringSet is a set of strings the service sent.
func stringSet(values []string) types.Set {
	elems := make([]attr.Value, len(values))
	for i, v := range values {
		elems[i] = types.StringValue(v)
	}
	return types.SetValueMust(types.StringType, elems)
}

// sortedStrings are the strings of a set, sorted so that a request does not
// depend on set order.
func sortedStrings(ctx context.Context, set types.Set) ([]string, diag.Diagnostics) {
	var values []string
	diags := set.ElementsAs(ctx, &values, false)
	slices.Sort(values)
	return values, diags
}

// stringOrNull maps a response field to a Terraform value. The client cannot
// tell a field the service left out from an empty one, and optional outputs
// must be null rather than "", so both become null.
func stringOrNull(s string) types.String {
	if s == "" {
		return types.StringNull()
	}
	return types.StringValue(s)
}

// stringPointerOrNull is stringOrNull for optional response fields.
func stringPointerOrNull(s *string) types.String {
	if s == nil {
		return types.StringNull()
	}
	return stringOrNull(*s)
}

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

// readOrForget ends a refresh whose read failed: an object the service no
// longer has is forgotten, so the next plan creates it again, and another
// error is reported under failure. It reports whether the read succeeded.
func readOrForget(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse, err error, failure string) bool {
	switch {
	case notFound(err):
		forget(ctx, req.State, resp)
		return false
	case err != nil:
		addAPIError(&resp.Diagnostics, failure, err)
		return false
	}
	return true
}
