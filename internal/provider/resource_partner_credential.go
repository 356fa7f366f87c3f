// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

var (
	_ resource.ResourceWithConfigure   = (*partnerCredentialResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*partnerCredentialResource)(nil)
	_ resource.ResourceWithImportState = (*partnerCredentialResource)(nil)
	_ resource.ResourceWithIdentity    = (*partnerCredentialResource)(nil)
)

func newPartnerCredentialResource() resource.Resource { return &partnerCredentialResource{} }

// partnerCredentialResource is a partner credential pair: the API creates,
// rotates and revokes it, so destroy revokes it.
type partnerCredentialResource struct{ data *providerData }

func (r *partnerCredentialResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_partner_credential"
}

func (r *partnerCredentialResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.data = providerDataFrom(req.ProviderData, &resp.Diagnostics)
}

func (r *partnerCredentialResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Generates a named partner credential pair (client ID and secret), for example one " +
			"per CI system or team, so each can be rotated and revoked on its own. The service shows the secret " +
			"once: Terraform keeps it in state as the sensitive `client_secret`. Changing `rotate_when` rotates " +
			"the secret in place: same ID and client ID, a new secret, and the old one stops working at once. " +
			"Destroying the resource revokes the pair.\n\n" +
			"~> The provider refuses to rotate or revoke the credential it is itself configured with " +
			"(`partner_client_id`): the rest of the run, and every run after it, would fail. Configure the " +
			"provider with another credential first.",
		Attributes: map[string]schema.Attribute{
			"id": keptString("ID of the credential pair, as the service numbers it. Also the import ID."),
			"name": schema.StringAttribute{MarkdownDescription: "Name of the pair, such as `ci-eu`. The API cannot " +
				"rename a pair: changing it generates a new pair and revokes this one.",
				Required: true, Validators: notBlank(), PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()}},
			"rotate_when": schema.MapAttribute{MarkdownDescription: "Arbitrary values; any change rotates the secret " +
				"in place, for example `{ quarter = \"2026-Q4\" }` or the ID of a `time_rotating` resource. Adding it " +
				"counts as a change: import a pair without it, or the apply that imports also rotates (the plan shows it).",
				Optional: true, ElementType: types.StringType},
			"client_id": keptString("Client ID of the pair, sent as `X-Partner-Client-Id` (or used for the OAuth2 token)."),
			"client_secret": schema.StringAttribute{MarkdownDescription: "The pair's secret, from the create or " +
				"rotate answer: the service never shows it again. Null after import; change `rotate_when` to get one.",
				Computed: true, Sensitive: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
			"client_secret_last4": keptString("The last four characters of the secret, as the service lists them."),
			"status":              keptString("`active`, or `revoked` once revoked."),
			"created_at":          keptString("When the pair was created (date-time)."),
		},
	}
}

// ModifyPlan checks the credentials (credentials_check.go), plans a
// rotation when rotate_when changes, and refuses to rotate, replace or
// revoke the credential the provider is configured with.
func (r *partnerCredentialResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	r.data.checkCredentials(ctx, client.PartnerAPI, req, &resp.Diagnostics)
	if req.State.Raw.IsNull() {
		return
	}
	var state credentialModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	var plan *credentialModel
	if !req.Plan.Raw.IsNull() {
		plan = &credentialModel{}
		resp.Diagnostics.Append(req.Plan.Get(ctx, plan)...)
	}
	if resp.Diagnostics.HasError() {
		return
	}
	rotates := plan != nil && !plan.RotateWhen.Equal(state.RotateWhen) && !plan.RotateWhen.IsUnknown()
	if rotates {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("client_secret"), types.StringUnknown())...)
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("client_secret_last4"), types.StringUnknown())...)
	}
	ends := plan == nil || !plan.Name.Equal(state.Name) // destroyed, or replaced by another name
	if (rotates || ends) && r.data != nil && state.ClientID.ValueString() == r.data.config.PartnerClientID {
		what := map[bool]string{true: "rotate", false: "revoke"}[rotates && !ends]
		resp.Diagnostics.AddError(fmt.Sprintf("Refusing to %s the provider's own credential", what),
			fmt.Sprintf("The plan would %s partner credential %s (client ID %s), which is the credential this provider "+
				"is configured with (partner_client_id). The rest of this run and every run after it would be refused. "+
				"Configure the provider with another credential (for example one this configuration generates), apply, "+
				"and then %s this one.", what, state.ID.ValueString(), state.ClientID.ValueString(), what))
	}
}

