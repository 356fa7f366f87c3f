// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

var updateSchemaSnapshot = flag.Bool("update-schema", false, "rewrite testdata/schema.json from the provider's schema")

// The provider's public schema (every attribute, description, identity and
// function of every type) is kept in testdata/schema.json, so a refactor
// that changes it by accident fails here. A change meant to change the
// schema updates the snapshot: go test ./internal/provider -run
// TestSchemaSnapshot -update-schema.
func TestSchemaSnapshot(t *testing.T) {
	srv := protocolServer(t)
	resp, err := srv.GetProviderSchema(context.Background(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	identities, err := srv.GetResourceIdentitySchemas(context.Background(), &tfprotov6.GetResourceIdentitySchemasRequest{})
	if err != nil {
		t.Fatal(err)
	}
	resp.Diagnostics = append(resp.Diagnostics, identities.Diagnostics...)
	if len(resp.Diagnostics) > 0 {
		t.Fatalf("schema diagnostics: %+v", resp.Diagnostics)
	}
	got, err := json.MarshalIndent(map[string]any{"schema": resp, "identities": identities.IdentitySchemas}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	const path = "testdata/schema.json"
	if *updateSchemaSnapshot {
		if err := os.WriteFile(path, append(got, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(bytes.TrimSpace(want), bytes.TrimSpace(got)) {
		t.Errorf("the provider's schema differs from %s; if the change is meant, run "+
			"go test ./internal/provider -run TestSchemaSnapshot -update-schema and review the diff", path)
	}
}
