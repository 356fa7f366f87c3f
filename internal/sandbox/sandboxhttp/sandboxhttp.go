// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

// Package sandboxhttp names what the sandbox adds to the API's HTTP
// surface, for the packages that must tell it from the contract without
// importing the sandbox (internal/contract): the admin surface's paths and
// the header that marks an injected fault's answer.
package sandboxhttp

// AdminPathPrefix starts every path of the admin surface, which is not part
// of the API.
const AdminPathPrefix = "/_sandbox/"

// FaultHeader marks every answer an injected fault produced, with the kind
// of fault as its value (one of the FaultKind constants), so contract
// checks can tell a deliberately broken answer from a real mismatch.
const FaultHeader = "X-Sandbox-Fault"

// Kinds of faulty answer, the values of FaultHeader.
const (
	// FaultKindStatus: the handler did not run; Status answers instead.
	FaultKindStatus = "status"
	// FaultKindAfterApply: the handler ran and its answer was replaced.
	FaultKindAfterApply = "after-apply"
	// FaultKindEchoHeaders: as FaultKindStatus or FaultKindAfterApply, with
	// the request headers in the message.
	FaultKindEchoHeaders = "echo-headers"
)
