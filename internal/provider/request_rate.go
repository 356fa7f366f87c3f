// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// The attribute, the variable that backs it, and the debugging aid.
const (
	attrMaxRequestsPerSecond = "max_requests_per_second"
	envMaxRequestsPerSecond  = "CARDPAY_MAX_REQUESTS_PER_SECOND"
)

func maxRequestsPerSecondAttribute() schema.Float64Attribute {
	return schema.Float64Attribute{
		MarkdownDescription: "Most requests per second the provider sends with each credential (the partner " +
			"credentials and the access token count apart), evenly spaced, for partners who know their quota: " +
			"for example `20`, or `0.5` for one request every two seconds. Without it the provider still adapts " +
			"to the service: after a `429 Too Many Requests` it slows every request down to the rate the service " +
			"accepts, and speeds up again while answers are good (see the guide on retries and failures). " +
			"Environment variable: `" + envMaxRequestsPerSecond + "`.",
		Optional:   true,
		Validators: []validator.Float64{requestRateValidator{}},
	}
}

// maxRequestsPerSecondLimit bounds max_requests_per_second: beyond it the
// ceiling limits nothing a Terraform run can send.
const maxRequestsPerSecondLimit = 10000

// requestRateSetting resolves max_requests_per_second: the configuration,
// else the environment, else 0 (no ceiling).
func requestRateSetting(v types.Float64, lookupEnv func(string) (string, bool), s *settings) string {
	switch {
	case v.IsUnknown():
		s.Unknown = append(s.Unknown, attrMaxRequestsPerSecond)
	case !v.IsNull():
		s.MaxRequestsPerSecond = v.ValueFloat64()
	default:
		raw, ok := lookupEnv(envMaxRequestsPerSecond)
		if !ok || raw == "" {
			return ""
		}
		n, err := strconv.ParseFloat(raw, 64)
		if err != nil || !validRequestRate(n) {
			return fmt.Sprintf("%s=%q %s.", envMaxRequestsPerSecond, raw, requestRateRule)
		}
		s.MaxRequestsPerSecond = n
	}
	return ""
}

const requestRateRule = "must be a number of requests per second above 0 and at most 10000, such as 20 or 0.5 " +
	"(one request every two seconds); leave it unset to let the provider adapt to the service's rate limit"

func validRequestRate(n float64) bool { return n > 0 && n <= maxRequestsPerSecondLimit }

// requestRateValidator checks max_requests_per_second at plan time.
type requestRateValidator struct{}

func (requestRateValidator) Description(context.Context) string { return requestRateRule }

func (v requestRateValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (requestRateValidator) ValidateFloat64(_ context.Context, req validator.Float64Request, resp *validator.Float64Response) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if n := req.ConfigValue.ValueFloat64(); !validRequestRate(n) {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid max_requests_per_second",
			fmt.Sprintf("max_requests_per_second is %v; it %s.", n, requestRateRule))
	}
}
