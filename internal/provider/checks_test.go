// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// stateCheckFunc adapts a function of the state to statecheck.StateCheck:
// the one adapter the tests' own state checks are built on. Checks of the
// sandbox alone ignore the state.
type stateCheckFunc func(state *tfjson.State) error

func (f stateCheckFunc) CheckState(_ context.Context, req statecheck.CheckStateRequest, resp *statecheck.CheckStateResponse) {
	resp.Error = f(req.State)
}

// planCheckFunc adapts a function of the plan to plancheck.PlanCheck.
type planCheckFunc func(plan *tfjson.Plan) error

func (f planCheckFunc) CheckPlan(_ context.Context, req plancheck.CheckPlanRequest, resp *plancheck.CheckPlanResponse) {
	resp.Error = f(req.Plan)
}

// beforeApply checks the plan of a step before it is applied.
func beforeApply(checks ...plancheck.PlanCheck) resource.ConfigPlanChecks {
	return resource.ConfigPlanChecks{PreApply: checks}
}

// afterApply checks the plan Terraform makes after a step's apply and a
// refresh. (Unless a step sets ExpectNonEmptyPlan, terraform-plugin-testing
// itself fails it when that plan would change anything.)
func afterApply(checks ...plancheck.PlanCheck) resource.ConfigPlanChecks {
	return resource.ConfigPlanChecks{PostApplyPostRefresh: checks}
}

// refreshRecords checks a step's plan before the apply: the refresh
// recorded the attribute name of the resource at addr as want says, and
// the further checks hold.
func refreshRecords(addr, name string, want knownvalue.Check, checks ...plancheck.PlanCheck) resource.ConfigPlanChecks {
	return beforeApply(append([]plancheck.PlanCheck{plancheck.ExpectKnownValue(addr, tfjsonpath.New(name), want)}, checks...)...)
}

// plannedAction checks a step's plan before the apply: Terraform plans
// action for the resource at addr, and the further checks hold.
func plannedAction(addr string, action plancheck.ResourceActionType, checks ...plancheck.PlanCheck) resource.ConfigPlanChecks {
	return beforeApply(append([]plancheck.PlanCheck{plancheck.ExpectResourceAction(addr, action)}, checks...)...)
}

// stateResources returns the resources of the state's root module.
func stateResources(state *tfjson.State) ([]*tfjson.StateResource, error) {
	if state == nil || state.Values == nil || state.Values.RootModule == nil {
		return nil, errors.New("state is empty")
	}
	return state.Values.RootModule.Resources, nil
}

// stateAttrs returns the attribute values of the resource at addr.
func stateAttrs(state *tfjson.State, addr string) (map[string]any, error) {
	resources, err := stateResources(state)
	if err != nil {
		return nil, err
	}
	for _, r := range resources {
		if r.Address == addr {
			return r.AttributeValues, nil
		}
	}
	return nil, fmt.Errorf("%s is not in state", addr)
}

// resourceAttrs hands the state attributes of the resource at addr to
// check, so tests can compare them with the sandbox's own records.
func resourceAttrs(addr string, check func(attrs map[string]any) error) statecheck.StateCheck {
	return stateCheckFunc(func(state *tfjson.State) error {
		attrs, err := stateAttrs(state, addr)
		if err != nil {
			return err
		}
		return check(attrs)
	})
}

// recordAttr records the string attribute name of the resource at addr in
// *into, for the steps after it, and fails when the attribute is null or
// empty: there is nothing to record.
func recordAttr(addr, name string, into *string) statecheck.StateCheck {
	return resourceAttrs(addr, func(attrs map[string]any) error {
		value := stateString(attrs, name)
		if value == "" {
			return fmt.Errorf("%s has no %s to record: %v", addr, name, attrs[name])
		}
		*into = value
		return nil
	})
}

// stateHoldsOnly checks that the state holds exactly the resources at
// addrs, in any order: an action or an ephemeral resource leaves nothing of
// its own in it.
func stateHoldsOnly(addrs ...string) statecheck.StateCheck {
	want := slices.Sorted(slices.Values(addrs))
	return stateCheckFunc(func(state *tfjson.State) error {
		resources, err := stateResources(state)
		if err != nil {
			return fmt.Errorf("%w, want %q", err, want)
		}
		got := make([]string, 0, len(resources))
		for _, r := range resources {
			got = append(got, r.Address)
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			return fmt.Errorf("state holds %q, want exactly %q", got, want)
		}
		return nil
	})
}

