// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// What calls to each API need of the provider block, and what a plan or a
// call says when a setting it needs is unknown yet or absent.

// credentialAttributes names the provider attribute of each credential
// the client may lack.
var credentialAttributes = map[client.Credential]string{
	client.CredentialPartnerClientID:     attrPartnerClientID,
	client.CredentialPartnerClientSecret: attrPartnerClientSecret,
	client.CredentialAccessToken:         attrAccessToken,
}

// neededFor names the attributes calls to api depend on. The data API
// needs the partner credentials to mint its tokens, unless access_token
// gives one (or may, once known).
func (cfg resolvedConfig) neededFor(api client.API) []string {
	needed := []string{attrBaseURL}
	switch api {
	case client.PartnerAPI:
		needed = append(needed, attrPartnerAuth)
	case client.DataAPI:
		needed = append(needed, attrAISBaseURL)
		if cfg.AccessToken != "" {
			return needed
		}
		if slices.Contains(cfg.Unknown, attrAccessToken) {
			return append(needed, attrAccessToken)
		}
		needed = append(needed, attrPartnerAuth)
	}
	for _, c := range api.Credentials() {
		needed = append(needed, credentialAttributes[c])
	}
	return needed
}

// lacksFor reports the attributes calls to api need that are not known
// yet (unknownFor), or set neither in the block nor in the environment
// (absentFor).
func (cfg resolvedConfig) lacksFor(api client.API) diag.Diagnostics {
	return append(cfg.unknownFor(api), cfg.absentFor(api)...)
}

// unknownFor reports the attributes calls to api need whose value is known
// only after apply.
func (cfg resolvedConfig) unknownFor(api client.API) diag.Diagnostics {
	var diags diag.Diagnostics
	for _, attr := range cfg.neededFor(api) {
		if slices.Contains(cfg.Unknown, attr) {
			diags.AddError("Provider configuration not yet known",
				fmt.Sprintf("The provider attribute %q depends on a value that is known only after apply. "+
					"Apply the resource that produces it first (for example with -target), or set %s.", attr, envOf(attr)))
		}
	}
	return diags
}

// absentFor reports the attributes calls to api need that are set neither
// in the block nor in the environment, and are not merely unknown yet: the
// base URL and the API's credentials, which the client names.
func (cfg resolvedConfig) absentFor(api client.API) diag.Diagnostics {
	missing := map[string]bool{attrBaseURL: cfg.BaseURL == ""}
	for _, c := range cfg.Missing(api) {
		missing[credentialAttributes[c]] = true
	}
	var diags diag.Diagnostics
	for _, attr := range cfg.neededFor(api) {
		if missing[attr] && !slices.Contains(cfg.Unknown, attr) {
			diags.AddError("Missing provider configuration: "+attr, missingDetail(api, attr))
		}
	}
	return diags
}

func missingDetail(api client.API, attr string) string {
	detail := fmt.Sprintf("This operation needs %q. Set it in the provider \"cardpay\" block or through the %s "+
		"environment variable.", attr, envOf(attr))
	if api == client.DataAPI && attr != attrBaseURL {
		detail += fmt.Sprintf(" The account-information (AIS) data API is read with short-lived tokens that the "+
			"provider asks the service for with the partner credentials; alternatively set %q (or %s) to a token "+
			"you already hold.", attrAccessToken, envAccessToken)
	}
	return detail
}
