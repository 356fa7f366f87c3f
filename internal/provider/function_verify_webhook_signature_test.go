// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
)

// The right signature in either scheme is accepted (in either case); any
// other, and one made for the other scheme, is not.
func TestFunctionVerifyWebhookSignature(t *testing.T) {
	cases := []struct {
		name, secret, body, signature string
		timestamp                     []string
		want                          bool
	}{
		{"body scheme", "whsec_test", webhookTestBody, webhookTestSignature, nil, true},
		{"upper-case hex", "whsec_test", webhookTestBody, strings.ToUpper(webhookTestSignature), nil, true},
		{"timestamped scheme", "whsec_test", webhookTestBody, webhookTestTimestampedSig, []string{webhookTestTimestamp}, true},
		{"another secret", "whsec_other", webhookTestBody, webhookTestSignature, nil, false},
		{"another body", "whsec_test", `{"event": "payment.completed"}`, webhookTestSignature, nil, false},
		{"another timestamp", "whsec_test", webhookTestBody, webhookTestTimestampedSig, []string{"1768746901"}, false},
		{"the body's signature with a timestamp", "whsec_test", webhookTestBody, webhookTestSignature, []string{webhookTestTimestamp}, false},
		{"not hex", "whsec_test", webhookTestBody, "sha256=" + webhookTestSignature, nil, false},
		{"empty", "whsec_test", webhookTestBody, "", nil, false},
	}
	for _, tc := range cases {
		args := []attr.Value{types.StringValue(tc.secret), types.StringValue(tc.body), types.StringValue(tc.signature)}
		got, err := callFunction(t, newVerifyWebhookSignatureFunction(), args, tc.timestamp...)
		if err != nil || !got.Equal(types.BoolValue(tc.want)) {
			t.Errorf("%s: %v, %v; want %v", tc.name, got, err, tc.want)
		}
	}
}

// An empty secret is an error, not false: it is a mistake in the test,
// not a forged delivery.
func TestFunctionVerifyWebhookSignatureRefuses(t *testing.T) {
	args := []attr.Value{types.StringValue(" "), types.StringValue(webhookTestBody), types.StringValue(webhookTestSignature)}
	_, err := callFunction(t, newVerifyWebhookSignatureFunction(), args)
	expectArgumentError(t, err, 0, "the secret is empty")
	args[0] = types.StringValue("whsec_test")
	_, err = callFunction(t, newVerifyWebhookSignatureFunction(), args, webhookTestTimestamp, webhookTestTimestamp)
	expectArgumentError(t, err, 4, "takes at most one timestamp")
}

// Through the CLI: a signature made by webhook_signature verifies, a
// tampered body does not.
func TestAccFunctionVerifyWebhookSignature(t *testing.T) {
	functionTest(t, resourceTestStep(`
locals {
  secret    = "whsec_test"
  body      = jsonencode({ event = "payment.completed" })
  signature = provider::cardpay::webhook_signature(local.secret, local.body, "1768746900")
}

output "genuine" {
  value = provider::cardpay::verify_webhook_signature(local.secret, local.body, local.signature, "1768746900")
}

output "tampered" {
  value = provider::cardpay::verify_webhook_signature(local.secret, replace(local.body, "completed", "failed"), local.signature, "1768746900")
}

output "known_signature" {
  value = provider::cardpay::verify_webhook_signature("whsec_test", "{\"event\":\"payment.completed\"}", "e666a7ebf15be991b3cf7d19f5c128fca0ba16722c19123c969156f6b8bf51b8")
}
`, statecheck.ExpectKnownOutputValue("genuine", knownvalue.Bool(true)),
		statecheck.ExpectKnownOutputValue("tampered", knownvalue.Bool(false)),
		statecheck.ExpectKnownOutputValue("known_signature", knownvalue.Bool(true)),
	), expectErrorStep(`
output "two_timestamps" {
  value = provider::cardpay::verify_webhook_signature("whsec_test", "{}", "00", "1", "2")
}
`, `Invalid value for "timestamp" parameter: takes at most one timestamp`))
}
