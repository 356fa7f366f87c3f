// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"strings"
	"testing"
)

func TestSecureURLProblem(t *testing.T) {
	cases := []struct {
		url  string
		want string // substring of the problem; "" means accepted
	}{
		{"https://merchant.example/ais/callback", ""},
		{"https://merchant.example/cb?token=abc", ""},
		{"http://127.0.0.1:8080/cb", ""},
		{"http://localhost/cb", ""},
		{"http://[::1]:9000/cb", ""},
		{"ftp://x", `scheme "ftp"`},
		{"http://example.com/cb", "plain http"},
		{"http://127.0.0.1.example.com/cb", "plain http"},
		{"/relative/cb", "not an absolute URL"},
		{"https://", "not an absolute URL"},
		{"https://user:hunter2@merchant.example/cb", "user name or password"},
		{"https://merchant.example/cb#done", "fragment"},
		{"https://merchant.example/%zz", "not a valid URL"},
	}
	for _, tc := range cases {
		got := secureURLProblem(tc.url)
		if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("secureURLProblem(%q) = %q, want %q", tc.url, got, tc.want)
		}
		if strings.Contains(got, "hunter2") {
			t.Errorf("secureURLProblem(%q) echoes the password: %q", tc.url, got)
		}
	}
}
