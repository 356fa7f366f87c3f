// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package contract

import (
	"encoding/json"
	"fmt"

	"github.com/pb33f/libopenapi/datamodel/high/base"
	v3 "github.com/pb33f/libopenapi/datamodel/high/v3"
	"github.com/pb33f/libopenapi/orderedmap"
)

// Example is one published example of the contract: a request body or an
// answer of an operation, or a webhook delivery.
type Example struct {
	OperationID string
	Method      string
	// Path is the operation's path, or the webhook's name.
	Path string
	// Webhook is true for deliveries the service sends to partners.
	Webhook bool
	// Status is the answer's code as the contract writes it ("200",
	// "default"); "" for request bodies and deliveries.
	Status    string
	Name      string
	Summary   string
	MediaType string
	// Schema is the schema of the example's media type.
	Schema *base.Schema
	// Body is the example's value as JSON.
	Body []byte
}

// IsAnswer reports whether the example is an answer of the service.
func (e Example) IsAnswer() bool { return e.Status != "" }

// String names the example in test output.
func (e Example) String() string {
	where := e.OperationID
	if e.IsAnswer() {
		where += " " + e.Status
	}
	return where + " " + e.Name
}

// Examples lists every example of the contract: operations by path, then
// webhooks by name, each with its request body's examples before its
// answers'. The order is stable, so test names are.
func Examples() ([]Example, error) {
	spec, err := Load()
	if err != nil {
		return nil, err
	}
	var out []Example
	for path, item := range orderedmap.SortAlpha(spec.Model.Paths.PathItems).FromOldest() {
		if out, err = appendOperations(out, path, item, false); err != nil {
			return nil, err
		}
	}
	for name, item := range orderedmap.SortAlpha(spec.Model.Webhooks).FromOldest() {
		if out, err = appendOperations(out, name, item, true); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func appendOperations(out []Example, path string, item *v3.PathItem, webhook bool) ([]Example, error) {
	var err error
	for method, op := range item.GetOperations().FromOldest() {
		base := Example{OperationID: op.OperationId, Method: method, Path: path, Webhook: webhook}
		if op.RequestBody != nil {
			if out, err = appendContent(out, base, op.RequestBody.Content); err != nil {
				return nil, err
			}
		}
		if out, err = appendAnswers(out, base, op.Responses); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func appendAnswers(out []Example, base Example, responses *v3.Responses) ([]Example, error) {
	if responses == nil {
		return out, nil
	}
	var err error
	for code, resp := range responses.Codes.FromOldest() {
		base.Status = code
		if out, err = appendContent(out, base, resp.Content); err != nil {
			return nil, err
		}
	}
	if responses.Default != nil {
		base.Status = "default"
		out, err = appendContent(out, base, responses.Default.Content)
	}
	return out, err
}

func appendContent(out []Example, base Example, content *orderedmap.Map[string, *v3.MediaType]) ([]Example, error) {
	for mediaType, mt := range content.FromOldest() {
		for name, ex := range mt.Examples.FromOldest() {
			e := base
			e.Name, e.Summary, e.MediaType = name, ex.Summary, mediaType
			if mt.Schema != nil {
				e.Schema = mt.Schema.Schema()
			}
			var err error
			if e.Body, err = toJSON(ex); err != nil {
				return nil, fmt.Errorf("example %s: %w", e, err)
			}
			out = append(out, e)
		}
	}
	return out, nil
}

// toJSON renders an example's YAML value as JSON.
func toJSON(ex *base.Example) ([]byte, error) {
	if ex.Value == nil {
		return nil, fmt.Errorf("no value")
	}
	var v any
	if err := ex.Value.Decode(&v); err != nil {
		return nil, err
	}
	return json.Marshal(v)
}
