// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// The arguments that replace an object are read from its schema: these are
// the ones each resource's documentation promises replace it.
func TestReplacedByComesFromTheSchema(t *testing.T) {
	want := map[string][]string{
		"cardpay_ais_consent":            {"callback_url", "expiration_date_time", "merchant_id", "permissions", "transaction_from_date_time", "user_id"},
		"cardpay_interapp_registration":  {"keepers", "merchant_id", "store_id"},
		"cardpay_onboarding_application": {"merchant_id"},
		"cardpay_online_terminal":        {"merchant_id", "online_terminal_mode", "store_id"},
		"cardpay_order":                  {"amount", "currency", "description", "merchant_id", "reference"},
		"cardpay_payment_method":         {"merchant_id", "method"},
		"cardpay_store":                  {"merchant_id", "store_id"},
		"cardpay_webhook":                nil,
		"cardpay_merchant":               nil,
		"cardpay_partner_credential":     {"name"},
	}
	for _, newResource := range New("test")().Resources(context.Background()) {
		r := newResource()
		var meta resource.MetadataResponse
		r.Metadata(context.Background(), resource.MetadataRequest{ProviderTypeName: "cardpay"}, &meta)
		var sch resource.SchemaResponse
		r.Schema(context.Background(), resource.SchemaRequest{}, &sch)
		wanted, ok := want[meta.TypeName]
		if !ok {
			t.Errorf("%s: add the arguments that replace it to this test", meta.TypeName)
			continue
		}
		if got := replacedBy(sch.Schema.GetAttributes()); !slices.Equal(got, wanted) {
			t.Errorf("%s is replaced by %v, want %v", meta.TypeName, got, wanted)
		}
	}
}

// A wrapped modifier still does what the framework's does.
func TestReplaceWrapperKeepsTheModifier(t *testing.T) {
	object := tftypes.NewValue(tftypes.Object{}, map[string]tftypes.Value{}) // an existing object, not created nor destroyed
	req := planmodifier.StringRequest{
		State: tfsdk.State{Raw: object}, Plan: tfsdk.Plan{Raw: object},
		StateValue: types.StringValue("a"), PlanValue: types.StringValue("b"), ConfigValue: types.StringValue("b"),
	}
	resp := &planmodifier.StringResponse{PlanValue: req.PlanValue}
	replaceString(stringplanmodifier.RequiresReplace()).PlanModifyString(context.Background(), req, resp)
	if !resp.RequiresReplace {
		t.Error("the wrapped RequiresReplace no longer replaces")
	}
}
