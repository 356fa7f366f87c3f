package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

var (
	_ resource.ResourceWithConfigure  = (*onboardingApplicationResource)(nil)
	_ resource.ResourceWithModifyPlan = (*onboardingApplicationResource)(nil)
)

const (
	onboardingNoWithdrawSummary = "Onboarding applications cannot be withdrawn through the API"
	onboardingNoWithdrawDetail  = "The cardpay API has no endpoint to read, cancel or delete an onboarding " +
		"application. Destroying or replacing cardpay_onboarding_application only removes it from Terraform " +
		"state: the application stays open at the service and the merchant keeps the verification link that " +
		"was e-mailed to them. A replacement starts a second application."
)

func newOnboardingApplicationResource() resource.Resource {
	return &onboardingApplicationResource{createOnlyResource{
		forgetSummary: onboardingNoWithdrawSummary,
		forgetDetail:  onboardingNoWithdrawDetail,
		replacedBy:    []string{"merchant_id"},
	}}
}

type onboardingApplicationResource struct {
	createOnlyResource
}

type onboardingApplicationModel struct {
	ID                types.String `tfsdk:"id"`
	MerchantID        types.Int64  `tfsdk:"merchant_id"`
	ApplicationID     types.String `tfsdk:"application_id"`
	WebKybURL         types.String `tfsdk:"web_kyb_url"`
	ShortLinkURL      types.String `tfsdk:"short_link_url"`
	ApplicationStatus types.String `tfsdk:"application_status"`
}

func (r *onboardingApplicationResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_onboarding_application"
}

func (r *onboardingApplicationResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Starts a card-payment onboarding (business verification, KYB) application for a " +
			"merchant. The service e-mails the verification link to the merchant and returns it here, so it can " +
			"also be passed on through other channels.\n\n" +
			"~> **Terraform only knows the application as it was created.** The API has no endpoint to read, " +
			"withdraw or delete an application: Terraform never refreshes it (`application_status` stays the " +
			"value at creation), cannot import an existing application, and destroying the resource only " +
			"removes it from state (the plan and the apply warn about it). Changing `merchant_id` starts a new " +
			"application and leaves the old one open.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				MarkdownDescription: "The application ID, same as `application_id`.",
				Computed:            true,
				PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"merchant_id": schema.Int64Attribute{
				MarkdownDescription: "Numeric ID of the merchant to onboard. Changing it starts a new application " +
					"for the other merchant (replacement); the old application is not withdrawn.",
				Required:      true,
				Validators:    merchantIDValidators(),
				PlanModifiers: []planmodifier.Int64{int64planmodifier.RequiresReplace()},
			},
			"application_id": schema.StringAttribute{
				MarkdownDescription: "Identifier the service uses to track the application.",
				Computed:            true,
				PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"web_kyb_url": schema.StringAttribute{
				MarkdownDescription: "Page where the merchant completes business verification. The service " +
					"also e-mails it to the merchant.",
				Computed:      true,
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"short_link_url": schema.StringAttribute{
				MarkdownDescription: "Shortened form of `web_kyb_url`. Null when the service offers no short " +
					"link for this merchant.",
				Computed:      true,
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"application_status": schema.StringAttribute{
				MarkdownDescription: "Status of the application **when it was created**, normally `PENDING`. " +
					"It is not refreshed: the API cannot read an application, so later statuses such as " +
					"`IN_REVIEW` or `MERCHANT_CREATED` never reach Terraform.",
				Computed:      true,
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
		},
	}
}

func (r *onboardingApplicationResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan onboardingApplicationModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	c, diags := r.data.partnerClient()
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}

	merchantID := plan.MerchantID.ValueInt64()
	app, err := c.StartOnboarding(ctx, merchantID)
	if err != nil {
		addCreateOnlyError(&resp.Diagnostics, "onboarding application", merchantID, err)
		return
	}
	plan.ID = types.StringValue(app.ApplicationID)
	plan.ApplicationID = types.StringValue(app.ApplicationID)
	plan.WebKybURL = stringOrNull(app.WebKybURL)
	plan.ShortLinkURL = stringPointerOrNull(app.ShortLinkURL)
	plan.ApplicationStatus = stringOrNull(app.ApplicationStatus)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}
