// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

var _ datasource.DataSourceWithConfigure = (*onboardingStatusDataSource)(nil)

func newOnboardingStatusDataSource() datasource.DataSource {
	return &onboardingStatusDataSource{dataSourceBase{name: "onboarding_status"}}
}

type onboardingStatusDataSource struct{ dataSourceBase }

type onboardingStatusModel struct {
	MerchantID        types.Int64  `tfsdk:"merchant_id"`
	ApplicationID     types.String `tfsdk:"application_id"`
	ApplicationStatus types.String `tfsdk:"application_status"`
	WebKybURL         types.String `tfsdk:"web_kyb_url"`
	MerchantCreated   types.Bool   `tfsdk:"merchant_created"`
	Rejected          types.Bool   `tfsdk:"rejected"`
}

func (m *onboardingStatusModel) fromAPI(status *client.OnboardingStatus) {
	stage := client.OnboardingStageOf(status.ApplicationStatus)
	m.ApplicationID = stringOrNull(status.ApplicationID)
	m.ApplicationStatus = types.StringValue(status.ApplicationStatus)
	m.WebKybURL = stringPointerOrNull(status.WebKybURL)
	m.MerchantCreated = types.BoolValue(stage == client.OnboardingMerchantCreated)
	m.Rejected = types.BoolValue(stage == client.OnboardingRejected)
}

func (d *onboardingStatusDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Reads the status of a merchant's current card-payment onboarding application, " +
			"whether or not Terraform started it. Use it to check that a merchant exists before configuring it, " +
			"for example in a `precondition` on `merchant_created`.",
		Attributes: map[string]schema.Attribute{
			"merchant_id":    merchantIDArgument("Numeric ID of a merchant the partner manages."),
			"application_id": computedText("Identifier of the merchant's current onboarding application."),
			"application_status": computedText("Status word exactly as the service reports it, in either of its vocabularies " +
				"(`PENDING`, `IN_REVIEW`, ... or `APPLICATION_INITIATED`, `APPLICATION_SUBMITTED`, ...)."),
			"web_kyb_url": computedText("Page where the merchant completes business verification; null once the link " +
				"is no longer active."),
			"merchant_created": computedFlag("`true` when the status is `MERCHANT_CREATED`: the merchant exists and " +
				"terminals and payment methods can be set up."),
			"rejected": computedFlag("`true` when the status is `REJECTED`: business verification failed."),
		},
	}
}

func (d *onboardingStatusDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m onboardingStatusModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	c, diags := d.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	status, err := c.GetOnboardingStatus(ctx, m.MerchantID.ValueInt64())
	if err != nil {
		addAPIError(&resp.Diagnostics, fmt.Sprintf("Could not read the onboarding status of merchant %d", m.MerchantID.ValueInt64()), err)
		return
	}
	m.fromAPI(status)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
