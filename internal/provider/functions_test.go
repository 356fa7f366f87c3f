// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"
)

// callFunction runs f as the framework does, with args as the arguments
// (the variadic ones last, as a tuple of strings, when f has any), and
// returns the result or the error.
func callFunction(t *testing.T, f function.Function, args []attr.Value, variadic ...string) (attr.Value, *function.FuncError) {
	t.Helper()
	ctx := context.Background()
	var def function.DefinitionResponse
	f.Definition(ctx, function.DefinitionRequest{}, &def)
	if def.Definition.VariadicParameter != nil {
		elems := make([]attr.Value, len(variadic))
		elemTypes := make([]attr.Type, len(variadic))
		for i, v := range variadic {
			elems[i], elemTypes[i] = types.StringValue(v), types.StringType
		}
		args = append(args, types.TupleValueMust(elemTypes, elems))
	} else if len(variadic) > 0 {
		t.Fatal("the function takes no variadic arguments")
	}
	resp := function.RunResponse{Result: function.NewResultData(def.Definition.Return.GetType().ValueType(ctx))}
	f.Run(ctx, function.RunRequest{Arguments: function.NewArgumentsData(args)}, &resp)
	return resp.Result.Value(), resp.Error
}

// expectArgumentError checks that err is an error on the argument at
// position index whose text contains want.
func expectArgumentError(t *testing.T, err *function.FuncError, index int64, want string) {
	t.Helper()
	switch {
	case err == nil:
		t.Errorf("no error; want one on argument %d with %q", index, want)
	case err.FunctionArgument == nil || *err.FunctionArgument != index:
		t.Errorf("error %q is not on argument %d", err.Text, index)
	case !strings.Contains(err.Text, want):
		t.Errorf("error %q does not say %q", err.Text, want)
	}
}

// functionTest runs steps through the CLI under test: provider functions
// need Terraform 1.8 or OpenTofu 1.7, and no provider configuration or
// sandbox.
func functionTest(t *testing.T, steps ...resource.TestStep) {
	t.Helper()
	t.Parallel()
	resource.UnitTest(t, resource.TestCase{
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_8_0)},
		ProtoV6ProviderFactories: testProviderFactories,
		Steps:                    steps,
	})
}

// resourceTestStep applies config and checks its outputs.
func resourceTestStep(config string, checks ...statecheck.StateCheck) resource.TestStep {
	return resource.TestStep{Config: config, ConfigStateChecks: checks}
}

// expectErrorStep plans config, which must fail with want (spaces in want
// match any line breaks the CLI wraps the message with).
func expectErrorStep(config, want string) resource.TestStep {
	return resource.TestStep{Config: config, ExpectError: wrappedErrorPattern(regexp.QuoteMeta(want))}
}
