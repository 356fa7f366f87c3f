// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// providerData reaches resources, data sources and ephemeral resources
// through ProviderData. Missing attributes are reported only when a type
// needs them, so a configuration that uses only partner resources needs no
// access token and the other way round.
type providerData struct {
	config resolvedConfig
	client *client.Client
	err    error
	// The lists the API answers whole (shared_lists.go), each read once
	// per operation and shared: one field per client.ListKind.
	paymentMethods *merchantLists[client.PaymentMethod]
	terminals      *merchantLists[client.Terminal]
	stores         *merchantLists[client.Store]
	webhooks       *sharedLists[partnerWide, client.Webhook]
	merchants      *sharedLists[partnerWide, client.Merchant]
	poll           pollIntervals
	// clock, when set, is the time of day now() reads; tests fix it.
	clock func() time.Time
}

// newProviderData builds the client and the shared lists.
func newProviderData(cfg resolvedConfig) *providerData {
	caches := listCaches{}
	d := &providerData{
		config:         cfg,
		paymentMethods: newSharedLists(caches, client.PaymentMethodList, merchantOf, fetchPaymentMethods),
		terminals:      newSharedLists(caches, client.TerminalList, merchantOf, fetchTerminals),
		stores:         newSharedLists(caches, client.StoreList, merchantOf, fetchStores),
		webhooks:       newSharedLists(caches, client.WebhookList, partnerOf, fetchWebhooks),
		merchants:      newSharedLists(caches, client.MerchantList, partnerOf, fetchMerchants),
		poll:           defaultPollIntervals(),
	}
	if cfg.BaseURL != "" {
		cfg.OnChange = caches.changing
		d.client, d.err = client.New(cfg.Config)
	}
	return d
}

// clientFor returns the client when everything the api needs is set and
// known (resolvedConfig.lacksFor).
func (d *providerData) clientFor(api client.API) (*client.Client, diag.Diagnostics) {
	var diags diag.Diagnostics
	if d == nil {
		diags.AddError("Provider not configured",
			"The cardpay provider was not configured before it was used. This is a bug in the provider; please report it.")
		return nil, diags
	}
	if diags = d.config.lacksFor(api); diags.HasError() {
		return nil, diags
	}
	if d.err != nil {
		diags.AddError("Invalid base URL", d.err.Error())
		return nil, diags
	}
	return d.client, diags
}

// mintsDataTokens reports whether data-API calls use tokens minted per
// merchant and user rather than the user's own access_token.
func (d *providerData) mintsDataTokens() bool { return d.config.AccessToken == "" }
