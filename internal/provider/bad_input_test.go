// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
)

// badInput is one invalid configuration and the message it must produce:
// the attribute's name and what to write instead. TestAccBadInput expects
// that error, and that no request reached the service. Its blocks are named
// x; for a list resource, config is the query; for an action,
// TestAccBadInput triggers action.<type>.x.
type badInput struct {
	config string
	// importID, when set, imports <type>.x with this ID instead of planning
	// config.
	importID string
	// attr is the attribute whose line terraform must point at (the
	// diagnostic carries its path); empty where terraform quotes no line.
	attr string
	want string
	// except, when set, says why the type takes no input to get wrong.
	except string
}

func (c badInput) exception() string { return c.except }
func (c badInput) hasCase() bool     { return c.config != "" }

// badInputs holds every type's bad inputs, keyed as Terraform addresses
// the type (cardpay_store, data.cardpay_stores, action.cardpay_test_order...)
// and what is wrong after a space. Each type adds its rows from its own test
// file (addRows); TestCoverage fails when a type has none.
var badInputs = map[string]badInput{}

// Every bad input is refused with a message naming the attribute and the
// fix, before any request reaches the service.
func TestAccBadInput(t *testing.T) {
	for name, tc := range badInputs {
		if tc.except != "" {
			continue
		}
		t.Run(name, func(t *testing.T) {
			kind, typeName := kindAndType(name)
			var versions []tfversion.TerraformVersionCheck
			switch kind {
			case kindList:
				skipWithoutQuery(t)
				versions = queryVersionChecks
			case kindAction:
				skipWithoutActions(t)
				versions = actionVersionChecks
			}
			env := newTestEnv(t)
			requests := sandboxtest.MarkRequests(env.requireSandbox(t))
			resource.ParallelTest(t, resource.TestCase{
				TerraformVersionChecks:   versions,
				ProtoV6ProviderFactories: testProviderFactories,
				Steps:                    badInputSteps(env, kind, typeName, tc),
			})
			requests.ExpectNoneReached(t) // the error came before any request
		})
	}
}

// badInputSteps plans the bad configuration as its kind is used: a
// resource, data source or ephemeral resource in a configuration (or an
// import), a list resource in a query, an action by a trigger.
func badInputSteps(env *testEnv, kind, typeName string, tc badInput) []resource.TestStep {
	want := tc.want
	if tc.attr != "" {
		// Terraform quotes the attribute's line when the diagnostic carries
		// its path.
		want = `\d+: ` + tc.attr + ` = .*` + want
	}
	step := resource.TestStep{Config: env.providerConfig(tc.config), ExpectError: wrappedErrorPattern(want)}
	switch {
	case tc.importID != "":
		step.ResourceName, step.ImportState, step.ImportStateId = typeName+".x", true, tc.importID
	case kind == kindList:
		step.Query, step.Config = true, tc.config
		return []resource.TestStep{{Config: env.providerConfig()}, step}
	case kind == kindAction:
		step.Config = env.providerConfig(tc.config, actionTrigger("action."+typeName+".x"))
	}
	return []resource.TestStep{step}
}
