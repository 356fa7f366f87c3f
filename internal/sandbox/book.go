// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import "slices"

// The partner book: the merchants endpoints, the partner's credentials and
// profile, card payments, account-to-account payments and the changes that
// auto-advance mode has scheduled. Its state is part of state, so Reset
// restores it with the rest.

// book is the partner book's part of state. Server.mu guards it.
type book struct {
	// nextMerchantID numbers merchants created through the API.
	nextMerchantID int64
	credentials    []*Credential
	// nextCredentialID numbers credentials across partners.
	nextCredentialID int64
	// payments are the account-to-account payments, in ID order.
	payments []*Payment
	// cardPayments holds the card payments whose status has changed; an
	// order's card payment without an entry is CREATED.
	cardPayments map[string]*cardPaymentChange
	// scheduled are the changes auto-advance mode will make.
	scheduled []scheduledChange
}

// BookState is the partner book as Snapshot shows it, in creation order.
type BookState struct {
	Merchants    []MerchantRecord `json:"merchants"`
	Credentials  []Credential     `json:"credentials"`
	CardPayments []CardPayment    `json:"cardPayments"`
	Payments     []Payment        `json:"payments"`
}

// initBook fills the book from the fixtures: the merchants' profiles, one
// credential per partner (its header pair) and the generated payments.
func (st *state) initBook(f *Fixtures) {
	st.book = book{
		nextMerchantID: firstNewMerchantID, nextCredentialID: firstCredentialID,
		cardPayments: map[string]*cardPaymentChange{},
	}
	paymentID := int64(firstPaymentID)
	for _, m := range f.Merchants {
		st.merchants[m.ID].profile = fixtureMerchantProfile(m)
		st.book.nextMerchantID = max(st.book.nextMerchantID, m.ID+1)
		for i := range m.GeneratedPayments {
			st.book.payments = append(st.book.payments, generatedPayment(paymentID, m.ID, i))
			paymentID++
		}
	}
	for _, p := range f.Partners {
		st.addCredential(p.ClientID, fixtureCredentialName, p.ClientID, p.ClientSecret, fixtureCreatedAt)
	}
}

// bookSnapshot copies the book; the caller holds the lock.
func (st *state) bookSnapshot() BookState {
	out := BookState{Merchants: []MerchantRecord{}, Credentials: []Credential{}, CardPayments: []CardPayment{}, Payments: []Payment{}}
	for _, id := range st.merchantIDs {
		out.Merchants = append(out.Merchants, st.merchantRecord(id))
	}
	for _, c := range st.book.credentials {
		out.Credentials = append(out.Credentials, *c)
	}
	for i := range st.orders {
		out.CardPayments = append(out.CardPayments, st.orderCardPayment(&st.orders[i]))
	}
	for _, p := range st.book.payments {
		out.Payments = append(out.Payments, *p)
	}
	return out
}

// merchantIDsOf lists the IDs of the partner's merchants in creation order.
func (st *state) merchantIDsOf(partner string) []int64 {
	return slices.DeleteFunc(slices.Clone(st.merchantIDs), func(id int64) bool { return st.merchants[id].partner != partner })
}
