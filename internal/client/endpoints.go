// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"fmt"
	"net/http"
	"strings"
)

// Endpoints: how each method's request is built. Its builder says the
// retry class (partnerRead, partnerRepeatable, partnerCreate with the
// advice for a create of unknown outcome, aisRead, aisRepeatable); a
// write that may change a list the API answers whole says so with
// endpoint.changing. Each area's file (stores.go, webhooks.go, ...) holds
// its request and answer types and one method per endpoint.

// merchantPath is a path under one merchant of the partner API.
func merchantPath(merchantID int64, rest string) string {
	return fmt.Sprintf("/v1/partner/merchants/%d%s", merchantID, rest)
}

// requireSegment rejects an empty path parameter: it would silently change
// the route instead of naming a resource.
func requireSegment(op, name, value string) error {
	if strings.TrimSpace(value) == "" {
		return fmt.Errorf("%s: %s must not be empty", op, name)
	}
	return nil
}

// partnerCreate is a POST under /v1/partner/ that makes something: it is
// never retried after an ambiguous failure, and advice tells the user what
// may exist then and what to check.
func partnerCreate(op, path, advice string) endpoint {
	return endpoint{op: op, method: http.MethodPost, path: path, auth: PartnerAPI, maybeCreated: advice}
}

// partnerRepeatable is a call under /v1/partner/ that leaves the same
// result when sent again, so it may be retried.
func partnerRepeatable(op, method, path string) endpoint {
	return endpoint{op: op, method: method, path: path, auth: PartnerAPI, repeatable: true}
}

// partnerRead is a GET under /v1/partner/: it changes nothing, so it is
// repeatable.
func partnerRead(op, path string) endpoint {
	return partnerRepeatable(op, http.MethodGet, path)
}

// aisRepeatable is a call of the data API about scope's user that may be
// retried.
func aisRepeatable(op, method, path string, scope DataScope) endpoint {
	return endpoint{op: op, method: method, path: path, auth: DataAPI, scope: &scope, repeatable: true}
}

// aisRead is a read of the data API sent as POST, with a token of the one
// permission it needs.
func aisRead(op, path string, merchantID int64, userID, permission string) endpoint {
	return aisRepeatable(op, http.MethodPost, path, DataScope{MerchantID: merchantID, UserID: userID, Permissions: []string{permission}})
}
