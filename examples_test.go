// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
	"github.com/cardpay/terraform-provider-cardpay/internal/tfcli"
)

// These tests run the terraform CLI on the examples with the provider built
// from this tree (through dev_overrides, so nothing is downloaded): every
// example directory must validate, and examples/complete must pass its own
// `terraform test` suite against a sandbox.

// requiredProviders is added to example directories that, like most
// Registry examples, leave it out.
const requiredProviders = `terraform {
  required_providers {
    cardpay = {
      source = "cardpay/cardpay"
    }
  }
}
`

func TestExamplesValidate(t *testing.T) {
	provider := tfcli.BuildForTest(t)
	dirs := exampleDirs(t)
	if len(dirs) == 0 {
		t.Fatal("no example directories found")
	}
	for _, dir := range dirs {
		t.Run(dir, func(t *testing.T) {
			t.Parallel()
			if strings.HasPrefix(dir, actionExamples) && !exampleCLI(t).Actions() {
				t.Skipf("%s has no provider actions: action examples need Terraform 1.14 or later (OpenTofu has none)", exampleCLI(t))
			}
			if strings.HasPrefix(dir, listResourceExamples) && !exampleCLI(t).Queries() {
				t.Skipf("%s has no list resources: their examples need Terraform 1.14 or later (OpenTofu has none)", exampleCLI(t))
			}
			validateExample(t, provider, dir, identityImportExample)
		})
		// The import by identity targets the same resource as the import by
		// string ID, and a resource takes one import block: it is checked on
		// its own, where the CLI knows identities (Terraform and OpenTofu 1.12+).
		if _, err := os.Stat(filepath.Join(dir, identityImportExample)); err == nil {
			t.Run(dir+"/"+identityImportExample, func(t *testing.T) {
				t.Parallel()
				if !exampleCLI(t).Identities() {
					t.Skipf("%s has no resource identity: import blocks with identity need Terraform or OpenTofu 1.12 or later", exampleCLI(t))
				}
				validateExample(t, provider, dir, stringIDImportExample)
			})
		}
	}
}

// validateExample runs terraform validate on a copy of dir without the
// file named skip. A directory of a layout (layoutExamples) is validated
// inside a copy of the whole layout, whose modules its configurations call
// by relative paths, after terraform get installs those modules.
func validateExample(t *testing.T, provider *tfcli.Provider, dir, skip string) {
	t.Helper()
	var work string
	if root, rel, ok := inLayout(dir); ok {
		work = filepath.Join(copyDir(t, root), rel)
		terraform(t, work, provider, nil, "get", "-no-color")
	} else {
		work = copyDir(t, dir)
	}
	if err := os.Remove(filepath.Join(work, skip)); err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	if !strings.Contains(readAll(t, work), "required_providers") {
		writeFile(t, filepath.Join(work, "zz_required_providers.tf"), requiredProviders)
	}
	if strings.Contains(readAll(t, work), "module \"") {
		terraform(t, work, provider, nil, "get", "-no-color") // installs local modules, not the provider
	}
	args := []string{"validate", "-no-color"}
	if queries, _ := filepath.Glob(filepath.Join(work, "*"+queryExt)); len(queries) > 0 {
		args = append(args, "-query")
	}
	terraform(t, work, provider, nil, args...)
}

func TestExamplesCompleteTerraformTest(t *testing.T) {
	provider := tfcli.BuildForTest(t)
	// The example starts from new merchants and waits until they and their
	// card onboarding move on, which the sandbox's auto-advance plays.
	sb := sandboxtest.Start(t, sandboxtest.AutoAdvance(time.Second))
	work := copyDir(t, filepath.Join("examples", "complete"))
	terraform(t, work, provider, nil, "get", "-no-color") // installs the merchant module, not the provider
	expectTestsPassed(t, terraform(t, work, provider, sb.Env(), "test", "-no-color"))
}

// The merchant module's offline tests (tests/*.tftest.hcl, with
// mock_provider) pass with no sandbox or credentials at all: a plain
// terraform test, as a partner's module CI runs it.
func TestExamplesMerchantModuleOffline(t *testing.T) {
	provider := tfcli.BuildForTest(t)
	work := copyDir(t, merchantModule)
	if cli := exampleCLI(t); cli.OpenTofu() {
		// OpenTofu (1.11 and 1.12) reports a postcondition that fails in an
		// apply run as an error although expect_failures names the resource,
		// and has no override_during to check it in a plan run instead.
		t.Logf("%s: leaving out tests/not_active.tftest.hcl, whose expected postcondition failure OpenTofu reports as an error", cli)
		if err := os.Remove(filepath.Join(work, "tests", "not_active.tftest.hcl")); err != nil {
			t.Fatal(err)
		}
	}
	expectTestsPassed(t, terraform(t, work, provider, nil, "test", "-no-color"))
}

