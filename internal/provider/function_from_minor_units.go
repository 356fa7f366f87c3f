// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"math/big"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/function"
)

var _ function.Function = fromMinorUnitsFunction{}

// fromMinorUnitsFunction converts a whole number of minor units (1234)
// into decimal text in major units ("12.34").
type fromMinorUnitsFunction struct{ functionBase }

func newFromMinorUnitsFunction() function.Function {
	return fromMinorUnitsFunction{functionBase{name: "from_minor_units"}}
}

func (fromMinorUnitsFunction) Definition(_ context.Context, _ function.DefinitionRequest, resp *function.DefinitionResponse) {
	resp.Definition = function.Definition{
		Summary: "Converts an amount in the currency's minor units into major units",
		MarkdownDescription: "Converts a whole number of the currency's minor units, such as `cardpay_order`'s " +
			"`amount` `1234` in EUR, into decimal text in major units, `\"12.34\"`, with exactly as many decimals " +
			"as the currency's ISO 4217 exponent (none for JPY: `1234` is `\"1234\"`). The result is a string, so " +
			"no digit is lost to floating point; Terraform converts it to a number where one is needed.",
		Parameters: []function.Parameter{
			function.NumberParameter{
				Name:                "minor_units",
				MarkdownDescription: "The amount in minor units: a whole number, such as `1234` (cents, for EUR), negative for a refund.",
			},
			currencyParameter(),
		},
		Return: function.StringReturn{},
	}
}

func (fromMinorUnitsFunction) Run(ctx context.Context, req function.RunRequest, resp *function.RunResponse) {
	minor, _, digits, funcErr := conversionArguments[*big.Float](ctx, req)
	if funcErr != nil {
		resp.Error = funcErr
		return
	}
	whole, accuracy := minor.Int(nil)
	if minor.IsInf() || accuracy != big.Exact {
		resp.Error = function.NewArgumentFuncError(0, fmt.Sprintf("%s is not a whole number of minor units: "+
			"write an integer such as 1234, or convert an amount in major units with to_minor_units", minor.Text('g', -1)))
		return
	}
	resp.Error = resp.Result.Set(ctx, formatMinorUnits(whole, digits))
}

// formatMinorUnits writes minor units as decimal text in major units, with
// digits decimals.
func formatMinorUnits(minor *big.Int, digits int) string {
	sign := ""
	if minor.Sign() < 0 {
		sign = "-"
	}
	text := new(big.Int).Abs(minor).String()
	if digits == 0 {
		return sign + text
	}
	if len(text) <= digits {
		text = strings.Repeat("0", digits-len(text)+1) + text
	}
	return sign + text[:len(text)-digits] + "." + text[len(text)-digits:]
}
