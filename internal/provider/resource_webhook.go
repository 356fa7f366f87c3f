// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/provider/planmodifiers"
)

var (
	_ resource.ResourceWithConfigure   = (*webhookResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*webhookResource)(nil)
	_ resource.ResourceWithImportState = (*webhookResource)(nil)
	_ resource.ResourceWithIdentity    = (*webhookResource)(nil)
	_ list.ListResourceWithConfigure   = (*webhookResource)(nil)
)

// webhookForgotten is what destroying or replacing a webhook endpoint
// does: the API cannot delete it, so it only leaves the state.
var webhookForgotten = planmodifiers.Warning{
	Summary: "Webhook endpoints cannot be deleted through the API",
	Detail: "The cardpay API can create, list and update webhook endpoints but cannot delete one. Destroying or " +
		"replacing cardpay_webhook only removes it from Terraform state: the endpoint stays active at the service " +
		"and keeps receiving events at its URL, signed with its secret, until cardpay support removes it. A " +
		"replacement creates an additional endpoint, so the URL may then get every event twice.",
}

// webhookEvents are the event names the service's pages publish: the API
// reference's four and the three more the guides name.
var webhookEvents = []string{
	"merchant.activated", "merchant.deactivated",
	"payment.completed", "payment.failed", "payment.created", "payment.processing", "payment.expired",
}

func webhookEventsHelp() string {
	return "`" + strings.Join(webhookEvents, "`, `") + "`"
}

func newWebhookResource() resource.Resource { return &webhookResource{} }

// webhookResource is cardpay_webhook, and its list resource.
type webhookResource struct{ data *providerData }

func (r *webhookResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_webhook"
}

func (r *webhookResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.data = providerDataFrom(req.ProviderData, &resp.Diagnostics)
}

func (r *webhookResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Manages a webhook endpoint: the URL where the service sends the partner's event " +
			"notifications (payments, merchants), signed with the endpoint's secret. Every refresh reads the " +
			"partner's endpoints, so a URL or event changed outside Terraform shows in the next plan; `url` and " +
			"`events` are updated in place.\n\n" +
			"~> **The API cannot delete a webhook endpoint.** Destroying the resource only removes it from state " +
			"(the plan and the apply warn about it): the endpoint keeps receiving events until cardpay support " +
			"removes it.\n\n" +
			"-> `secret` is returned only when the endpoint is created, so Terraform keeps it in state, marked " +
			"sensitive. Keep state in an encrypted, access-controlled backend. It is null after import.",
		Attributes: map[string]schema.Attribute{
			"id": keptString("The service's identifier of the endpoint, for example `9001`. Also the import ID."),
			"url": schema.StringAttribute{
				MarkdownDescription: "Where the service delivers events: an absolute `https` URL, or `http` for a " +
					"loopback host (`localhost`, `127.0.0.1`, `::1`); no user name or password in it. Updated in place.",
				Required:   true,
				Validators: []validator.String{secureURLValidator("webhook URL", "https://merchant.example/cardpay/events")},
			},
			"events": schema.SetAttribute{
				MarkdownDescription: "The events delivered to `url`, at least one of " + webhookEventsHelp() +
					". Updated in place.",
				Required:    true,
				ElementType: types.StringType,
				Validators: []validator.Set{
					setvalidator.SizeAtLeast(1),
					setvalidator.ValueStringsAre(stringvalidator.OneOf(webhookEvents...)),
				},
			},
			"status": keptString("`active` or `inactive`, as the service reports it."),
			"secret": schema.StringAttribute{
				MarkdownDescription: "Signing secret (`whsec_...`) of the endpoint's deliveries: each one carries an " +
					"HMAC-SHA256 of its body made with this secret. The service returns it only when the endpoint is " +
					"created, so it is kept in state, sensitive; null after import. To get a new secret, replace the " +
					"resource (the old endpoint then keeps sending with the old one, see the webhooks guide).",
				Computed:      true,
				Sensitive:     true,
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"last_triggered_at": keptString("When the service last delivered an event to the endpoint, as of the last " +
				"refresh; null if it never has."),
			"created_at": keptString("When the endpoint was created (date-time), as the service reports it."),
		},
	}
}

// ModifyPlan checks the credentials (credentials_check.go) and warns in a
// plan that destroys the endpoint.
func (r *webhookResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	r.data.checkCredentials(ctx, client.PartnerAPI, req, &resp.Diagnostics)
	if req.Plan.Raw.IsNull() {
		resp.Diagnostics.Append(webhookForgotten.Diagnostics(ctx, req.State)...)
	}
}

