// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// providerData reaches resources, data sources and ephemeral resources
// through ProviderData. Missing settings are reported only when a type
// needs them, so a configuration that uses only partner resources needs no
// access token and the other way round.
type providerData struct {
	settings settings
	client   *client.Client
	err      error
	// The merchants' lists, each read once per operation and shared.
	paymentMethods *merchantLists[client.PaymentMethod]
	terminals      *merchantLists[client.Terminal]
	stores         *merchantLists[client.Store]
	webhooks       *sharedLists[partnerWide, client.Webhook]
	waits          waits
}

// newProviderData builds the client and the shared lists; lookupEnv gives
// the benchmark's switch (bench_switches.go) to a build made for it.
func newProviderData(s settings, lookupEnv func(string) (string, bool)) *providerData {
	sharingOff := readSharingOff(lookupEnv)
	d := &providerData{
		settings:       s,
		paymentMethods: newPaymentMethodLists(!sharingOff),
		terminals:      newTerminalLists(!sharingOff),
		stores:         newStoreLists(!sharingOff),
		webhooks:       newWebhookLists(!sharingOff),
		waits:          defaultWaits(),
	}
	if s.BaseURL != "" {
		s.OnChange = d.listChanged
		d.client, d.err = client.New(s.Config)
	}
	return d
}

// listChanged drops the shared copy of a list that a call may have
// changed: the client reports every such call, so no write path can
// forget it.
func (d *providerData) listChanged(ch client.Change) {
	switch ch.List {
	case client.ListPaymentMethods:
		d.paymentMethods.changed(ch.MerchantID)
	case client.ListTerminals:
		d.terminals.changed(ch.MerchantID)
	case client.ListStores:
		d.stores.changed(ch.MerchantID)
	case client.ListWebhooks:
		d.webhooks.changed(partnerWide{})
	}
}

// validate reports a base URL that is set but unusable at configure time.
func (d *providerData) validate() diag.Diagnostics {
	var diags diag.Diagnostics
	for _, u := range []struct{ value, attr, env string }{
		{d.settings.BaseURL, attrBaseURL, envBaseURL},
		{d.settings.AISBaseURL, attrAISBaseURL, envAISBaseURL},
	} {
		if u.value == "" {
			continue
		}
		if err := client.ValidateBaseURL(u.value); err != nil {
			diags.AddAttributeError(path.Root(u.attr), "Invalid "+u.attr,
				fmt.Sprintf("%s (from the %s attribute or the %s environment variable). %s", err, u.attr, u.env, baseURLAdvice))
		}
	}
	return diags
}

// credentialSettings names the provider attribute and environment variable
// of each credential the client may lack.
var credentialSettings = map[client.Credential]setting{
	client.CredentialPartnerClientID:     {attrPartnerClientID, envPartnerClientID},
	client.CredentialPartnerClientSecret: {attrPartnerClientSecret, envPartnerClientSecret},
	client.CredentialAccessToken:         {attrAccessToken, envAccessToken},
}

// setting is a provider attribute and the environment variable behind it.
type setting struct{ attr, env string }

// clientFor returns the client when everything the area needs is set:
// the base URL and the area's credentials, which the client names.
func (d *providerData) clientFor(area client.Area) (*client.Client, diag.Diagnostics) {
	var diags diag.Diagnostics
	if d == nil {
		diags.AddError("Provider not configured",
			"The cardpay provider was not configured before it was used. This is a bug in the provider; please report it.")
		return nil, diags
	}
	missing := map[string]bool{attrBaseURL: d.settings.BaseURL == ""}
	for _, c := range d.settings.Missing(area) {
		missing[credentialSettings[c].attr] = true
	}
	for _, s := range d.neededFor(area) {
		switch {
		case slices.Contains(d.settings.Unknown, s.attr):
			diags.AddError("Provider configuration not yet known",
				fmt.Sprintf("The provider attribute %q depends on a value that is known only after apply. "+
					"Apply the resource that produces it first (for example with -target), or set %s.", s.attr, s.env))
		case missing[s.attr]:
			diags.AddError("Missing provider configuration: "+s.attr, missingDetail(area, s))
		}
	}
	if diags.HasError() {
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
func (d *providerData) mintsDataTokens() bool { return d.settings.AccessToken == "" }

// neededFor lists the settings calls to area depend on. The data API
// needs the partner credentials to mint its tokens, unless access_token
// gives one (or may, once known).
func (d *providerData) neededFor(area client.Area) []setting {
	needed := []setting{{attrBaseURL, envBaseURL}}
	switch area {
	case client.AreaPartner:
		needed = append(needed, setting{attrPartnerAuth, envPartnerAuth})
	case client.AreaAIS:
		needed = append(needed, setting{attrAISBaseURL, envAISBaseURL})
		if d.settings.AccessToken != "" {
			return needed
		}
		if slices.Contains(d.settings.Unknown, attrAccessToken) {
			return append(needed, setting{attrAccessToken, envAccessToken})
		}
		needed = append(needed, setting{attrPartnerAuth, envPartnerAuth})
	}
	for _, c := range area.Credentials() {
		needed = append(needed, credentialSettings[c])
	}
	return needed
}

func missingDetail(area client.Area, s setting) string {
	detail := fmt.Sprintf("This operation needs %q. Set it in the provider \"cardpay\" block or through the %s "+
		"environment variable.", s.attr, s.env)
	if area == client.AreaAIS && s.attr != attrBaseURL {
		detail += fmt.Sprintf(" The account-information (AIS) data API is read with short-lived tokens that the "+
			"provider asks the service for with the partner credentials; alternatively set %q (or %s) to a token "+
			"you already hold.", attrAccessToken, envAccessToken)
	}
	return detail
}
