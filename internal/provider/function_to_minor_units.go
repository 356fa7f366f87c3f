// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/moov-io/iso4217"
)

var _ function.Function = toMinorUnitsFunction{}

// toMinorUnitsFunction converts an amount in major units ("12.34") into
// the integer of minor units (1234) that cardpay_order's amount takes.
type toMinorUnitsFunction struct{ functionBase }

func newToMinorUnitsFunction() function.Function {
	return toMinorUnitsFunction{functionBase{name: "to_minor_units"}}
}

func (toMinorUnitsFunction) Definition(_ context.Context, _ function.DefinitionRequest, resp *function.DefinitionResponse) {
	resp.Definition = function.Definition{
		Summary: "Converts an amount in major units into the currency's minor units",
		MarkdownDescription: "Converts an amount in major units, such as `\"12.34\"` euro, into the whole number of the " +
			"currency's minor units, `1234` cents: what `cardpay_order`'s `amount` takes. The number of minor-unit " +
			"digits is the currency's ISO 4217 exponent (2 for EUR, DKK and SEK, 0 for JPY, 3 for BHD). The " +
			"conversion is exact decimal arithmetic; an amount with more decimals than the currency has is an " +
			"error, never rounded.",
		Parameters: []function.Parameter{
			function.StringParameter{
				Name: "amount",
				MarkdownDescription: "The amount in major units, as decimal text: digits with an optional `-` before " +
					"and an optional `.` and decimals after, such as `\"12.34\"`, `\"-5\"` or `\"1000.5\"`. Pass a " +
					"string: a Terraform number is converted to its decimal text first, and arithmetic on numbers " +
					"may leave more decimals than you expect (which is then an error).",
			},
			currencyParameter(),
		},
		Return: function.NumberReturn{},
	}
}

func (toMinorUnitsFunction) Run(ctx context.Context, req function.RunRequest, resp *function.RunResponse) {
	amount, code, digits, funcErr := conversionArguments[string](ctx, req)
	if funcErr != nil {
		resp.Error = funcErr
		return
	}
	minor, err := parseMajorUnits(amount, code, digits)
	if err != nil {
		resp.Error = function.NewArgumentFuncError(0, err.Error())
		return
	}
	resp.Error = resp.Result.Set(ctx, new(big.Float).SetInt(minor))
}

// currencyParameter is the currency argument of the unit conversions.
func currencyParameter() function.StringParameter {
	return function.StringParameter{
		Name: "currency",
		MarkdownDescription: "The ISO 4217 code of the currency, in capitals, such as `\"EUR\"`, `\"DKK\"` or " +
			"`\"SEK\"` (the currencies `cardpay_order` takes), or any other ISO 4217 code.",
	}
}

// conversionArguments are a unit conversion's amount and currency, and the
// number of minor-unit digits of the currency.
func conversionArguments[A any](ctx context.Context, req function.RunRequest) (amount A, code string, digits int, funcErr *function.FuncError) {
	if funcErr = req.Arguments.Get(ctx, &amount, &code); funcErr != nil {
		return amount, code, 0, funcErr
	}
	digits, err := currencyDigits(code)
	if err != nil {
		return amount, code, 0, function.NewArgumentFuncError(1, err.Error())
	}
	return amount, code, digits, nil
}

var currencyCodePattern = regexp.MustCompile(`^[A-Z]{3}$`)

// currencyDigits is the number of minor-unit digits of an ISO 4217
// currency: its exponent, as the moov-io/iso4217 library carries the ISO
// list (golang.org/x/text/currency has CLDR's digits, which differ for IQD,
// IDR, COP and others).
func currencyDigits(code string) (int, error) {
	if !currencyCodePattern.MatchString(code) {
		if upper := strings.ToUpper(strings.TrimSpace(code)); currencyCodePattern.MatchString(upper) {
			return 0, fmt.Errorf("write the currency code in capitals: %q, not %q", upper, code)
		}
		return 0, fmt.Errorf("%q is not an ISO 4217 currency code: write three capital letters, such as \"EUR\"", code)
	}
	c, ok := iso4217.Lookup(code)
	if !ok {
		return 0, fmt.Errorf("%q is not an ISO 4217 currency code: write one such as \"EUR\", \"DKK\" or \"SEK\"", code)
	}
	return int(c.DecimalPlaces), nil
}

var majorUnitsPattern = regexp.MustCompile(`^(-?)([0-9]+)(?:\.([0-9]+))?$`)

// parseMajorUnits reads decimal text in major units as the exact number of
// minor units of a currency with digits minor-unit digits.
func parseMajorUnits(amount, code string, digits int) (*big.Int, error) {
	m := majorUnitsPattern.FindStringSubmatch(amount)
	if m == nil {
		return nil, fmt.Errorf("%q is not a decimal amount: write digits with an optional \"-\" before and an "+
			"optional \".\" and decimals after, such as \"12.34\" (no spaces, exponents or thousands separators)", amount)
	}
	sign, whole, decimals := m[1], m[2], m[3]
	if extra := strings.TrimRight(decimals, "0"); len(extra) > digits {
		if digits == 0 {
			return nil, fmt.Errorf("%q has decimals, but %s has no minor units: write a whole amount, such as \"12\"", amount, code)
		}
		return nil, fmt.Errorf("%q has %d decimals, but %s has only %d: write at most %d, such as %q",
			amount, len(extra), code, digits, digits, exampleAmount(digits))
	}
	decimals = (decimals + strings.Repeat("0", digits))[:digits]
	minor, _ := new(big.Int).SetString(sign+whole+decimals, 10)
	return minor, nil
}

// exampleAmount is an amount with digits (at least 1) decimals, for
// messages.
func exampleAmount(digits int) string {
	return "12." + strings.Repeat("3456789", 1+digits/7)[:digits]
}