// The merchant module's tests against a sandbox (tests/sandbox) pass in
// auto-advance mode.
func TestExamplesMerchantModuleSandbox(t *testing.T) {
	provider := tfcli.BuildForTest(t)
	sb := sandboxtest.Start(t, sandboxtest.AutoAdvance(time.Second))
	work := copyDir(t, merchantModule)
	expectTestsPassed(t, terraform(t, work, provider, sb.Env(), "test", "-no-color", "-test-directory=tests/sandbox"))
}

// merchantModule is the module examples/complete calls once per merchant.
var merchantModule = filepath.Join("examples", "modules", "merchant")

// A merchant onboarded before Terraform joins the merchant module through
// import blocks inside the module, as the adopting guide shows: its
// module-adopt.tf in a copy of the module, and adopt_existing = true in the
// call. The plan imports the merchant (by partner_ref_id) and its card
// onboarding, records only what an import cannot read back (wait_for,
// timeouts) in place, and creates the rest; after the apply the service
// holds no second merchant or application, and the next plan is empty.
func TestExamplesMerchantModuleAdoption(t *testing.T) {
	provider := tfcli.BuildForTest(t)
	if cli := exampleCLI(t); !cli.ModuleImports() {
		t.Skipf("%s takes import blocks in the root module only: inside a module they need Terraform 1.16 or later", cli)
	}
	sb := sandboxtest.Start(t, sandboxtest.AutoAdvance(time.Second))
	c := sb.Client(t)
	existing, err := c.CreateMerchant(t.Context(), client.MerchantRequest{
		CompanyName: "Harbour Coffee ApS", ContactEmail: "owner@harbour.example", PartnerRefID: "CRM-4711"})
	if err != nil {
		t.Fatal(err)
	}
	merchantID, err := strconv.ParseInt(string(existing.ID), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	application, err := c.StartOnboarding(t.Context(), merchantID)
	if err != nil {
		t.Fatal(err)
	}
	// Adopted once onboarded: the module's postconditions want an active
	// merchant whose card onboarding created its account.
	deadline := time.Now().Add(30 * time.Second)
	for onboarded := false; !onboarded; time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("merchant %d was not onboarded within 30s of the sandbox's auto-advance", merchantID)
		}
		status, err := c.GetOnboardingStatus(t.Context(), merchantID)
		if err != nil {
			t.Fatal(err)
		}
		m, err := c.GetMerchant(t.Context(), merchantID)
		if err != nil {
			t.Fatal(err)
		}
		onboarded = status.ApplicationStatus == "MERCHANT_CREATED" && m.Status == "active"
	}

	module := copyDir(t, merchantModule)
	copyTree(t, filepath.Join("examples", "guides", "adopting-an-existing-merchant", "module-adopt.tf"), filepath.Join(module, "adopt.tf"))
	work := filepath.Join(filepath.Dir(filepath.Dir(module)), "adopted")
	if err := os.Mkdir(work, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(work, "main.tf"), requiredProviders+`
module "merchant" {
  source         = "../modules/merchant"
  adopt_existing = true

  merchant = {
    company_name   = "Harbour Coffee ApS"
    contact_email  = "owner@harbour.example"
    partner_ref_id = "CRM-4711"
  }
  store = {
    name           = "Harbour"
    street_address = "Havnegade 1"
    city           = "Aarhus"
    postal_code    = "8000"
    country_code   = "DK"
    phone          = "+4586000000"
    email          = "shop@harbour.example"
  }
}
`)
	terraform(t, work, provider, nil, "get", "-no-color")
	terraform(t, work, provider, sb.Env(), "plan", "-no-color", "-out=adopt.tfplan")
	imports := map[string]bool{
		"module.merchant.cardpay_merchant.this":               true,
		"module.merchant.cardpay_onboarding_application.this": true,
	}
	changes, err := tfcli.ResourceChanges(terraform(t, work, provider, nil, "show", "-json", "adopt.tfplan"))
	if err != nil {
		t.Fatal(err)
	}
	for address, change := range changes {
		want := tfcli.ResourceChange{Actions: "create"}
		if imports[address] {
			want = tfcli.ResourceChange{Actions: "update", Importing: true}
		}
		if change != want {
			t.Errorf("the plan for %s is %+v, want %+v", address, change, want)
		}
	}
	if len(changes) < len(imports)+5 {
		t.Errorf("the plan has %d changes, want the two imports and the module's other resources: %v", len(changes), changes)
	}

	terraform(t, work, provider, sb.Env(), "apply", "-no-color", "adopt.tfplan")
	var merchants, applications []string
	for _, m := range sb.Snapshot().Merchants {
		if m.PartnerRefID == "CRM-4711" {
			merchants = append(merchants, strconv.FormatInt(m.ID, 10))
		}
	}
	for _, a := range sb.Snapshot().Applications {
		if a.MerchantID == merchantID {
			applications = append(applications, a.ApplicationID)
		}
	}
	if len(merchants) != 1 || len(applications) != 1 || applications[0] != application.ApplicationID {
		t.Errorf("the service holds merchants %v with the reference and applications %v of merchant %d; want only "+
			"merchant %d and application %s", merchants, applications, merchantID, merchantID, application.ApplicationID)
	}
	terraform(t, work, provider, sb.Env(), "plan", "-no-color", "-detailed-exitcode")
}

