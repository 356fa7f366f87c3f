// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

// Package sandbox is an in-memory implementation of the partner API and
// the data (AIS) API that the contract api/openapi.yaml describes, with
// authentication, validation, state, an admin surface (/_sandbox/...) and
// fault injection. It does not import internal/client, so that client and
// provider tests exercise a real HTTP contract; cmd/cardpay-sandbox serves
// it, and tests start it through internal/sandbox/sandboxtest.
//
// docs/development/api-notes.md is the one description of the service's
// quirks and of every choice the sandbox makes where the published pages
// are silent (its section "The sandbox": status codes and the order of
// checks, authentication, bodies, each area's rules, fixtures, the rate
// limit, the admin surface and faults). Change it with the code.
package sandbox
