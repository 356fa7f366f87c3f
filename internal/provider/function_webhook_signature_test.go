// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
)

// webhookTestBody is a delivery body; its signatures with the secret
// whsec_test were worked out with openssl (internal/webhooksig's tests).
const (
	webhookTestBody           = `{"event":"payment.completed"}`
	webhookTestSignature      = "e666a7ebf15be991b3cf7d19f5c128fca0ba16722c19123c969156f6b8bf51b8"
	webhookTestTimestamp      = "1768746900"
	webhookTestTimestampedSig = "e8fa4fa6098af3428f66090f03c6342bdb22b886263c56a21a0544f44840b385"
)

// Both schemes: the body alone without a timestamp, "<timestamp>.<body>"
// with one.
func TestFunctionWebhookSignature(t *testing.T) {
	args := []attr.Value{types.StringValue("whsec_test"), types.StringValue(webhookTestBody)}
	if got, err := callFunction(t, newWebhookSignatureFunction(), args); err != nil || !got.Equal(types.StringValue(webhookTestSignature)) {
		t.Errorf("without timestamp: %v, %v; want %s", got, err, webhookTestSignature)
	}
	got, err := callFunction(t, newWebhookSignatureFunction(), args, webhookTestTimestamp)
	if err != nil || !got.Equal(types.StringValue(webhookTestTimestampedSig)) {
		t.Errorf("with timestamp: %v, %v; want %s", got, err, webhookTestTimestampedSig)
	}
}

// An empty secret, an empty timestamp and a second timestamp are refused
// on their argument.
func TestFunctionWebhookSignatureRefuses(t *testing.T) {
	body := types.StringValue(webhookTestBody)
	_, err := callFunction(t, newWebhookSignatureFunction(), []attr.Value{types.StringValue(""), body})
	expectArgumentError(t, err, 0, "the secret is empty: pass the endpoint's signing secret")
	_, err = callFunction(t, newWebhookSignatureFunction(), []attr.Value{types.StringValue("whsec_test"), body}, "")
	expectArgumentError(t, err, 2, "the timestamp is empty")
	_, err = callFunction(t, newWebhookSignatureFunction(), []attr.Value{types.StringValue("whsec_test"), body}, "1", "2")
	expectArgumentError(t, err, 3, "takes at most one timestamp")
}

// Through the CLI, with a secret from a sensitive variable as a receiver's
// test would have it: the signature of a body built with jsonencode, in
// both schemes.
func TestAccFunctionWebhookSignature(t *testing.T) {
	functionTest(t, resourceTestStep(`
variable "secret" {
  type      = string
  default   = "whsec_test"
  sensitive = true
}

locals {
  body = jsonencode({ event = "payment.completed" })
}

output "signature" {
  value     = provider::cardpay::webhook_signature(var.secret, local.body)
  sensitive = true
}

output "timestamped" {
  value     = provider::cardpay::webhook_signature(var.secret, local.body, "1768746900")
  sensitive = true
}
`, statecheck.ExpectKnownOutputValue("signature", knownvalue.StringExact(webhookTestSignature)),
		statecheck.ExpectKnownOutputValue("timestamped", knownvalue.StringExact(webhookTestTimestampedSig)),
	), expectErrorStep(`
output "no_secret" {
  value = provider::cardpay::webhook_signature("", "{}")
}
`, `Invalid value for "secret" parameter: the secret is empty`))
}