// mustFind returns the first of records that matches, and fails the test
// with the message format makes of args when none does.
func mustFind[T any](t *testing.T, records []T, match func(T) bool, format string, args ...any) T {
	t.Helper()
	i := slices.IndexFunc(records, match)
	if i < 0 {
		t.Fatalf(format, args...)
	}
	return records[i]
}

// stateString returns a string attribute of state, "" when null.
func stateString(attrs map[string]any, name string) string {
	s, _ := attrs[name].(string)
	return s
}

// wrappedErrorPattern matches an error text across the line breaks that
// terraform inserts when it wraps diagnostic details: every space of pattern
// matches any run of white space.
func wrappedErrorPattern(pattern string) *regexp.Regexp {
	return regexp.MustCompile(`(?s)` + strings.ReplaceAll(pattern, " ", `\s+`))
}

// newestOf checks that the sandbox holds total objects of a kind and
// returns the newest, the last one.
func newestOf[T any](kind string, objects []T, total int) (T, error) {
	if len(objects) != total || total == 0 {
		var zero T
		return zero, fmt.Errorf("sandbox holds %d %s, want %d", len(objects), kind, total)
	}
	return objects[total-1], nil
}

// onlyOneWithID checks that the sandbox holds total objects of a kind and
// exactly one whose ID is id, and returns that one.
func onlyOneWithID[T any](kind string, objects []T, total int, id string, idOf func(T) string) (T, error) {
	var zero T
	if len(objects) != total {
		return zero, fmt.Errorf("sandbox holds %d %s, want %d", len(objects), kind, total)
	}
	var found []T
	for _, o := range objects {
		if idOf(o) == id {
			found = append(found, o)
		}
	}
	if len(found) != 1 {
		return zero, fmt.Errorf("sandbox holds %d %s with ID %q, want 1", len(found), kind, id)
	}
	return found[0], nil
}

// expectOnlyChanges is a plan check: the planned change of the resource at
// addr changes at most the attributes named in changed (the test checks
// their planned values itself), and every other attribute is known and
// equal to its prior value, so the plan shows nothing else.
func expectOnlyChanges(addr string, changed ...string) plancheck.PlanCheck {
	return onlyChanges{addr: addr, changed: changed}
}

type onlyChanges struct {
	addr    string
	changed []string
}

func (c onlyChanges) CheckPlan(_ context.Context, req plancheck.CheckPlanRequest, resp *plancheck.CheckPlanResponse) {
	i := slices.IndexFunc(req.Plan.ResourceChanges, func(rc *tfjson.ResourceChange) bool { return rc.Address == c.addr })
	if i < 0 {
		resp.Error = fmt.Errorf("the plan has no change of %s", c.addr)
		return
	}
	change := req.Plan.ResourceChanges[i].Change
	before, _ := change.Before.(map[string]any)
	after, _ := change.After.(map[string]any)
	unknown, _ := change.AfterUnknown.(map[string]any)
	sensitive, _ := change.AfterSensitive.(map[string]any)
	var problems []string
	for _, name := range slices.Sorted(maps.Keys(before)) {
		switch {
		case slices.Contains(c.changed, name):
		case holdsTrue(unknown[name]):
			problems = append(problems, name+" is planned as (known after apply)")
		case !reflect.DeepEqual(before[name], after[name]) && holdsTrue(sensitive[name]):
			problems = append(problems, name+" (sensitive) changes")
		case !reflect.DeepEqual(before[name], after[name]):
			problems = append(problems, fmt.Sprintf("%s changes from %v to %v", name, before[name], after[name]))
		}
	}
	if len(problems) > 0 {
		resp.Error = fmt.Errorf("the plan of %s should change only %q, but %s", c.addr, c.changed, strings.Join(problems, "; "))
	}
}

// holdsTrue reports whether a value of a plan's after_unknown or
// after_sensitive marks anything: true, or a nested value that holds true.
func holdsTrue(v any) bool {
	switch v := v.(type) {
	case bool:
		return v
	case map[string]any:
		return slices.ContainsFunc(slices.Collect(maps.Values(v)), holdsTrue)
	case []any:
		return slices.ContainsFunc(v, holdsTrue)
	}
	return false
}
