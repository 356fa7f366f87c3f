// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	fwresource "github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

// interappEphemeralConfig opens a code for the store and echoes it into
// echo.test.
func interappEphemeralConfig(merchantID int64, storeID string) string {
	return fmt.Sprintf(`
ephemeral "cardpay_interapp_registration" "test" {
  merchant_id = %d
  store_id    = %q
}
`, merchantID, storeID) + echoConfig("ephemeral.cardpay_interapp_registration.test")
}

// expectNoManagedInterapp checks that no cardpay_interapp_registration, nor
// any other cardpay object, was written to state: the only resource there
// is the echo test double.
func expectNoManagedInterapp(state *tfjson.State) error {
	resources, err := stateResources(state)
	if err != nil {
		return err
	}
	for _, r := range resources {
		if strings.HasPrefix(r.Type, "cardpay_") {
			return fmt.Errorf("the ephemeral resource left %s in state", r.Address)
		}
	}
	return nil
}

// expectEchoedCodeIssued checks that the code Terraform saw was issued by
// the sandbox for storeID, among the codes issued while opening the
// ephemeral resource (Terraform opens it in every plan and apply).
func expectEchoedCodeIssued(sb *sandbox.Server, storeID string) statecheck.StateCheck {
	return resourceAttrs("echo.test", func(attrs map[string]any) error {
		data, _ := attrs["data"].(map[string]any)
		codes := sb.Snapshot().InterappCodes
		if len(codes) == 0 {
			return fmt.Errorf("the sandbox issued no code")
		}
		i := slices.IndexFunc(codes, func(c sandbox.InterappCode) bool { return c.RegistrationCode == data["registration_code"] })
		if i < 0 || codes[i].StoreID != storeID {
			return fmt.Errorf("echoed code %v is not among the codes issued for %s: %+v", data["registration_code"], storeID, codes)
		}
		return expectSameExpiry(data["expires_at"], codes[i].ExpiresAt)
	})
}

func TestAccInterappRegistrationEphemeral(t *testing.T) {
	skipIfPlanOpensEphemeral(t)
	env, sb := newSandboxTestEnv(t)
	start := time.Now()
	ephemeralEchoTest(t, resource.TestStep{
		Config: env.providerConfig(interappEphemeralConfig(env.MerchantID, "1001-second")),
		ConfigStateChecks: []statecheck.StateCheck{
			statecheck.ExpectKnownValue("echo.test", tfjsonpath.New("data"), knownvalue.ObjectExact(map[string]knownvalue.Check{
				"merchant_id":       knownvalue.Int64Exact(env.MerchantID),
				"store_id":          knownvalue.StringExact("1001-second"),
				"registration_code": knownvalue.StringRegexp(interappCodePattern),
				"registration_link": knownvalue.StringRegexp(regexp.MustCompile(`^cardpay-companion://register\?code=`)),
				"expires_at":        expectExpiresAtWindow(&start),
			})),
			stateCheckFunc(expectNoManagedInterapp),
			expectEchoedCodeIssued(sb, "1001-second"),
		},
	})
}

func TestAccInterappRegistrationEphemeral_unknownStore(t *testing.T) {
	env := newTestEnv(t)
	ephemeralEchoTest(t, resource.TestStep{
		Config:      env.providerConfig(interappEphemeralConfig(env.MerchantID, "1001-nowhere")),
		ExpectError: regexp.MustCompile(`(?s)404.*1001-nowhere`),
	})
}

// The ephemeral resource declares the attributes of the resource
// cardpay_interapp_registration, validators included, less those only the
// resource has.
func TestInterappRegistrationEphemeralSchema(t *testing.T) {
	ctx := t.Context()
	resp, err := protocolServer(t).GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	resourceOnly := []string{"keepers", "wait_for_pairing", "terminal_id"}
	want := slices.DeleteFunc(slices.Clone(resp.ResourceSchemas["cardpay_interapp_registration"].Block.Attributes),
		func(a *tfprotov6.SchemaAttribute) bool { return slices.Contains(resourceOnly, a.Name) })
	if got := resp.EphemeralResourceSchemas["cardpay_interapp_registration"].Block.Attributes; !reflect.DeepEqual(got, want) {
		t.Errorf("the ephemeral resource's attributes differ from the resource's")
	}

	var resourceSchema fwresource.SchemaResponse
	newInterappRegistrationResource().Schema(ctx, fwresource.SchemaRequest{}, &resourceSchema)
	var ephSchema ephemeral.SchemaResponse
	newInterappRegistrationEphemeral().Schema(ctx, ephemeral.SchemaRequest{}, &ephSchema)
	for _, name := range []string{"merchant_id", "store_id"} {
		want := validatorDescriptions(ctx, resourceSchema.Schema.Attributes[name])
		if got := validatorDescriptions(ctx, ephSchema.Schema.Attributes[name]); got == "" || got != want {
			t.Errorf("%s validators: ephemeral resource %q, resource %q", name, got, want)
		}
	}
}

// The rows of ephemeral.cardpay_interapp_registration in the cross-type tests (crossTypeTables).
func init() {
	addRows(badInputs, map[string]badInput{
		"ephemeral.cardpay_interapp_registration merchant 0": {config: `
ephemeral "cardpay_interapp_registration" "x" {
  merchant_id = 0
}
`, attr: "merchant_id", want: `merchant_id value must be at least 1`},
	})
	addRows(secretsUses, map[string]secretsUse{
		"ephemeral.cardpay_interapp_registration": {config: `
ephemeral "cardpay_interapp_registration" "e" {
  merchant_id = 1002
}
`},
	})
	addRows(ambiguousCreates, map[string]ambiguousCreate{
		"ephemeral.cardpay_interapp_registration": {except: "issues its code as the cardpay_interapp_registration " +
			"resource does (interappRegistrationData.issue), whose lost answer that entry tests; a lost ephemeral code " +
			"expires unused"},
	})
}
