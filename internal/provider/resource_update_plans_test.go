// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// inPlaceUpdate is a resource whose plan TestAccInPlaceUpdatePlans checks:
// config creates it at addr, and changed differs from config in the one
// argument attr, which the update plans as want.
type inPlaceUpdate struct {
	addr, config, changed, attr string
	want                        knownvalue.Check
	// unknown are the computed attributes the update itself changes, which
	// the plan must show as (known after apply).
	unknown []string
	// except, when set, says why the resource has no argument that an
	// update changes in place.
	except string
}

func (c inPlaceUpdate) exception() string { return c.except }
func (c inPlaceUpdate) hasCase() bool     { return c.config != "" }

// inPlaceUpdates holds every resource, keyed by its type name and, where a
// type has several cases, a variant after a space. Each resource adds its
// rows from its own test file (addRows); TestCoverage fails when a resource
// has none.
var inPlaceUpdates = map[string]inPlaceUpdate{}

// An update that changes one argument in place plans only that argument,
// and as unknown only what the update itself changes: every other
// attribute is known and unchanged. The plan after the apply is empty.
func TestAccInPlaceUpdatePlans(t *testing.T) {
	for name, tc := range inPlaceUpdates {
		if tc.except != "" {
			continue
		}
		t.Run(name, func(t *testing.T) {
			env := newTestEnv(t)
			env.requireSandbox(t)
			checks := []plancheck.PlanCheck{
				plancheck.ExpectKnownValue(tc.addr, tfjsonpath.New(tc.attr), tc.want),
				expectOnlyChanges(tc.addr, append([]string{tc.attr}, tc.unknown...)...),
			}
			for _, name := range tc.unknown {
				checks = append(checks, plancheck.ExpectUnknownValue(tc.addr, tfjsonpath.New(name)))
			}
			accTest(t,
				resource.TestStep{Config: env.providerConfig(tc.config)},
				resource.TestStep{
					Config:           env.providerConfig(tc.changed),
					ConfigPlanChecks: plannedAction(tc.addr, plancheck.ResourceActionUpdate, checks...),
				},
			)
		})
	}
}
