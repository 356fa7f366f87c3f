// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"strings"

	"github.com/hashicorp/terraform-plugin-log/tflog"
)

// secrets are the values that must never appear in logs or errors: the
// configured ones and every token the client was given. The partner
// client ID is an identifier, not a secret.
func (c *Client) secrets() []string {
	var s []string
	for _, v := range []string{c.partnerKey, c.accessToken} {
		if v != "" { // masking "" would mangle every string
			s = append(s, v)
		}
	}
	s = append(s, c.partnerTokens.values()...)
	return append(s, c.dataTokens.values()...)
}

func (c *Client) maskSecrets(ctx context.Context) context.Context {
	secrets := c.secrets()
	if len(secrets) == 0 {
		return ctx
	}
	ctx = tflog.MaskAllFieldValuesStrings(ctx, secrets...)
	return tflog.MaskMessageStrings(ctx, secrets...)
}

func (c *Client) redact(s string) string {
	for _, secret := range c.secrets() {
		s = strings.ReplaceAll(s, secret, "***")
	}
	return s
}

// redactErr masks the secrets in err's text and bounds it: transport errors
// can quote what a broken server sent ("malformed HTTP response …"), which
// may echo the request headers. err stays reachable for errors.Is and As.
func (c *Client) redactErr(err error) error {
	text := err.Error()
	if safe := excerpt(text, maxMessageRunes, c.redact); safe != text {
		return &redactedError{text: safe, err: err}
	}
	return err
}

type redactedError struct {
	text string
	err  error
}

func (e *redactedError) Error() string { return e.text }
func (e *redactedError) Unwrap() error { return e.err }
