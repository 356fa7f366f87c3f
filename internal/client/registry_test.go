// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import "context"

// Decoder runs one client method of an operation; TestClientDecodesPublishedExamples
// serves it each published answer of the operation, so the call decodes
// that answer with the client's types and their checks. Arguments are
// arbitrary: the server ignores the request.
type Decoder = func(ctx context.Context, c *Client) error

// decoders maps each operationId of api/openapi.yaml to its Decoder. Each
// area adds its own with addDecoders in an init function of its test file;
// TestDecodersMatchTheContract names an operation without one.
var decoders = map[string]Decoder{}

func addDecoders(m map[string]Decoder) {
	for id, d := range m {
		if _, dup := decoders[id]; dup {
			panic("decoder of " + id + " added twice")
		}
		decoders[id] = d
	}
}

// AddDecoders and Decoders give the decoders to the tests of the external
// test package (package client_test), which tests the published examples
// and where the partner book's areas have their tests.
var AddDecoders = addDecoders

func Decoders() map[string]Decoder { return decoders }
