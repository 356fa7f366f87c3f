// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/provider/planmodifiers"
)

// Import of cardpay_ais_consent: by the ID alone when the provider has an
// access_token of its own, or with the merchant and user its tokens are
// minted for.

// ImportState reads the consent, since the data API needs its merchant
// and user, and marks it as imported: the service does not report its
// callback_url, which the next plan then records as configured.
func (r *aisConsentResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	c, diags := r.data.clientFor(client.DataAPI)
	if resp.Diagnostics.Append(diags...); diags.HasError() {
		return
	}
	scope, id, diags := r.importParts(ctx, req)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	consent, err := c.GetConsent(ctx, scope, id)
	switch {
	case client.IsNotFound(err):
		resp.Diagnostics.AddError(fmt.Sprintf("Cannot import AIS consent %q", id), err.Error()+"\n\n"+
			"The service knows no consent with this ID for the configured access token. Import with the request ID "+
			"that created the consent or with its consent ID; if the service reads consents by consent ID only, use "+
			"the consent ID that the authorization callback carried (?consentId=...).")
		return
	case err != nil:
		addAPIError(&resp.Diagnostics, fmt.Sprintf("Cannot import AIS consent %q", id), err)
		return
	}
	var m aisConsentModel
	resp.Diagnostics.Append(m.fromAPI(ctx, consent)...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
	resp.Diagnostics.Append(resp.Identity.Set(ctx, m.identity())...)
	resp.Diagnostics.Append(planmodifiers.MarkUnreadAfterImport(ctx, resp.Private)...)
}

// importIDForm is MERCHANT_ID/USER_ID/ID, or the ID alone (which only a
// provider with an access_token can import). The ID is the request ID or
// the consent ID, and may hold slashes of its own.
func (r *aisConsentResource) importIDForm() importIDForm {
	return importIDForm{
		syntax:  "<merchant_id>/<user_id>/<request_id> or <request_id>",
		example: "1001/user_35100188/req_0123456789abcdef",
		fields: []importField{
			{name: fieldMerchantID, number: true, optional: true}, {name: "user_id", optional: true}, {name: "request_id"},
		},
		parse: func(id string) (importParts, error) {
			parts := strings.SplitN(id, "/", 3)
			if len(parts) != 3 {
				if id == "" {
					return nil, fmt.Errorf("%q is not MERCHANT_ID/USER_ID/CONSENT_ID, for example 1001/user_35100188/ta:6Cpoq:BzQQ", id)
				}
				return importParts{"request_id": id}, nil
			}
			merchantID, err := parseMerchantID(parts[0])
			if err != nil || parts[1] == "" || parts[2] == "" {
				return nil, fmt.Errorf("%q is not MERCHANT_ID/USER_ID/CONSENT_ID, for example 1001/user_35100188/ta:6Cpoq:BzQQ", id)
			}
			return importParts{fieldMerchantID: strconv.FormatInt(merchantID, 10), "user_id": parts[1], "request_id": parts[2]}, nil
		},
		format: func(p importParts) string {
			if _, scoped := p[fieldMerchantID]; scoped {
				return p[fieldMerchantID] + "/" + p["user_id"] + "/" + p["request_id"]
			}
			return p["request_id"]
		},
	}
}

// importParts reads an import ID (importIDForm) or an import block's
// identity. A minted token is valid for one user of one merchant, so
// without an access token of its own the provider needs both.
func (r *aisConsentResource) importParts(ctx context.Context, req resource.ImportStateRequest) (client.DataScope, string, diag.Diagnostics) {
	var diags diag.Diagnostics
	var merchantID types.Int64
	var userID, id types.String
	if req.ID != "" {
		parts, err := r.importIDForm().parse(req.ID)
		if err != nil {
			diags.AddError("Invalid import ID for cardpay_ais_consent", err.Error()+".")
			return client.DataScope{}, "", diags
		}
		merchantID, userID, id = types.Int64Null(), types.StringNull(), types.StringValue(parts["request_id"])
		if _, scoped := parts[fieldMerchantID]; scoped {
			merchantID, userID = types.Int64Value(parts.merchantID()), types.StringValue(parts["user_id"])
		}
	} else {
		diags.Append(req.Identity.GetAttribute(ctx, path.Root("request_id"), &id)...)
		diags.Append(req.Identity.GetAttribute(ctx, path.Root("merchant_id"), &merchantID)...)
		diags.Append(req.Identity.GetAttribute(ctx, path.Root("user_id"), &userID)...)
	}
	if r.data.mintsDataTokens() && (merchantID.IsNull() || userID.IsNull()) && !diags.HasError() {
		diags.AddError("Import of cardpay_ais_consent needs the merchant and the user",
			fmt.Sprintf("The provider reads the data API with tokens it asks for per merchant and user, so it needs both "+
				"to read consent %q. Import with MERCHANT_ID/USER_ID/%s (or an identity with merchant_id and user_id), "+
				"or set the provider's %s.", id.ValueString(), id.ValueString(), attrAccessToken))
	}
	return client.ConsentScope(merchantID.ValueInt64(), userID.ValueString(), nil), id.ValueString(), diags
}
