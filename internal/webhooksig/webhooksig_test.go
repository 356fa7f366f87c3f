// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package webhooksig

import (
	"strings"
	"testing"
)

// The signatures of a known delivery in both schemes, worked out
// independently with openssl:
//
//	printf '%s' "$MESSAGE" | openssl dgst -sha256 -hmac whsec_test
func TestSign(t *testing.T) {
	const secret = "whsec_test"
	body := []byte(`{"event":"payment.completed"}`)
	cases := []struct{ timestamp, want string }{
		{"", "e666a7ebf15be991b3cf7d19f5c128fca0ba16722c19123c969156f6b8bf51b8"},
		{"1768746900", "e8fa4fa6098af3428f66090f03c6342bdb22b886263c56a21a0544f44840b385"},
	}
	for _, tc := range cases {
		message := Message(tc.timestamp, body)
		if got := Sign(secret, message); got != tc.want {
			t.Errorf("Sign(timestamp %q) = %s, want %s", tc.timestamp, got, tc.want)
		}
		if !Valid(secret, message, tc.want) || !Valid(secret, message, strings.ToUpper(tc.want)) {
			t.Errorf("Valid refuses the signature of timestamp %q", tc.timestamp)
		}
	}
}

// Valid refuses another secret, another body, a truncated signature and
// one that is not hex.
func TestValidRefuses(t *testing.T) {
	body := []byte(`{"event":"payment.completed"}`)
	good := Sign("whsec_test", body)
	cases := map[string]struct {
		secret, body, signature string
	}{
		"another secret": {"whsec_other", string(body), good},
		"another body":   {"whsec_test", `{"event":"payment.failed"}`, good},
		"truncated":      {"whsec_test", string(body), good[:62]},
		"not hex":        {"whsec_test", string(body), "sha256=" + good},
		"empty":          {"whsec_test", string(body), ""},
	}
	for name, tc := range cases {
		if Valid(tc.secret, []byte(tc.body), tc.signature) {
			t.Errorf("%s: Valid accepted it", name)
		}
	}
}

// Message leaves the body alone without a timestamp and does not change
// the caller's body with one.
func TestMessage(t *testing.T) {
	body := make([]byte, 2, 10)
	copy(body, "{}")
	if got := string(Message("", body)); got != "{}" {
		t.Errorf("Message without timestamp = %q", got)
	}
	if got := string(Message("17", body)); got != "17.{}" {
		t.Errorf("Message with timestamp = %q", got)
	}
	if string(body) != "{}" {
		t.Errorf("body changed to %q", body)
	}
}
