// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// identityTest is a resource whose identity TestAccIdentity checks: config
// creates the resource at addr, whose identity must hold these values.
type identityTest struct {
	addr, config string
	identity     map[string]knownvalue.Check
	// except, when set, says why the resource has no identity to test.
	except string

	// updated is config after a change the resource applies in place,
	// which TestAccIdentity_afterUpdate applies; noUpdate says instead why
	// the resource has no such change.
	updated, noUpdate string
	// importChanges names the argument of updated that an import cannot
	// read back, so that an import with updated plans to change it in
	// place; "" when such an import plans no change.
	importChanges string
	// adopt, when set, makes the object outside Terraform and returns its
	// import ID: the resource changes in place only what an import could
	// not read back, so the test imports the object with config before it
	// applies updated.
	adopt func(ctx context.Context, c *client.Client) (string, error)
}

func (c identityTest) exception() string { return c.except }
func (c identityTest) hasCase() bool     { return c.config != "" }

var (
	anyIdentityID    = knownvalue.StringRegexp(regexp.MustCompile(`\S`))
	identityMerchant = knownvalue.Int64Exact(1001)
)

// identityTests holds every resource, keyed by its type name and, where a
// type has several cases, a variant after a space. Each resource adds its
// rows from its own test file (addRows); TestCoverage fails when a resource
// has none.
var identityTests = map[string]identityTest{}

// Every resource with API keys records them as its identity, and an import
// block with that identity imports the object again (Terraform and OpenTofu
// 1.12+; the CLI matrix runs these on Terraform 1.16 and OpenTofu 1.12).
func TestAccIdentity(t *testing.T) {
	skipWithoutIdentities(t)
	for name, tc := range identityTests {
		if tc.except != "" {
			continue
		}
		t.Run(name, func(t *testing.T) {
			env := newTestEnv(t)
			env.requireSandbox(t)
			config := env.providerConfig(tc.config)
			resource.ParallelTest(t, resource.TestCase{
				TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_12_0)},
				ProtoV6ProviderFactories: testProviderFactories,
				Steps: []resource.TestStep{
					{
						Config:            config,
						ConfigStateChecks: []statecheck.StateCheck{statecheck.ExpectIdentity(tc.addr, tc.identity)},
					},
					{
						Config:          config,
						ResourceName:    tc.addr,
						ImportState:     true,
						ImportStateKind: resource.ImportBlockWithResourceIdentity,
					},
				},
			})
		})
	}
}

// An update in place keeps the identity: the apply records it (no "Missing
// Resource Identity After Update", which OpenTofu reports when an Update
// leaves it out), the plan after it is empty, and an import block with it
// imports the object into a fresh state.
func TestAccIdentity_afterUpdate(t *testing.T) {
	for name, tc := range identityTests {
		if tc.except == "" && (tc.updated == "") == (tc.noUpdate == "") {
			t.Errorf("identityTests[%q] needs either updated (a configuration it applies in place) or noUpdate (why it has none)", name)
		}
	}
	skipWithoutIdentities(t)
	for name, tc := range identityTests {
		if tc.updated == "" {
			continue
		}
		t.Run(name, func(t *testing.T) {
			env := newTestEnv(t)
			env.requireSandbox(t)
			first := resource.TestStep{Config: env.providerConfig(tc.config)}
			if tc.adopt != nil {
				id, err := tc.adopt(t.Context(), partnerTestClient(t, env))
				if err != nil {
					t.Fatal(err)
				}
				first = resource.TestStep{Config: env.providerConfig(tc.config), ResourceName: tc.addr,
					ImportState: true, ImportStateId: id, ImportStatePersist: true}
			}
			imported := []plancheck.PlanCheck{plancheck.ExpectResourceAction(tc.addr, plancheck.ResourceActionNoop)}
			if tc.importChanges != "" {
				imported = []plancheck.PlanCheck{plancheck.ExpectResourceAction(tc.addr, plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue(tc.addr, tfjsonpath.New(tc.importChanges), knownvalue.NotNull())}
			}
			updated := env.providerConfig(tc.updated)
			resource.ParallelTest(t, resource.TestCase{
				TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_12_0)},
				ProtoV6ProviderFactories: testProviderFactories,
				Steps: []resource.TestStep{
					first,
					{
						Config:            updated,
						ConfigPlanChecks:  plannedAction(tc.addr, plancheck.ResourceActionUpdate),
						ConfigStateChecks: []statecheck.StateCheck{statecheck.ExpectIdentity(tc.addr, tc.identity)},
					},
					{
						Config:             updated,
						ResourceName:       tc.addr,
						ImportState:        true,
						ImportStateKind:    resource.ImportBlockWithResourceIdentity,
						ExpectNonEmptyPlan: tc.importChanges != "",
						ImportPlanChecks:   resource.ImportPlanChecks{PreApply: imported},
					},
				},
			})
		})
	}
}