// expectTestsPassed checks the summary of terraform test: at least one
// run, none failed.
func expectTestsPassed(t *testing.T, out string) {
	t.Helper()
	m := testSummary.FindStringSubmatch(out)
	if m == nil || m[1] == "0" {
		t.Errorf("terraform test ran no passing run:\n%s", out)
	}
}

// testSummary matches the closing line of terraform test, such as
// "Success! 3 passed, 0 failed.".
var testSummary = regexp.MustCompile(`Success! (\d+) passed, 0 failed`)

func terraform(t *testing.T, dir string, p *tfcli.Provider, env []string, args ...string) string {
	t.Helper()
	out, err := p.Run(t.Context(), dir, env, args...)
	if err != nil {
		t.Fatalf("in %s: %v", dir, err)
	}
	return out
}

// layoutExamples holds whole layouts, one directory each
// (examples/layouts/<layout>/...): shards and the modules they share.
var layoutExamples = filepath.Join("examples", "layouts")

// inLayout returns the layout a directory belongs to and its path inside
// the layout.
func inLayout(dir string) (root, rel string, ok bool) {
	after, found := strings.CutPrefix(dir, layoutExamples+string(filepath.Separator))
	if !found {
		return "", "", false
	}
	name, rest, _ := strings.Cut(after, string(filepath.Separator))
	return filepath.Join(layoutExamples, name), rest, true
}

// queryExt ends the names of query files, which hold list blocks.
const queryExt = ".tfquery.hcl"

// exampleDirs lists every directory under examples/ that holds .tf or
// query files.
func exampleDirs(t *testing.T) []string {
	t.Helper()
	var dirs []string
	err := filepath.WalkDir("examples", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || (filepath.Ext(path) != ".tf" && !strings.HasSuffix(path, queryExt)) {
			return err
		}
		dir := filepath.Dir(path)
		if strings.HasPrefix(dir, guideExamples) {
			return nil // run by TestExamplesGuides, in the order of their guide
		}
		if len(dirs) == 0 || dirs[len(dirs)-1] != dir {
			dirs = append(dirs, dir)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return dirs
}

// copyDir copies an example, without any local state, into a temporary
// directory so terraform leaves nothing in the tree, and returns the copy.
// The copy keeps its place under examples/ next to a copy of
// examples/modules, so a configuration that calls a module there by its
// relative path (examples/complete) finds it.
func copyDir(t *testing.T, src string) string {
	t.Helper()
	root := t.TempDir()
	copyTree(t, src, filepath.Join(root, src))
	if modules := filepath.Join("examples", "modules"); !strings.HasPrefix(src, modules) {
		if _, err := os.Stat(modules); err == nil {
			copyTree(t, modules, filepath.Join(root, modules))
		}
	}
	return filepath.Join(root, src)
}

// copyTree copies the files of src to dst, leaving out local state.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			if d.Name() == ".terraform" {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if strings.Contains(d.Name(), ".tfstate") || d.Name() == ".terraform.lock.hcl" {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// The docs' examples of an import by identity and by string ID.
const (
	identityImportExample = "import-by-identity.tf"
	stringIDImportExample = "import-by-string-id.tf"
)

// actionExamples holds the examples of actions, which only CLIs with
// actions can validate.
var actionExamples = filepath.Join("examples", "actions") + string(filepath.Separator)

// guideExamples holds the files of the guides, which TestExamplesGuides
// runs.
var guideExamples = filepath.Join("examples", "guides") + string(filepath.Separator)

// listResourceExamples holds the examples of list resources, which only
// CLIs with terraform query can validate.
var listResourceExamples = filepath.Join("examples", "list-resources") + string(filepath.Separator)

// cliUnderTest is the CLI the examples run with, identified once per run.
var cliUnderTest = sync.OnceValues(func() (tfcli.CLI, error) {
	return tfcli.Identify(context.Background())
})

// exampleCLI returns the CLI the examples run with.
func exampleCLI(t *testing.T) tfcli.CLI {
	t.Helper()
	cli, err := cliUnderTest()
	if err != nil {
		t.Fatal(err)
	}
	return cli
}

func readAll(t *testing.T, dir string) string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.tf"))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(data)
	}
	return b.String()
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
