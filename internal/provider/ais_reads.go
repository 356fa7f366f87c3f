// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// The three account-information (AIS) reads (accounts, account balance,
// account transactions) each exist twice: as a data source and as an
// ephemeral resource with the same arguments and results. The data source's
// file holds what both share: the model, the request and the descriptions;
// each writes its own schema. This file holds what the three reads share.

// Descriptions of the attributes several AIS reads declare.
const (
	aisMerchantIDDescription = "Numeric ID of the merchant the user belongs to."
	aisUserIDDescription     = "Identity-provider ID of the user whose bank data is read. The user needs an " +
		"authorized, unexpired consent of this merchant holding the permission this read needs."
	aisAccountIDDescription  = "ID of one of the user's accounts, as `account_id` of `cardpay_ais_accounts` reports it."
	aisHolderNameDescription = "Name of the account holder."
	aisIBANDescription       = "IBAN of the account."
	aisBankIDDescription     = "ID of the bank, such as its BIC."
	aisBalanceDescription    = "Balance as an exact decimal string, exactly as the service sent it (for example " +
		"`\"1234567.89\"` or `\"-0.10\"`); never rounded through a floating-point number."
	aisCurrencyDescription = "Currency code, such as `DKK`."
)

// aisDataSourceDescription is the description of the data source name
// (such as "ais_accounts"): the read's summary and a warning about state.
func aisDataSourceDescription(summary, name string) string {
	return summary + "\n\n~> **Personal data in state.** Terraform stores what a data source reads in the " +
		"state in plain text. IBANs, names, balances, amounts and other personal data are marked sensitive, " +
		"which hides them in plan and CLI output but not in the state. To use them without storing them, use " +
		"the ephemeral resource `cardpay_" + name + "` instead (Terraform 1.10 or later)."
}

// aisEphemeralDescription is the description of the ephemeral resource
// name: the read's summary and how it differs from the data source.
func aisEphemeralDescription(summary, name string) string {
	return summary + "\n\nThis ephemeral resource has the same arguments and results as the data source " +
		"`cardpay_" + name + "`, but Terraform reads it anew in every plan and apply and never writes " +
		"the result to the plan or the state. Use it to pass balances or IBANs to provider blocks, write-only " +
		"arguments or other ephemeral resources. Needs Terraform 1.10 or later.\n\n" +
		"Terraform never shows an ephemeral value: `terraform console` prints `(known after apply)`, and a " +
		"`local-exec` provisioner that uses one prints only `(output suppressed due to ephemeral value in config)`. " +
		"To look at what a read returns, have the provisioner write it to a file, as the " +
		"[example of `cardpay_ais_accounts`](ais_accounts.md#example-usage) does, and delete the file afterwards; " +
		"or read it once with the data source `cardpay_" + name + "`: an apply writes its results to the " +
		"state, where `terraform console` and outputs show them."
}

// AIS consent permissions, named in errors so the user knows what to grant.
const (
	aisReadPermAccounts     = "ReadAccountsDetail"
	aisReadPermBalances     = "ReadBalances"
	aisReadPermTransactions = "ReadTransactionsDetail"
)

// addAISReadError is addAPIError plus, on 403, the permission this read
// needs: the service's message says what is wrong with the consent, the
// hint says what would make the read work.
func addAISReadError(diags *diag.Diagnostics, summary, permission string, err error) {
	detail := apiErrorDetail(err)
	if client.IsForbidden(err) {
		detail += fmt.Sprintf("\n\nThis read needs a consent for this user and merchant that holds the %s "+
			"permission, that the user has authorized at the bank, and that has not expired. Create one (for "+
			"example with the cardpay_ais_consent resource), have the user authorize it, then run Terraform again.",
			permission)
	}
	diags.AddError(summary, detail)
}

// aisReadDecimal keeps an amount digit for digit as the service sent it.
func aisReadDecimal(d client.Decimal) types.String { return stringOrNull(d.String()) }

// aisReadJSONMap turns a JSON object of unknown fields into a map(string):
// string values as they are, every other value (number, boolean, null,
// object, array) as compact JSON text, so HCL can read each field and
// jsondecode() the rest. A missing object is null.
func aisReadJSONMap(ctx context.Context, fields map[string]json.RawMessage) (types.Map, diag.Diagnostics) {
	if fields == nil {
		return types.MapNull(types.StringType), nil
	}
	elems := make(map[string]string, len(fields))
	for name, raw := range fields {
		var s string
		if err := json.Unmarshal(raw, &s); err == nil {
			elems[name] = s
			continue
		}
		var buf bytes.Buffer
		if err := json.Compact(&buf, raw); err != nil {
			var diags diag.Diagnostics
			diags.AddError("Unreadable account details",
				fmt.Sprintf("The service sent field %q of accountDetails that is not valid JSON: %v", name, err))
			return types.MapNull(types.StringType), diags
		}
		elems[name] = buf.String()
	}
	return types.MapValueFrom(ctx, types.StringType, elems)
}

// aisReadParseDate returns the first and last instant a value covers: a
// timestamp covers one instant, a date its whole day in UTC (the day the
// sandbox compares against, inclusive).
func aisReadParseDate(s string) (first, last time.Time, err error) {
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, t, nil
	}
	day, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return time.Time{}, time.Time{}, err
	}
	return day, day.AddDate(0, 0, 1).Add(-time.Nanosecond), nil
}

// aisReadCheckDateRange rejects a from date after the to date, so a range
// that can match nothing fails before any request. Unknown or null values
// pass; the attribute validators report malformed ones.
func aisReadCheckDateRange(from, to types.String, fromPath path.Path) diag.Diagnostics {
	var diags diag.Diagnostics
	if from.IsNull() || from.IsUnknown() || to.IsNull() || to.IsUnknown() {
		return diags
	}
	start, _, err1 := aisReadParseDate(from.ValueString())
	_, end, err2 := aisReadParseDate(to.ValueString())
	if err1 != nil || err2 != nil {
		return diags
	}
	if start.After(end) {
		diags.AddAttributeError(fromPath, "from_date is after to_date",
			fmt.Sprintf("from_date %q is after to_date %q, so no transaction could match. Swap them, or set "+
				"from_date to a date on or before to_date.", from.ValueString(), to.ValueString()))
	}
	return diags
}
