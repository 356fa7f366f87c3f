// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"strings"
)

// Values the service sends in more than one published form. The request
// and answer types of each area mirror section 2 of the API reference:
// JSON names match the reference exactly, and optional answer fields are
// pointers so that a field the service leaves out stays distinguishable
// from an empty string.

// Decimal is an exact decimal amount as the service sends it, for example
// "1234567.89" or "-0.10". The reference types money as a string; a JSON
// number is accepted too and kept digit for digit, never parsed as float.
type Decimal string

// UnmarshalJSON accepts a JSON string or a JSON number literal.
func (d *Decimal) UnmarshalJSON(data []byte) error {
	s, err := stringOrNumber(data, "decimal must be a JSON string or number")
	if err == nil {
		*d = Decimal(s)
	}
	return err
}

// String returns the decimal exactly as received.
func (d Decimal) String() string { return string(d) }

// Int64 returns the decimal as a whole number when it is one exactly
// (10000, 10000.00, "1e4"); ok is false for fractions, numbers out of
// range and text that is not a number.
func (d Decimal) Int64() (n int64, ok bool) {
	r, ok := new(big.Rat).SetString(strings.TrimSpace(string(d)))
	if !ok || !r.IsInt() || !r.Num().IsInt64() {
		return 0, false
	}
	return r.Num().Int64(), true
}

// FlexibleID is an identifier the service may send as a JSON number or a
// JSON string; it is kept as the text of either, digit for digit.
type FlexibleID string

// UnmarshalJSON accepts a JSON string or number.
func (id *FlexibleID) UnmarshalJSON(data []byte) error {
	s, err := stringOrNumber(data, "id must be a JSON number or string")
	if err == nil {
		*id = FlexibleID(s)
	}
	return err
}

// stringOrNumber returns the text of a JSON string, or of a JSON number
// digit for digit; null is "". mismatch begins the error for anything else.
func stringOrNumber(data []byte, mismatch string) (string, error) {
	data = bytes.TrimSpace(data)
	if bytes.Equal(data, []byte("null")) {
		return "", nil
	}
	if len(data) > 0 && data[0] == '"' {
		var s string
		err := json.Unmarshal(data, &s)
		return s, err
	}
	var n json.Number
	if err := json.Unmarshal(data, &n); err != nil {
		return "", fmt.Errorf("%s, got %s", mismatch, data)
	}
	return n.String(), nil
}

// decodeList decodes a list answer sent as a bare JSON array or as an
// object holding the array under one of keys.
func decodeList[T any](data []byte, out *[]T, keys ...string) error {
	if trimmed := bytes.TrimSpace(data); len(trimmed) > 0 && trimmed[0] == '[' {
		return json.Unmarshal(trimmed, out)
	}
	var wrapped map[string]json.RawMessage
	if err := json.Unmarshal(data, &wrapped); err != nil {
		return err
	}
	for _, k := range keys {
		if raw, ok := wrapped[k]; ok && !bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
			return json.Unmarshal(raw, out)
		}
	}
	return fmt.Errorf("expected a JSON array or an object with a %q array", strings.Join(keys, `" or "`))
}
