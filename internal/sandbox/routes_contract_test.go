// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/cardpay/terraform-provider-cardpay/internal/contract"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

// TestContractAndSandboxCoverEachOther checks that every API route of the
// sandbox is described by the contract and every operation of the
// contract is served by the sandbox. Both use the same path template
// syntax and parameter names.
func TestContractAndSandboxCoverEachOther(t *testing.T) {
	spec, err := contract.Load()
	if err != nil {
		t.Fatal(err)
	}
	var described []string
	for path, item := range spec.Model.Paths.PathItems.FromOldest() {
		for method := range item.GetOperations().KeysFromOldest() {
			described = append(described, strings.ToUpper(method)+" "+path)
		}
	}
	served := sandbox.New(sandbox.Config{}).Routes()
	for _, route := range served {
		if !slices.Contains(described, route) {
			t.Errorf("the sandbox serves %s, which api/openapi.yaml does not describe", route)
		}
	}
	for _, op := range described {
		if !slices.Contains(served, op) {
			t.Errorf("api/openapi.yaml describes %s, which the sandbox does not serve", op)
		}
	}
}
