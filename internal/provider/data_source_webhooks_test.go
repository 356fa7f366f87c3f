// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// The data source lists every endpoint of the partner, without secrets.
func TestAccWebhooksDataSource(t *testing.T) {
	env := newTestEnv(t)
	config := env.providerConfig(webhookConfig("https://hooks.example/a", `["payment.completed", "merchant.activated"]`), `
data "cardpay_webhooks" "all" {
  depends_on = [cardpay_webhook.test]
}
`)
	accTest(t, resource.TestStep{
		Config: config,
		ConfigStateChecks: []statecheck.StateCheck{
			statecheck.ExpectKnownValue("data.cardpay_webhooks.all", tfjsonpath.New("webhooks"), knownvalue.ListExact([]knownvalue.Check{
				knownvalue.ObjectExact(map[string]knownvalue.Check{
					"id":                knownvalue.StringRegexp(regexp.MustCompile(`^\d+$`)),
					"url":               knownvalue.StringExact("https://hooks.example/a"),
					"events":            knownvalue.SetExact([]knownvalue.Check{knownvalue.StringExact("payment.completed"), knownvalue.StringExact("merchant.activated")}),
					"status":            knownvalue.StringExact("active"),
					"last_triggered_at": knownvalue.Null(),
					"created_at":        knownvalue.NotNull(),
				}),
			})),
			statecheck.CompareValuePairs("data.cardpay_webhooks.all", tfjsonpath.New("webhooks").AtSliceIndex(0).AtMapKey("id"),
				webhookAddr, tfjsonpath.New("id"), compare.ValuesSame()),
		},
	})
}

// The rows of data.cardpay_webhooks in the cross-type tests (crossTypeTables).
func init() {
	addRows(badInputs, map[string]badInput{
		"data.cardpay_webhooks": {except: "takes no arguments: it lists every webhook endpoint of the partner"},
	})
	addRows(secretsUses, map[string]secretsUse{
		"data.cardpay_webhooks": {config: `
data "cardpay_webhooks" "w" {
  depends_on = [cardpay_webhook.w]
}
`},
	})
}
