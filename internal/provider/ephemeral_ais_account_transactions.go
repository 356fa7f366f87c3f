// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import "github.com/hashicorp/terraform-plugin-framework/ephemeral"

// newAISAccountTransactionsEphemeral is the ephemeral twin of the data source
// cardpay_ais_account_transactions: same schema table, model and read (see ais_reads.go).
func newAISAccountTransactionsEphemeral() ephemeral.EphemeralResource {
	return aisReadEphemeralOf(aisAccountTransactionsRead)
}
