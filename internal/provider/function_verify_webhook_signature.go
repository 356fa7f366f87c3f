// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/function"

	"github.com/cardpay/terraform-provider-cardpay/internal/webhooksig"
)

var _ function.Function = verifyWebhookSignatureFunction{}

// verifyWebhookSignatureFunction checks a webhook signature as a receiver
// does.
type verifyWebhookSignatureFunction struct{ functionBase }

func newVerifyWebhookSignatureFunction() function.Function {
	return verifyWebhookSignatureFunction{functionBase{name: "verify_webhook_signature"}}
}

func (verifyWebhookSignatureFunction) Definition(_ context.Context, _ function.DefinitionRequest, resp *function.DefinitionResponse) {
	params := webhookSignatureParameters()
	params = append(params, function.StringParameter{
		Name: "signature",
		MarkdownDescription: "The signature to check, in hex: the `" + webhooksig.HeaderSignature + "` header's value, " +
			"or the `" + webhooksig.HeaderTimestampedSignature + "` header's with the timestamp argument.",
	})
	resp.Definition = function.Definition{
		Summary: "Checks the signature of a webhook delivery",
		MarkdownDescription: "Returns `true` when the signature is the one the service puts on a delivery of this " +
			"body made with this secret, and `false` otherwise (also for a signature that is not hex). " +
			webhookSchemes + " The comparison takes constant time. A receiver must also refuse an `" +
			webhooksig.HeaderTimestamp + "` more than five minutes from its clock; a function has no clock, so " +
			"that check is not made here.",
		Parameters:        params,
		VariadicParameter: webhookTimestampParameter(),
		Return:            function.BoolReturn{},
	}
}

func (verifyWebhookSignatureFunction) Run(ctx context.Context, req function.RunRequest, resp *function.RunResponse) {
	var secret, body, signature string
	var timestamps []string
	resp.Error = req.Arguments.Get(ctx, &secret, &body, &signature, &timestamps)
	if resp.Error != nil {
		return
	}
	timestamp, funcErr := webhookArguments(secret, timestamps, 3)
	if funcErr != nil {
		resp.Error = funcErr
		return
	}
	resp.Error = resp.Result.Set(ctx, webhooksig.Valid(secret, webhooksig.Message(timestamp, []byte(body)), signature))
}