func (r *partnerCredentialResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan credentialModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	c, diags := r.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	name := plan.Name.ValueString()
	sentAt := r.data.now()
	cred, err := c.CreateCredential(ctx, name)
	if err != nil {
		found, findErr := r.recover(ctx, c, name, sentAt, err)
		if findErr != nil {
			addCreateError(&resp.Diagnostics, fmt.Sprintf("partner credential %q", name), "the partner", findErr,
				"the cardpay_partner_credentials data source lists the partner's credentials")
			return
		}
		resp.Diagnostics.AddWarning("The credential's creation was answered with an error, but it exists",
			fmt.Sprintf("%v\n\nThe provider found credential %s named %q, created after the request was sent, and records "+
				"it. Its secret was in the lost answer and is unknown: change rotate_when to rotate it and get a secret.",
				err, found.ID, name))
		cred = found
	}
	tflog.Info(ctx, "created partner credential", map[string]any{"credential_id": string(cred.ID), "client_id": cred.ClientID})
	plan.fromAnswer(cred)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
	resp.Diagnostics.Append(resp.Identity.Set(ctx, plan.identity())...)
}

// recover looks for the credential a create with an unknown outcome may
// have made: exactly one active pair of that name created since sentAt.
func (r *partnerCredentialResource) recover(ctx context.Context, c *client.Client, name string, sentAt time.Time, createErr error) (*client.PartnerCredential, error) {
	return recoverCreated(ctx, createErr, c.ListCredentials, func(cr *client.PartnerCredential) bool {
		return cr.Name == name && !strings.EqualFold(cr.Status, client.CredentialStatusRevoked) && createdSince(cr.CreatedAt, sentAt)
	}, fmt.Sprintf("a credential named %q", name), fmt.Sprintf("active credentials named %q", name))
}

func (r *partnerCredentialResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state credentialModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	c, diags := r.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	id := state.ID.ValueString()
	found, err := listMatching(ctx, c.ListCredentials, func(cr *client.PartnerCredential) bool { return string(cr.ID) == id })
	if err != nil {
		addAPIError(&resp.Diagnostics, "Could not list the partner's credentials", err)
		return
	}
	if len(found) == 0 || strings.EqualFold(found[0].Status, client.CredentialStatusRevoked) {
		forget(ctx, resp, state.identity()) // revoked or gone: the next plan generates a new pair
		return
	}
	state.fromAPI(&found[0])
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
	resp.Diagnostics.Append(resp.Identity.Set(ctx, state.identity())...)
}

// Update rotates the secret when rotate_when changed; the name cannot
// change (it replaces the pair).
func (r *partnerCredentialResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan, state credentialModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	c, diags := r.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	plan.credentialAttrs, plan.ClientSecret = state.credentialAttrs, state.ClientSecret
	if !plan.RotateWhen.Equal(state.RotateWhen) {
		cred, err := c.RotateCredential(ctx, state.ID.ValueString())
		if err != nil {
			addAPIError(&resp.Diagnostics, fmt.Sprintf("Could not rotate partner credential %s", state.ID.ValueString()), err)
			return
		}
		tflog.Info(ctx, "rotated partner credential", map[string]any{"credential_id": state.ID.ValueString()})
		plan.fromAnswer(cred)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
	resp.Diagnostics.Append(resp.Identity.Set(ctx, plan.identity())...)
}

// Delete revokes the pair; one already gone counts as revoked.
func (r *partnerCredentialResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var state credentialModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	c, diags := r.data.clientFor(client.PartnerAPI)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	if err := c.RevokeCredential(ctx, state.ID.ValueString()); err != nil && !client.IsNotFound(err) {
		addAPIError(&resp.Diagnostics, fmt.Sprintf("Could not revoke partner credential %s", state.ID.ValueString()), err)
	}
}

// importIDForm is the credential's ID.
func (r *partnerCredentialResource) importIDForm() importIDForm {
	return keyForm("the credential's ID as the service lists it", "3", "cardpay_partner_credentials")
}

func (r *partnerCredentialResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	keyImport(ctx, req, resp, "cardpay_partner_credential", r.importIDForm())
}

func (r *partnerCredentialResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = keyIdentitySchema("id", "ID of the credential pair, for example `3`.")
}
