// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/provider/planmodifiers"
)

var (
	_ resource.ResourceWithConfigure   = (*onboardingApplicationResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*onboardingApplicationResource)(nil)
	_ resource.ResourceWithImportState = (*onboardingApplicationResource)(nil)
	_ resource.ResourceWithIdentity    = (*onboardingApplicationResource)(nil)
)

// onboardingForgotten is what destroying or replacing an onboarding
// application does: the API cannot withdraw it, so it only leaves the
// state.
var onboardingForgotten = planmodifiers.Warning{
	Summary: "Onboarding applications cannot be withdrawn through the API",
	Detail: "The cardpay API can start an onboarding application and read its status, but cannot cancel or delete " +
		"one. Destroying or replacing cardpay_onboarding_application only removes it from Terraform state: the " +
		"application stays open at the service and the merchant keeps the verification link that was e-mailed to " +
		"them. A replacement starts a second application.",
}

func newOnboardingApplicationResource() resource.Resource { return &onboardingApplicationResource{} }

// onboardingApplicationResource is cardpay_onboarding_application.
type onboardingApplicationResource struct{ data *providerData }

func (r *onboardingApplicationResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_onboarding_application"
}

func (r *onboardingApplicationResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.data = providerDataFrom(req.ProviderData, &resp.Diagnostics)
}

func (r *onboardingApplicationResource) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Starts a card-payment onboarding (business verification, KYB) application for a " +
			"merchant. The service e-mails the verification link to the merchant and returns it here, so it can " +
			"also be passed on through other channels. Every refresh reads the merchant's onboarding status, so " +
			"`application_status` follows the service. With `wait_for = \"MERCHANT_CREATED\"`, the apply waits " +
			"until verification has created the merchant, so that terminals and payment methods that depend on " +
			"this resource are set up only once the merchant exists.\n\n" +
			"A merchant has one card onboarding: when it already has an application that was not rejected (an " +
			"earlier apply started it and then failed, or the merchant was onboarded before), the plan says so and " +
			"the apply records that application instead of starting a second one.\n\n" +
			"~> **The API cannot withdraw an application.** Destroying the resource only removes it from state " +
			"(the plan and the apply warn about it). Changing `merchant_id` starts an application for the other " +
			"merchant (or records its current one) and leaves the old one open.",
		Attributes: map[string]schema.Attribute{
			"id": keptString("The application ID, same as `application_id`."),
			"merchant_id": replacingMerchantID("Numeric ID of the merchant to onboard. Changing it starts a new application "+
				"for the other merchant (replacement); the old application is not withdrawn. Also the import ID.", onboardingForgotten),
			"wait_for": schema.StringAttribute{
				MarkdownDescription: "Set to `MERCHANT_CREATED` to make the apply wait, polling the onboarding " +
					"status, until verification has created the merchant (`timeouts.create`, by default 30 minutes). " +
					"A `REJECTED` application ends the wait with an error. While the merchant does not exist yet, " +
					"every plan shows an update of `application_status` that waits again (`timeouts.update`). " +
					"Leave it unset to return as soon as the application is started.",
				Optional:   true,
				Validators: []validator.String{stringvalidator.OneOf(client.ApplicationStatusMerchantCreated)},
			},
			"application_id": keptString("Identifier the service uses to track the application."),
			"web_kyb_url": keptString("Page where the merchant completes business verification. The service also " +
				"e-mails it to the merchant. Null once the link is no longer active (the service stops " +
				"reporting it when verification has ended). An update that waits (`wait_for`) keeps it as it was; " +
				"the next refresh records it."),
			"short_link_url": keptString("Shortened form of `web_kyb_url`, as returned when the application was " +
				"started (the status read does not report it). Null when the service offers no short link, and " +
				"after import."),
			"application_status": keptString("Status of the application as the service reports it on every refresh. The " +
				"service uses two vocabularies: `PENDING`, `IN_REVIEW`, `MERCHANT_CREATED`, `REJECTED`, or " +
				"`APPLICATION_INITIATED`, `APPLICATION_SUBMITTED`, `APPLICATION_SIGNED`, " +
				"`APPLICATION_COMPLETED`, `MERCHANT_CREATED`. `MERCHANT_CREATED` means the merchant exists; " +
				"`REJECTED` means verification failed; any other word means verification is in progress."),
		},
		Blocks: map[string]schema.Block{
			"timeouts": timeouts.Block(ctx, timeouts.Opts{
				Create: true,
				Update: true,
				CreateDescription: "How long the apply that starts the application waits for `wait_for`, as a " +
					"duration such as `\"45m\"` or `\"8h\"`. Default `30m`.",
				UpdateDescription: "How long a later apply waits for `wait_for` when the merchant did not exist yet " +
					"at the last refresh, as a duration such as `\"45m\"`. Default `30m`.",
			}),
		},
	}
}

