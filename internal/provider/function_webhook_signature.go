// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/function"

	"github.com/cardpay/terraform-provider-cardpay/internal/webhooksig"
)

var _ function.Function = webhookSignatureFunction{}

// webhookSignatureFunction signs a webhook body as the service does, for
// tests of a receiver.
type webhookSignatureFunction struct{ functionBase }

func newWebhookSignatureFunction() function.Function {
	return webhookSignatureFunction{functionBase{name: "webhook_signature"}}
}

// webhookSchemes says in the functions' descriptions which signature a
// call makes or checks.
const webhookSchemes = "Without a timestamp, this is the `" + webhooksig.HeaderSignature + "` scheme: the lowercase hex " +
	"of HMAC-SHA256 of the body, keyed with the endpoint's secret. With a timestamp, it is the `" +
	webhooksig.HeaderTimestampedSignature + "` scheme: the same over `\"<timestamp>.<body>\"`, where the timestamp is " +
	"the `" + webhooksig.HeaderTimestamp + "` header exactly as sent (the cardpay-sandbox sends Unix seconds). The " +
	"service's pages publish both, so each delivery carries both; see the webhooks guide."

func (webhookSignatureFunction) Definition(_ context.Context, _ function.DefinitionRequest, resp *function.DefinitionResponse) {
	resp.Definition = function.Definition{
		Summary: "Signs a webhook body as the service signs its deliveries",
		MarkdownDescription: "Returns the signature the service puts on a webhook delivery of this body, so a " +
			"receiver's tests can send it signed deliveries. " + webhookSchemes + " The result is sensitive when " +
			"the secret is (the `cardpay_webhook` resource's `secret` is).",
		Parameters:        webhookSignatureParameters(),
		VariadicParameter: webhookTimestampParameter(),
		Return:            function.StringReturn{},
	}
}

func (webhookSignatureFunction) Run(ctx context.Context, req function.RunRequest, resp *function.RunResponse) {
	var secret, body string
	var timestamps []string
	resp.Error = req.Arguments.Get(ctx, &secret, &body, &timestamps)
	if resp.Error != nil {
		return
	}
	timestamp, funcErr := webhookArguments(secret, timestamps, 2)
	if funcErr != nil {
		resp.Error = funcErr
		return
	}
	resp.Error = resp.Result.Set(ctx, webhooksig.Sign(secret, webhooksig.Message(timestamp, []byte(body))))
}

// webhookSignatureParameters are the secret and body both webhook
// functions take first.
func webhookSignatureParameters() []function.Parameter {
	return []function.Parameter{
		function.StringParameter{
			Name: "secret",
			MarkdownDescription: "The endpoint's signing secret (`whsec_…`), as the `cardpay_webhook` resource's " +
				"`secret` holds it.",
		},
		function.StringParameter{
			Name:                "body",
			MarkdownDescription: "The delivery's body, byte for byte as sent: the signature covers the raw text, not its JSON value.",
		},
	}
}

// webhookTimestampParameter is the optional timestamp last argument.
func webhookTimestampParameter() function.StringParameter {
	return function.StringParameter{
		Name: "timestamp",
		MarkdownDescription: "Optional, at most one: the `" + webhooksig.HeaderTimestamp + "` header's value, such as " +
			"`\"1768746900\"`, for the `" + webhooksig.HeaderTimestampedSignature + "` scheme. Leave it out for the `" +
			webhooksig.HeaderSignature + "` scheme.",
	}
}

// webhookArguments checks the secret and the optional timestamp, the
// variadic argument at position first; it returns the timestamp, "" when
// none is given.
func webhookArguments(secret string, timestamps []string, first int64) (string, *function.FuncError) {
	if strings.TrimSpace(secret) == "" {
		return "", function.NewArgumentFuncError(0, "the secret is empty: pass the endpoint's signing secret, "+
			"such as cardpay_webhook.<name>.secret (the service returns it only when the endpoint is created)")
	}
	switch {
	case len(timestamps) > 1:
		return "", function.NewArgumentFuncError(first+1, "takes at most one timestamp: pass the "+
			webhooksig.HeaderTimestamp+" header's value once, or none for the "+webhooksig.HeaderSignature+" scheme")
	case len(timestamps) == 1 && strings.TrimSpace(timestamps[0]) == "":
		return "", function.NewArgumentFuncError(first, "the timestamp is empty: pass the "+webhooksig.HeaderTimestamp+
			" header's value, such as \"1768746900\", or leave the argument out for the "+webhooksig.HeaderSignature+" scheme")
	case len(timestamps) == 1:
		return timestamps[0], nil
	}
	return "", nil
}