func (r *webhookResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan webhookModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	body, diags := plan.requestBody(ctx)
	resp.Diagnostics.Append(diags...)
	c, diags := r.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	sentAt := r.data.now()
	hook, createErr := c.CreateWebhook(ctx, body)
	if createErr != nil {
		var err error
		if hook, err = r.recover(ctx, c, body, sentAt, createErr); err != nil {
			addWebhookCreateError(&resp.Diagnostics, err)
			return
		}
		resp.Diagnostics.AddWarning("The endpoint's creation was answered with an error, but it exists",
			fmt.Sprintf("%v\n\nThe provider found webhook endpoint %s for %s with the same events, created after the request "+
				"was sent, and records it: a second apply would otherwise create a second endpoint. Its signing secret "+
				"was in the lost answer and cannot be read again, so secret is null. To get a secret, replace the "+
				"endpoint: terraform apply -replace=<this resource's address>.", createErr, hook.ID, body.URL))
	} else if hook.Secret == nil || *hook.Secret == "" {
		resp.Diagnostics.AddWarning("No signing secret in the service's answer",
			fmt.Sprintf("Webhook endpoint %s was created, but the answer carried no secret, and the service shows "+
				"it only once. Ask cardpay for the endpoint's secret, or replace the resource.", hook.ID))
	}
	tflog.Info(ctx, "created webhook endpoint", map[string]any{"webhook_id": string(hook.ID)})
	plan.fromCreateAnswer(hook)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
	resp.Diagnostics.Append(resp.Identity.Set(ctx, plan.identity())...)
}

func (r *webhookResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state webhookModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	c, diags := r.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	hook, err := r.findWebhook(ctx, c, state.ID.ValueString())
	if !readOrForget(ctx, resp, err, "Could not list the partner's webhook endpoints", state.identity()) {
		return
	}
	state.fromAPI(hook)
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
	resp.Diagnostics.Append(resp.Identity.Set(ctx, state.identity())...)
}

// Update sends the endpoint's URL and events, the only fields the API can
// change.
func (r *webhookResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan webhookModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	body, diags := plan.requestBody(ctx)
	resp.Diagnostics.Append(diags...)
	c, diags := r.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	id := plan.ID.ValueString()
	hook, err := c.UpdateWebhook(ctx, id, body)
	if err != nil {
		addAPIError(&resp.Diagnostics, fmt.Sprintf("Could not update webhook endpoint %s", id), err)
		return
	}
	plan.fromUpdateAnswer(hook)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
	resp.Diagnostics.Append(resp.Identity.Set(ctx, plan.identity())...)
}

// Delete only forgets the endpoint, which the API cannot delete: it warns,
// and the framework removes the endpoint from state.
func (r *webhookResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	resp.Diagnostics.Append(webhookForgotten.Diagnostics(ctx, req.State)...)
}

// findWebhook finds the partner's endpoint in the shared list.
func (r *webhookResource) findWebhook(ctx context.Context, c *client.Client, id string) (*client.Webhook, error) {
	return r.data.webhooks.find(ctx, c, partnerWide{}, "webhook endpoint "+id,
		func(w *client.Webhook) bool { return string(w.ID) == id })
}

// importIDForm is the endpoint's ID.
func (r *webhookResource) importIDForm() importIDForm {
	return keyForm("the endpoint's ID as the service reports it", "9001", "cardpay_webhooks")
}

func (r *webhookResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	keyImport(ctx, req, resp, "cardpay_webhook", r.importIDForm())
}

// recover looks for the endpoint a create with an unknown outcome may have
// made: exactly one with the same URL and events, created since sentAt.
// Otherwise it returns the create's error, with what it found.
func (r *webhookResource) recover(ctx context.Context, c *client.Client, body client.WebhookRequest, sentAt time.Time, createErr error) (*client.Webhook, error) {
	return recoverCreated(ctx, createErr, c.ListWebhooks, func(w *client.Webhook) bool {
		return w.URL == body.URL && slices.Equal(slices.Sorted(slices.Values(w.Events)), body.Events) && createdSince(w.CreatedAt, sentAt)
	}, "an endpoint for "+body.URL, "endpoints for "+body.URL+" with these events")
}

func addWebhookCreateError(diags *diag.Diagnostics, err error) {
	var maybe *client.MaybeCreatedError
	if !errors.As(err, &maybe) {
		addAPIError(diags, "Could not create the webhook endpoint", err)
		return
	}
	diags.AddError("The webhook endpoint may have been created (outcome unknown)",
		apiErrorDetail(err)+"\n\nTerraform has not recorded it in state, but the cardpay_webhooks data source lists "+
			"the partner's endpoints. If it is there, import it (its secret cannot be read again; replace it to get "+
			"one); otherwise apply again.")
}

func (r *webhookResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = keyIdentitySchema("id", "ID of the webhook endpoint, for example `9001`.")
}