// ModifyPlan checks the credentials (credentials_check.go), warns when
// destroy only forgets the application or when a create will record the
// merchant's current application (planCurrent), and plans a new wait when
// the configuration waits for a merchant that the last refresh did not see
// created yet.
func (r *onboardingApplicationResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	r.data.checkCredentials(ctx, client.PartnerAPI, req, &resp.Diagnostics)
	switch {
	case req.Plan.Raw.IsNull():
		resp.Diagnostics.Append(onboardingForgotten.Diagnostics(ctx, req.State)...)
		return
	case req.State.Raw.IsNull():
		r.planCurrent(ctx, req, resp)
		return
	}
	var plan, state onboardingApplicationModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() || !plan.waitsFor(state.ApplicationStatus) {
		return
	}
	// Only the status is promised: the link may end with the wait, and the
	// plan keeps it, as the apply then does, until a refresh reads it again.
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("application_status"), types.StringUnknown())...)
}

// planCurrent warns in a create's plan when the apply will record the
// merchant's current application instead of starting one (recordable).
// A merchant_id known only after apply, or a provider that cannot call the
// API yet, leaves it to the apply.
func (r *onboardingApplicationResource) planCurrent(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	var merchantID types.Int64
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("merchant_id"), &merchantID)...)
	c, clientDiags := r.data.clientFor(client.PartnerAPI)
	if merchantID.IsUnknown() || merchantID.IsNull() || clientDiags.HasError() {
		return
	}
	current, err := currentApplication(ctx, c, merchantID.ValueInt64())
	if err != nil {
		addAPIError(&resp.Diagnostics, fmt.Sprintf("Could not read the onboarding status of merchant %d", merchantID.ValueInt64()), err)
	} else if recordable(current) {
		addCurrentApplicationWarning(&resp.Diagnostics, merchantID.ValueInt64(), current, "the apply records it instead of starting one")
	}
}

func (r *onboardingApplicationResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan onboardingApplicationModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	c, diags := r.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	merchantID := plan.MerchantID.ValueInt64()
	current, err := currentApplication(ctx, c, merchantID)
	switch {
	case err != nil:
		addAPIError(&resp.Diagnostics, fmt.Sprintf("Could not read the onboarding status of merchant %d", merchantID), err)
		return
	case recordable(current):
		addCurrentApplicationWarning(&resp.Diagnostics, merchantID, current, "recorded instead of started")
		plan.fromCurrent(current)
	case !r.start(ctx, c, &plan, current, &resp.Diagnostics):
		return
	}
	tflog.Info(ctx, "onboarding application", map[string]any{
		"merchant_id": merchantID, "application_id": plan.ApplicationID.ValueString(), "application_status": plan.ApplicationStatus.ValueString(),
	})
	if plan.waitsFor(plan.ApplicationStatus) {
		timeout, diags := plan.Timeouts.Create(ctx, defaultOnboardingWait)
		resp.Diagnostics.Append(diags...)
		resp.Diagnostics.Append(r.waitForMerchant(ctx, c, &plan, timeout, "create")...)
	}
	// Saved even when the wait failed: the application exists. Terraform
	// then marks it tainted, and the error says how to go on.
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
	resp.Diagnostics.Append(resp.Identity.Set(ctx, plan.identity())...)
}

