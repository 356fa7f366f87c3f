// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"os"
	"testing"
)

// With no log level set anywhere, the provider turns its own logging off;
// as soon as any level is set, it leaves every level alone.
func TestQuietLogsNobodyReads(t *testing.T) {
	unsetAll := func() {
		for _, env := range everyLogLevelEnv {
			t.Setenv(env, "")
		}
	}

	unsetAll()
	quietLogsNobodyReads()
	for _, env := range everyLogLevelEnv[1:] {
		if got := os.Getenv(env); got != "OFF" {
			t.Errorf("with no log level set, %s = %q, want OFF", env, got)
		}
	}

	for _, asked := range everyLogLevelEnv {
		unsetAll()
		t.Setenv(asked, "DEBUG")
		quietLogsNobodyReads()
		for _, env := range everyLogLevelEnv {
			if env != asked && os.Getenv(env) != "" {
				t.Errorf("with %s set, %s was changed to %q", asked, env, os.Getenv(env))
			}
		}
	}
}

func TestTraceLogging(t *testing.T) {
	cases := []struct {
		env  map[string]string
		want bool
	}{
		{nil, false},
		{map[string]string{"TF_LOG": "DEBUG"}, false},
		{map[string]string{"TF_LOG": "trace"}, true},
		{map[string]string{"TF_LOG": "JSON"}, true},
		{map[string]string{"TF_LOG_PROVIDER": "TRACE"}, true},
		{map[string]string{"TF_LOG": "TRACE", "TF_LOG_PROVIDER": "INFO"}, false}, // the provider's own level wins
		{map[string]string{"TF_LOG_PROVIDER": "WARN", "TF_LOG_PROVIDER_CARDPAY": "TRACE"}, true},
	}
	for _, tc := range cases {
		lookup := func(k string) (string, bool) { v, ok := tc.env[k]; return v, ok }
		if got := traceLogging(lookup); got != tc.want {
			t.Errorf("traceLogging(%v) = %v, want %v", tc.env, got, tc.want)
		}
	}
}
