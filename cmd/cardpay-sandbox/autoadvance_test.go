// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// -auto-advance reaches the sandbox: the admin surface reports the delay,
// and a new merchant becomes active once it has passed.
func TestRunAutoAdvance(t *testing.T) {
	baseURL, _, stop := startRun(t, "-addr", "127.0.0.1:0", "-quiet", "-auto-advance", "50ms")
	defer func() {
		if err := stop(); err != nil {
			t.Error(err)
		}
	}()
	resp, err := http.Get(baseURL + "/_sandbox/auto-advance")
	if err != nil {
		t.Fatal(err)
	}
	var setting struct{ Delay string }
	err = json.NewDecoder(resp.Body).Decode(&setting)
	_ = resp.Body.Close()
	if err != nil || setting.Delay != "50ms" {
		t.Fatalf("setting = %+v, %v", setting, err)
	}

	partner := func(method, path, body string) map[string]any {
		t.Helper()
		req, _ := http.NewRequest(method, baseURL+path, strings.NewReader(body))
		req.Header.Set("X-Partner-Client-Id", "demo-partner")
		req.Header.Set("X-Partner-Client-Secret", "demo-partner-secret")
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = resp.Body.Close() }()
		var out map[string]any
		_ = json.NewDecoder(resp.Body).Decode(&out)
		return out
	}
	created := partner(http.MethodPost, "/v1/partner/merchants", `{"companyName":"Auto ApS","contactEmail":"auto@example.com"}`)
	if created["status"] != "pending_onboarding" {
		t.Fatalf("created = %v", created)
	}
	time.Sleep(60 * time.Millisecond) // the real clock: the command has no other
	if got := partner(http.MethodGet, "/v1/partner/merchants/3001", ""); got["status"] != "active" {
		t.Errorf("after the delay: %v", got)
	}
}

func TestParseFlagsAutoAdvance(t *testing.T) {
	if o, err := parseFlags([]string{"-auto-advance", "2s"}, io.Discard); err != nil || o.autoAdvance != 2*time.Second {
		t.Errorf("-auto-advance 2s = %+v, %v", o, err)
	}
	if o, err := parseFlags(nil, io.Discard); err != nil || o.autoAdvance != 0 {
		t.Errorf("default = %v, %v; want off", o.autoAdvance, err)
	}
	for _, bad := range []string{"-1s", "soon"} {
		if err := run(context.Background(), []string{"-addr", "127.0.0.1:0", "-auto-advance", bad}, io.Discard, io.Discard); err == nil {
			t.Errorf("-auto-advance %s was accepted", bad)
		}
	}
}
