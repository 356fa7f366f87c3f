// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

// Package contract checks HTTP traffic against the API's contract,
// api/openapi.yaml, with libopenapi-validator. It is a test helper: only
// tests import it. Handler wraps a test server so that every request the
// client sends and every answer the server gives is validated, and
// Examples lists the published examples so tests can decode each one.
package contract

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
	"github.com/pb33f/libopenapi-validator/config"
	verrors "github.com/pb33f/libopenapi-validator/errors"
	v3 "github.com/pb33f/libopenapi/datamodel/high/v3"

	"github.com/cardpay/terraform-provider-cardpay/api"
)

// Spec is the parsed contract and a validator built from it.
type Spec struct {
	Model     *v3.Document
	Validator validator.Validator
}

// Load parses the contract once per process; every caller shares the
// result, so the schemas are compiled only once.
func Load() (*Spec, error) { return loadOnce() }

var loadOnce = sync.OnceValues(load)

func load() (*Spec, error) {
	doc, err := libopenapi.NewDocument(api.OpenAPI())
	if err != nil {
		return nil, fmt.Errorf("parsing api/openapi.yaml: %w", err)
	}
	model, err := doc.BuildV3Model()
	if err != nil {
		return nil, fmt.Errorf("building the model of api/openapi.yaml: %w", err)
	}
	// Format assertions make "format: date-time", "uri" and "email" checks
	// rather than annotations, so a malformed timestamp or URL is caught.
	v, errs := validator.NewValidator(doc, config.WithFormatAssertions())
	if len(errs) > 0 {
		return nil, fmt.Errorf("building a validator of api/openapi.yaml: %w", errors.Join(errs...))
	}
	return &Spec{Model: &model.Model, Validator: v}, nil
}

// Describe renders validation errors one per line, with the failing
// schema locations, for test output.
func Describe(errs []*verrors.ValidationError) string {
	lines := make([]string, 0, len(errs))
	for _, e := range errs {
		line := e.Message
		if e.Reason != "" && e.Reason != e.Message {
			line += ": " + e.Reason
		}
		for _, f := range e.SchemaValidationErrors {
			line += "\n    " + schemaFailure(f)
		}
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n")
}

func schemaFailure(f *verrors.SchemaValidationFailure) string {
	where := f.FieldPath
	if where == "" {
		where = "$"
	}
	if f.KeywordLocation != "" {
		return fmt.Sprintf("%s: %s (schema %s)", where, f.Reason, f.KeywordLocation)
	}
	return where + ": " + f.Reason
}
