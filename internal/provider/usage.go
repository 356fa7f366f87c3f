// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"math"

	"github.com/hashicorp/terraform-plugin-log/tflog"
	"github.com/hashicorp/terraform-plugin-log/tfsdklog"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// usageLogName is the provider's logger name, as terraform-plugin-go
// derives it from the registry address: TF_LOG_PROVIDER_CARDPAY sets its
// level.
const usageLogName = "CARDPAY"

// logUsage writes one INFO line per credential that sent requests in this
// process, when Terraform has stopped the provider at the end of a
// command: requests sent, refused with 429, retried, and the time spent
// waiting for a turn under the rate limit. A fleet of runs shows its cost
// in each run's log (TF_LOG=INFO or finer). Credentials are named by
// their client ID, never their secret (client.CredentialUsage).
func logUsage(ctx context.Context, usage []client.CredentialUsage) {
	for _, u := range usage {
		tflog.Info(ctx, "cardpay API usage of this provider run", map[string]any{
			"base_url":         u.BaseURL,
			"credential":       u.Credential,
			"requests_sent":    u.Sent,
			"requests_refused": u.Refused,
			"requests_retried": u.Retried,
			"wait_seconds":     math.Round(u.Waited.Seconds()*100) / 100,
		})
	}
}

// providerLogger is a provider logger like the one terraform-plugin-go
// gives each call, for the lines written after the server has stopped.
func providerLogger() context.Context {
	return tfsdklog.NewRootProviderLogger(context.Background(),
		tfsdklog.WithStderrFromInit(), tfsdklog.WithLogName(usageLogName),
		tflog.WithLevelFromEnv("TF_LOG_PROVIDER", usageLogName))
}
