// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"encoding/json"
	"strings"
	"testing"
)

// Amounts and IDs arrive as JSON strings or numbers; both keep their text
// digit for digit, null is empty, and anything else is refused by name.
func TestStringOrNumberFields(t *testing.T) {
	var answer struct {
		Amount Decimal    `json:"amount"`
		ID     FlexibleID `json:"id"`
	}
	for _, tc := range []struct {
		body       string
		amount, id string
		err        string
	}{
		{body: `{"amount": "1234567.89", "id": "mrc:42"}`, amount: "1234567.89", id: "mrc:42"},
		{body: `{"amount": -0.10, "id": 12345678901234567890}`, amount: "-0.10", id: "12345678901234567890"},
		{body: `{"amount": null, "id": null}`},
		{body: `{"amount": true}`, err: "decimal must be a JSON string or number, got true"},
		{body: `{"id": ["x"]}`, err: `id must be a JSON number or string, got ["x"]`},
	} {
		answer.Amount, answer.ID = "", ""
		err := json.Unmarshal([]byte(tc.body), &answer)
		switch {
		case tc.err != "":
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want one containing %q", tc.body, err, tc.err)
			}
		case err != nil:
			t.Errorf("%s: %v", tc.body, err)
		case string(answer.Amount) != tc.amount || string(answer.ID) != tc.id:
			t.Errorf("%s: amount %q id %q, want %q and %q", tc.body, answer.Amount, answer.ID, tc.amount, tc.id)
		}
	}
}
