// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package api_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
	"github.com/pb33f/libopenapi-validator/config"
	"github.com/pb33f/libopenapi-validator/schema_validation"

	"github.com/cardpay/terraform-provider-cardpay/api"
	"github.com/cardpay/terraform-provider-cardpay/internal/contract"
)

// TestContractIsValidOpenAPI31 checks openapi.yaml against the OpenAPI 3.1
// schema.
func TestContractIsValidOpenAPI31(t *testing.T) {
	spec, err := contract.Load()
	if err != nil {
		t.Fatal(err)
	}
	if v := spec.Model.Version; !strings.HasPrefix(v, "3.1.") {
		t.Errorf("openapi: %q, want 3.1.x", v)
	}
	if ok, errs := spec.Validator.ValidateDocument(); !ok {
		t.Errorf("api/openapi.yaml is not valid OpenAPI 3.1:\n%s", contract.Describe(errs))
	}
}

// TestDocumentCheckCatchesAnInvalidContract proves the check above can
// fail: a contract without its info object is invalid.
func TestDocumentCheckCatchesAnInvalidContract(t *testing.T) {
	broken := bytes.Replace(api.OpenAPI(), []byte("\ninfo:\n"), []byte("\ninformation:\n"), 1)
	doc, err := libopenapi.NewDocument(broken)
	if err != nil {
		t.Fatal(err)
	}
	v, errs := validator.NewValidator(doc)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if ok, _ := v.ValidateDocument(); ok {
		t.Error("a contract without info passed the OpenAPI 3.1 check")
	}
}

// TestExamplesMatchTheirSchemas checks every published example against the
// schema it illustrates, so an example cannot drift from the contract.
func TestExamplesMatchTheirSchemas(t *testing.T) {
	examples, err := contract.Examples()
	if err != nil {
		t.Fatal(err)
	}
	if len(examples) == 0 {
		t.Fatal("the contract has no examples")
	}
	sv := schema_validation.NewSchemaValidator(config.WithFormatAssertions())
	for _, ex := range examples {
		if ex.Schema == nil {
			t.Errorf("%s: no schema", ex)
			continue
		}
		if ok, errs := sv.ValidateSchemaBytesWithVersion(ex.Schema, ex.Body, 3.1); !ok {
			t.Errorf("%s does not match its schema:\n%s\n    body: %s", ex, contract.Describe(errs), ex.Body)
		}
	}
}