// start starts an application. When the outcome is unknown, the
// merchant's current application is the one it made if it is another than
// before, the current one before the request. It reports a failure into
// diags and returns false.
func (r *onboardingApplicationResource) start(ctx context.Context, c *client.Client, m *onboardingApplicationModel,
	before *client.OnboardingStatus, diags *diag.Diagnostics,
) bool {
	merchantID := m.MerchantID.ValueInt64()
	app, startErr := c.StartOnboarding(ctx, merchantID)
	if startErr == nil {
		m.fromCreateAnswer(app)
		return true
	}
	var beforeID string
	if before != nil {
		beforeID = before.ApplicationID
	}
	found, err := recoverCreated(ctx, startErr, func(ctx context.Context) ([]client.OnboardingStatus, error) {
		current, err := currentApplication(ctx, c, merchantID)
		if current == nil {
			return nil, err
		}
		return []client.OnboardingStatus{*current}, nil
	}, func(s *client.OnboardingStatus) bool { return s.ApplicationID != beforeID },
		fmt.Sprintf("merchant %d's current onboarding application", merchantID), "new current onboarding applications")
	if err != nil {
		addCreateError(diags, "onboarding application", merchantOwner(merchantID), err, "the cardpay_onboarding_status data source shows the merchant's current application")
		return false
	}
	diags.AddWarning("The application's start was answered with an error, but it exists",
		fmt.Sprintf("%v\n\nThe onboarding status now reports application %s, which was not merchant %d's current application "+
			"before the request, and the provider records it: a second apply would otherwise start a second application. "+
			"Its short link was in the lost answer, so short_link_url is null; web_kyb_url is the verification link.",
			startErr, found.ApplicationID, merchantID))
	m.fromCurrent(found)
	return true
}

// currentApplication reads the merchant's current application; nil when
// the merchant has none.
func currentApplication(ctx context.Context, c *client.Client, merchantID int64) (*client.OnboardingStatus, error) {
	status, err := c.GetOnboardingStatus(ctx, merchantID)
	if notFound(err) {
		return nil, nil
	}
	return status, err
}

// recordable reports whether a create records the merchant's current
// application instead of starting one: a merchant has one card onboarding,
// and only a rejected application calls for a new one.
func recordable(current *client.OnboardingStatus) bool {
	return current != nil && client.OnboardingStageOf(current.ApplicationStatus) != client.OnboardingRejected
}

// addCurrentApplicationWarning says that the merchant's current
// application is recorded instead of a new one started.
func addCurrentApplicationWarning(diags *diag.Diagnostics, merchantID int64, current *client.OnboardingStatus, what string) {
	diags.AddWarning(fmt.Sprintf("Merchant %d has an onboarding application already: %s", merchantID, what),
		fmt.Sprintf("The service reports application %s (status %s) as merchant %d's current card onboarding application. "+
			"A merchant has one card onboarding, so the provider records this application instead of starting a second "+
			"one (which would e-mail the merchant a second verification link), and waits for it when wait_for says so. "+
			"This happens when an earlier apply failed after starting it (a wait_for that ran out leaves the application "+
			"tainted, and Terraform replaces a tainted resource), or when the merchant was onboarded before. "+
			"short_link_url is null, since only the answer that started the application has it. Only a REJECTED "+
			"application is not recorded: the apply then starts a new one.",
			current.ApplicationID, current.ApplicationStatus, merchantID))
}

