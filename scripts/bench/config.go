// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Generated merchants get IDs from firstMerchantID on, each with the
// stores "<id>-main" and "<id>-second" and five inactive payment methods.
const firstMerchantID = 100001

// inactiveMethods are the methods a generated merchant can activate, so
// every cardpay_payment_method of a workload is a real activation.
var inactiveMethods = []string{"amex", "swish", "klarna", "vipps", "mobilepay"}

var terminalModes = []string{"SelfHostedPage", "PaymentPage", "MerchantInitiated"}

// workload is one configuration, rendered either for the cardpay provider
// or, with the same shape, as terraform_data resources (the floor).
type workload struct {
	methods   []pmItem
	stores    []storeItem
	terminals []terminalItem
}

type pmItem struct {
	merchant int64
	method   string
}

type storeItem struct {
	merchant int64
	storeID  string
}

type terminalItem struct {
	merchant int64
	mode     string
	seq      int
}

func (w workload) size() int { return len(w.methods) + len(w.stores) + len(w.terminals) }

// merchants is how many generated merchants the workload touches.
func (w workload) merchants() int {
	most := int64(firstMerchantID - 1)
	for _, m := range w.methods {
		most = max(most, m.merchant)
	}
	for _, s := range w.stores {
		most = max(most, s.merchant)
	}
	for _, t := range w.terminals {
		most = max(most, t.merchant)
	}
	return int(most - firstMerchantID + 1)
}

// mixedWorkload is the N-resource configuration: 70% payment methods, five
// per merchant (all of a merchant's inactive methods), 15% stores (both
// stores of the first merchants) and 15% online terminals spread round
// robin over the same merchants, on their main store.
func mixedWorkload(n int) workload {
	pm := n * 70 / 100
	stores := (n - pm) / 2
	return workload{
		methods:   paymentMethods(pm, (pm+len(inactiveMethods)-1)/len(inactiveMethods)),
		stores:    storeItems(stores),
		terminals: terminalItems(n-pm-stores, max(1, (pm+len(inactiveMethods)-1)/len(inactiveMethods))),
	}
}

// methodsWorkload is n payment methods spread evenly over merchants.
func methodsWorkload(n, merchants int) workload {
	return workload{methods: paymentMethods(n, merchants)}
}

// paymentMethods activates n methods over the given number of merchants:
// merchant i gets methods until each has its share (at most five).
func paymentMethods(n, merchants int) []pmItem {
	merchants = max(merchants, (n+len(inactiveMethods)-1)/len(inactiveMethods), 1)
	out := make([]pmItem, 0, n)
	for i := range n {
		m, k := i%merchants, i/merchants
		out = append(out, pmItem{merchant: int64(firstMerchantID + m), method: inactiveMethods[k]})
	}
	return out
}

func storeItems(n int) []storeItem {
	out := make([]storeItem, 0, n)
	for i := range n {
		id := int64(firstMerchantID + i/2)
		suffix := "main"
		if i%2 == 1 {
			suffix = "second"
		}
		out = append(out, storeItem{merchant: id, storeID: fmt.Sprintf("%d-%s", id, suffix)})
	}
	return out
}

func terminalItems(n, merchants int) []terminalItem {
	out := make([]terminalItem, 0, n)
	for i := range n {
		out = append(out, terminalItem{
			merchant: int64(firstMerchantID + i%merchants),
			mode:     terminalModes[i%len(terminalModes)],
			seq:      i/merchants + 1,
		})
	}
	return out
}

// render writes the workload as HCL. Both renderings share the locals and
// for_each keys; the floor replaces every cardpay resource by a
// terraform_data whose input is the same object.
func (w workload) render(floor bool) string {
	var b strings.Builder
	if !floor {
		b.WriteString(providerHeader)
	}
	b.WriteString("locals {\n")
	b.WriteString("  payment_methods = {\n")
	for _, m := range w.methods {
		fmt.Fprintf(&b, "    %q = { merchant_id = %d, method = %q }\n", fmt.Sprintf("%d/%s", m.merchant, m.method), m.merchant, m.method)
	}
	b.WriteString("  }\n  stores = {\n")
	for _, s := range w.stores {
		fmt.Fprintf(&b, "    %q = {\n", fmt.Sprintf("%d/%s", s.merchant, s.storeID))
		fmt.Fprintf(&b, "      merchant_id    = %d\n      store_id       = %q\n", s.merchant, s.storeID)
		fmt.Fprintf(&b, "      name           = %q\n", "Bench store "+s.storeID)
		fmt.Fprintf(&b, "      street_address = %q\n      city           = %q\n", "Vesterbrogade 42", "Copenhagen")
		fmt.Fprintf(&b, "      postal_code    = %q\n      country_code   = %q\n", "1620", "DK")
		fmt.Fprintf(&b, "      email          = %q\n    }\n", "shop-"+s.storeID+"@bench.example")
	}
	b.WriteString("  }\n  online_terminals = {\n")
	for _, t := range w.terminals {
		fmt.Fprintf(&b, "    %q = { merchant_id = %d, online_terminal_mode = %q, store_id = \"%d-main\" }\n",
			fmt.Sprintf("%d/%s-%d", t.merchant, strings.ToLower(t.mode), t.seq), t.merchant, t.mode, t.merchant)
	}
	b.WriteString("  }\n}\n")

	for _, r := range workloadResources {
		if floor {
			fmt.Fprintf(&b, "\nresource \"terraform_data\" %q {\n  for_each = local.%s\n  input    = each.value\n}\n", r.local, r.local)
			continue
		}
		fmt.Fprintf(&b, "\nresource %q \"this\" {\n  for_each = local.%s\n", r.cardpayType, r.local)
		for _, arg := range r.args {
			fmt.Fprintf(&b, "  %s = each.value.%s\n", arg, arg)
		}
		b.WriteString("}\n")
	}
	return b.String()
}

// workloadResources are the workload's for_each resources: the local each
// one iterates over, its cardpay type, and the arguments it takes from the
// local's values (the floor's terraform_data takes the whole value).
var workloadResources = []struct {
	local, cardpayType string
	args               []string
}{
	{"payment_methods", "cardpay_payment_method", []string{"merchant_id", "method"}},
	{"stores", "cardpay_store", []string{
		"merchant_id", "store_id", "name", "street_address", "city", "postal_code", "country_code", "email",
	}},
	{"online_terminals", "cardpay_online_terminal", []string{"merchant_id", "online_terminal_mode", "store_id"}},
}

const providerHeader = `terraform {
  required_providers {
    cardpay = {
      source = "cardpay/cardpay"
    }
  }
}

# Base URL and credentials come from the CARDPAY_* environment variables.
provider "cardpay" {}

`

// transactionsConfig reads one page of the big fixture account.
func transactionsConfig(pageLimit int) string {
	return providerHeader + fmt.Sprintf(`data "cardpay_ais_account_transactions" "big" {
  merchant_id = %d
  user_id     = %q
  account_id  = %q
  page_limit  = %d
}

output "total_transactions" {
  value = data.cardpay_ais_account_transactions.big.total_transactions
}
`, bigMerchantID, bigUserID, bigAccountID, pageLimit)
}

// writeConfig puts main.tf into a new directory under root.
func writeConfig(root, name, hcl string) (string, error) {
	dir, err := os.MkdirTemp(root, name+"-")
	if err != nil {
		return "", err
	}
	return dir, os.WriteFile(filepath.Join(dir, "main.tf"), []byte(hcl), 0o644)
}
