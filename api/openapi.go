// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

// Package api holds the contract of the service: openapi.yaml, an OpenAPI
// 3.1 description of every endpoint the client calls, every published
// variant of their answers, the published examples and the webhook
// deliveries. It is embedded so tests in any package can load it.
package api

import (
	"bytes"
	_ "embed"
)

//go:embed openapi.yaml
var openAPI []byte

// OpenAPI returns the bytes of openapi.yaml. Each call returns a fresh
// copy, so no caller can change what another one reads.
func OpenAPI() []byte { return bytes.Clone(openAPI) }