func (r *onboardingApplicationResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state onboardingApplicationModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	c, diags := r.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	merchantID := state.MerchantID.ValueInt64()
	status, err := c.GetOnboardingStatus(ctx, merchantID)
	if !readOrForget(ctx, resp, err, fmt.Sprintf("Could not read the onboarding status of merchant %d", merchantID), state.identity()) {
		return
	}
	if !state.fromAPI(status) {
		resp.Diagnostics.AddWarning("Onboarding status not refreshed",
			fmt.Sprintf("The service reports application %s as merchant %d's current onboarding application, not %s, "+
				"which this resource started. Its status is kept as last read (%s). Import the current application "+
				"(terraform import ... %d) to follow it instead.",
				status.ApplicationID, merchantID, state.ApplicationID.ValueString(), state.ApplicationStatus.ValueString(), merchantID))
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
	resp.Diagnostics.Append(resp.Identity.Set(ctx, state.identity())...)
}

// Update records the arguments that change no object (wait_for,
// timeouts) and, when the plan says so, waits again for the merchant.
func (r *onboardingApplicationResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan, state onboardingApplicationModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	plan.ApplicationStatus = state.ApplicationStatus
	if plan.waitsFor(state.ApplicationStatus) {
		c, diags := r.data.clientFor(client.PartnerAPI)
		if resp.Diagnostics.Append(diags...); diags.HasError() {
			return
		}
		timeout, diags := plan.Timeouts.Update(ctx, defaultOnboardingWait)
		resp.Diagnostics.Append(diags...)
		resp.Diagnostics.Append(r.waitForMerchant(ctx, c, &plan, timeout, "update")...)
		plan.WebKybURL = state.WebKybURL // as planned (ModifyPlan)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
	resp.Diagnostics.Append(resp.Identity.Set(ctx, plan.identity())...)
}

// Delete only forgets the application, which the API cannot withdraw: it
// warns, and the framework removes the application from state.
func (r *onboardingApplicationResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	resp.Diagnostics.Append(onboardingForgotten.Diagnostics(ctx, req.State)...)
}

// importIDForm is the merchant ID alone: the service reports each
// merchant's current application.
func (r *onboardingApplicationResource) importIDForm() importIDForm {
	return importIDForm{
		syntax:  "<merchant_id>",
		example: "1001",
		fields:  []importField{{name: fieldMerchantID, number: true}},
		parse: func(id string) (importParts, error) {
			merchantID, err := parseMerchantID(id)
			if err != nil {
				return nil, fmt.Errorf("%w. The import ID of an onboarding application is the merchant ID, because the "+
					"service reports the status of each merchant's current application", err)
			}
			return importParts{fieldMerchantID: strconv.FormatInt(merchantID, 10)}, nil
		},
		format: func(p importParts) string { return p[fieldMerchantID] },
	}
}

// ImportState takes the merchant ID, as a string or in an identity; an
// identity may also name the application, which the refresh then expects to
// be the merchant's current one.
func (r *onboardingApplicationResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if req.ID == "" {
		var identity onboardingIdentityModel
		resp.Diagnostics.Append(req.Identity.Get(ctx, &identity)...)
		resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("merchant_id"), identity.MerchantID)...)
		resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("application_id"), identity.ApplicationID)...)
		resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), identity.ApplicationID)...)
		return
	}
	parts, err := r.importIDForm().parse(req.ID)
	if err != nil {
		resp.Diagnostics.AddError("Invalid import ID for cardpay_onboarding_application", err.Error()+".")
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("merchant_id"), parts.merchantID())...)
}

// IdentitySchema identifies an application by its merchant, which import
// needs, and its own ID, which import may give.
func (r *onboardingApplicationResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = identityschema.Schema{Attributes: map[string]identityschema.Attribute{
		"merchant_id": identityschema.Int64Attribute{
			Description:       "Numeric ID of the merchant the application onboards.",
			RequiredForImport: true,
		},
		"application_id": identityschema.StringAttribute{
			Description:       "ID of the application; when given on import, it must be the merchant's current one.",
			OptionalForImport: true,
		},
	}}
}
