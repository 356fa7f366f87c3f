// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
	"github.com/cardpay/terraform-provider-cardpay/internal/testclock"
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
	// mayRepeat names, of unknown, each attribute the update may leave at
	// the value it had before, and why.
	mayRepeat map[string]string
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
// attribute is known and unchanged. The apply keeps what the plan showed
// as (known after apply): each such attribute then holds a value, and one
// other than before unless the row says why it may repeat (the service's
// clock moves a minute between the two steps, so a time it stamps on the
// update differs). The plan after the apply is empty.
func TestAccInPlaceUpdatePlans(t *testing.T) {
	for name, tc := range inPlaceUpdates {
		if tc.except != "" {
			continue
		}
		t.Run(name, func(t *testing.T) {
			clock := testclock.New(time.Now())
			env := sandboxTestEnv(sandboxtest.Start(t, sandboxtest.Clock(clock)))
			checks := []plancheck.PlanCheck{
				plancheck.ExpectKnownValue(tc.addr, tfjsonpath.New(tc.attr), tc.want),
				expectOnlyChanges(tc.addr, append([]string{tc.attr}, tc.unknown...)...),
			}
			for _, name := range tc.unknown {
				checks = append(checks, plancheck.ExpectUnknownValue(tc.addr, tfjsonpath.New(name)))
			}
			promised := &plannedUnknowns{}
			accTest(t,
				resource.TestStep{Config: env.providerConfig(tc.config)},
				resource.TestStep{
					PreConfig:        func() { clock.Advance(time.Minute) },
					Config:           env.providerConfig(tc.changed),
					ConfigPlanChecks: plannedAction(tc.addr, plancheck.ResourceActionUpdate, append(checks, promised.record(tc.addr))...),
					ConfigStateChecks: []statecheck.StateCheck{
						promised.setByTheApply(tc.addr, tc.mayRepeat),
					},
				},
			)
		})
	}
}

// plannedUnknowns are the attributes a plan showed as (known after apply)
// for one resource, with the values they had before it.
type plannedUnknowns struct {
	names  []string
	before map[string]any
}

// record is a plan check that records the attributes of addr the plan
// shows as (known after apply); it fails when the plan has no change of
// addr.
func (p *plannedUnknowns) record(addr string) plancheck.PlanCheck {
	return planCheckFunc(func(plan *tfjson.Plan) error {
		i := slices.IndexFunc(plan.ResourceChanges, func(rc *tfjson.ResourceChange) bool { return rc.Address == addr })
		if i < 0 {
			return fmt.Errorf("the plan has no change of %s", addr)
		}
		change := plan.ResourceChanges[i].Change
		p.before, _ = change.Before.(map[string]any)
		unknown, _ := change.AfterUnknown.(map[string]any)
		p.names = nil
		for _, name := range slices.Sorted(maps.Keys(unknown)) {
			if holdsTrue(unknown[name]) {
				p.names = append(p.names, name)
			}
		}
		return nil
	})
}

// setByTheApply is a state check: after the apply, each attribute of addr
// that the recorded plan showed as (known after apply) is not null and,
// unless mayRepeat names it, differs from its value before the plan.
func (p *plannedUnknowns) setByTheApply(addr string, mayRepeat map[string]string) statecheck.StateCheck {
	return stateCheckFunc(func(state *tfjson.State) error {
		attrs, err := stateAttrs(state, addr)
		if err != nil {
			return err
		}
		var problems []string
		for _, name := range p.names {
			switch {
			case attrs[name] == nil:
				problems = append(problems, name+" is null")
			case mayRepeat[name] == "" && reflect.DeepEqual(attrs[name], p.before[name]):
				problems = append(problems, fmt.Sprintf("%s is still %v", name, attrs[name]))
			}
		}
		if len(problems) > 0 {
			return fmt.Errorf("the plan showed %q of %s as (known after apply), but after the apply %s",
				p.names, addr, strings.Join(problems, "; "))
		}
		return nil
	})
}
