// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

// Package tfcli runs the terraform CLI against a provider built from this
// module, installed through dev_overrides so nothing is downloaded. Tests
// use it where terraform-plugin-testing cannot reach: CLI flags such as
// -parallelism, TF_LOG files, signals, and the provider as its own process.
package tfcli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/hashicorp/go-version"
)

// providerPackage is the main package of the provider.
const providerPackage = "github.com/cardpay/terraform-provider-cardpay"

// Provider is a provider binary together with a CLI configuration file
// that points terraform at it.
type Provider struct {
	// Dir holds the binary, named as terraform expects it.
	Dir string
	// CLIConfig is the path for TF_CLI_CONFIG_FILE.
	CLIConfig string
}

// Build compiles the provider into dir with the given extra `go build`
// arguments (for example "-ldflags", "-X ...") and writes its CLI config.
func Build(ctx context.Context, dir string, buildArgs ...string) (*Provider, error) {
	args := append([]string{"build"}, buildArgs...)
	args = append(args, "-o", filepath.Join(dir, "terraform-provider-cardpay"), providerPackage)
	if out, err := exec.CommandContext(ctx, "go", args...).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("building the provider: %w\n%s", err, out)
	}
	p := &Provider{Dir: dir, CLIConfig: filepath.Join(dir, "terraformrc")}
	if err := WriteCLIConfig(p.CLIConfig, dir); err != nil {
		return nil, err
	}
	return p, nil
}

// TB is the part of testing.TB that BuildForTest needs. It is an interface
// of its own so that programs using this package (the bench) do not link
// the testing package.
type TB interface {
	Helper()
	Context() context.Context
	TempDir() string
	Skip(args ...any)
	Fatal(args ...any)
}

// BuildForTest builds the provider into a temporary directory of t, or
// skips t when TF_ACC is unset: a test that runs the CLI is an acceptance
// test.
func BuildForTest(t TB) *Provider {
	t.Helper()
	if os.Getenv("TF_ACC") == "" {
		t.Skip("runs the terraform CLI; set TF_ACC=1 (make test does)")
	}
	p, err := Build(t.Context(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Binary returns the path of the built provider executable.
func (p *Provider) Binary() string { return filepath.Join(p.Dir, "terraform-provider-cardpay") }

// WriteCLIConfig writes a CLI configuration that makes terraform take the
// cardpay provider from the executable in dir, without the registry.
func WriteCLIConfig(path, dir string) error {
	config := fmt.Sprintf(`provider_installation {
  dev_overrides {
    "cardpay/cardpay" = %q
  }
  direct {}
}
`, dir)
	return os.WriteFile(path, []byte(config), 0o644)
}

// ReplaceMissingCLIConfig points TF_CLI_CONFIG_FILE at an empty file
// (os.DevNull) when it names a file that does not exist, and returns the
// name it replaced ("" when it left the variable alone). Terraform and
// OpenTofu run with no CLI configuration either way, but OpenTofu 1.12 warns
// about the missing file on stdout, ahead of the JSON of `version -json` and
// `show -json`, which terraform-plugin-testing (through terraform-exec) then
// cannot read. Tests that run the CLI through terraform-plugin-testing call
// it first; Provider.Command sets a CLI configuration of its own.
func ReplaceMissingCLIConfig() (string, error) {
	name := os.Getenv("TF_CLI_CONFIG_FILE")
	if name == "" {
		return "", nil
	}
	if _, err := os.Stat(name); !errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	return name, os.Setenv("TF_CLI_CONFIG_FILE", os.DevNull)
}

// Binary is the terraform executable: TF_ACC_TERRAFORM_PATH when set (the
// Makefile sets it to the one on PATH), else "terraform".
func Binary() string {
	if bin := os.Getenv("TF_ACC_TERRAFORM_PATH"); bin != "" {
		return bin
	}
	return "terraform"
}

// CLI names a Terraform-compatible CLI as its `version` command does.
type CLI struct {
	// Product is "Terraform" or "OpenTofu".
	Product string
	// Version is the version without its "v", such as "1.11.4" or "1.11.0-dev".
	Version string
}

func (c CLI) String() string { return c.Product + " " + c.Version }

// OpenTofu reports whether the CLI is OpenTofu rather than Terraform.
func (c CLI) OpenTofu() bool { return c.Product == "OpenTofu" }

// Registry is the host a provider source address without one, such as
// "cardpay/cardpay", names: registry.terraform.io for Terraform and
// registry.opentofu.org for OpenTofu. Mirrors and lock files are keyed by it.
func (c CLI) Registry() string {
	if c.OpenTofu() {
		return "registry.opentofu.org"
	}
	return "registry.terraform.io"
}

// feature is a CLI feature the provider uses, by the first release of
// Terraform and of OpenTofu with it; nil when that product has none yet.
type feature struct{ terraform, openTofu *version.Version }

var (
	v1_10 = version.Must(version.NewVersion("1.10.0"))
	v1_12 = version.Must(version.NewVersion("1.12.0"))
	v1_14 = version.Must(version.NewVersion("1.14.0"))
	v1_16 = version.Must(version.NewVersion("1.16.0"))

	// Resource identity: Terraform 1.12; OpenTofu 1.12 (its `providers
	// schema -json` lists the identities, and import blocks take them).
	identities = feature{terraform: v1_12, openTofu: v1_12}
	// List resources and `terraform query`: Terraform 1.14; not OpenTofu.
	queries = feature{terraform: v1_14}
	// Provider actions: Terraform 1.14; not OpenTofu.
	actions = feature{terraform: v1_14}
	// An action_trigger's on_failure (halt, taint, continue) and its
	// before_destroy and after_destroy events: Terraform 1.16.
	triggerModes = feature{terraform: v1_16}
	// Import blocks inside modules: Terraform 1.16. OpenTofu (1.12
	// included) allows them in the root module only.
	moduleImports = feature{terraform: v1_16}
	// Provider installation from an OCI registry (oci_mirror): OpenTofu
	// 1.10; not Terraform.
	ociMirrors = feature{openTofu: v1_10}
)

// has reports whether the CLI is a release of its product with f.
// Pre-releases and development builds count as their release: 1.14.0-rc1
// has 1.14's features, and 1.12.6-dev those of 1.12.6.
func (c CLI) has(f feature) bool {
	first := f.terraform
	if c.OpenTofu() {
		first = f.openTofu
	}
	v, err := version.NewVersion(c.Version)
	return first != nil && err == nil && !v.Core().LessThan(first)
}

// Identities reports whether the CLI knows resource identities (an import
// block's identity argument): Terraform and OpenTofu 1.12 and later.
func (c CLI) Identities() bool { return c.has(identities) }

// Queries reports whether the CLI runs list resources (`terraform query`,
// .tfquery.hcl files): Terraform 1.14 and later, and no OpenTofu so far.
func (c CLI) Queries() bool { return c.has(queries) }

// Actions reports whether the CLI runs provider actions (action blocks,
// action_trigger, apply -invoke): Terraform 1.14 and later, and no
// OpenTofu so far.
func (c CLI) Actions() bool { return c.has(actions) }

// ActionTriggerModes reports whether an action_trigger takes on_failure
// (halt, taint or continue) and the events before_destroy and
// after_destroy: Terraform 1.16 and later.
func (c CLI) ActionTriggerModes() bool { return c.has(triggerModes) }

// ModuleImports reports whether import blocks may sit inside a module, not
// only in the root module: Terraform 1.16 and later.
func (c CLI) ModuleImports() bool { return c.has(moduleImports) }

// OCIMirrors reports whether the CLI installs providers from an OCI
// registry (an oci_mirror block): OpenTofu 1.10 and later, no Terraform.
func (c CLI) OCIMirrors() bool { return c.has(ociMirrors) }

// PlanOpensEphemeral reports whether the CLI lists every ephemeral resource
// in the JSON of a plan (`show -json`) under resource_changes with the
// action "open", even when it plans no change: OpenTofu before 1.12
// (opentofu/opentofu#3897). Terraform leaves them out.
func (c CLI) PlanOpensEphemeral() bool {
	v, err := version.NewVersion(c.Version)
	return err == nil && c.OpenTofu() && v.Core().LessThan(v1_12)
}

// Identify runs `version` of Binary() and reads its version line, which
// names the product; `version -json` does not (OpenTofu prints the same
// terraform_version key).
func Identify(ctx context.Context) (CLI, error) {
	out, err := exec.CommandContext(ctx, Binary(), "version").Output()
	if err != nil {
		return CLI{}, fmt.Errorf("%s version: %w", Binary(), err)
	}
	return parseVersion(string(out))
}

// parseVersion finds the version line of `version`, such as "Terraform
// v1.11.4" or "OpenTofu v1.12.6-dev". It is the first line unless the CLI
// printed warnings before it: OpenTofu 1.12 prints those about its CLI
// configuration (such as a TF_CLI_CONFIG_FILE that does not exist) on
// stdout, ahead of the output of every command.
func parseVersion(out string) (CLI, error) {
	for line := range strings.Lines(out) {
		product, v, ok := strings.Cut(strings.TrimSpace(line), " v")
		if !ok || (product != "Terraform" && product != "OpenTofu") {
			continue
		}
		if _, err := version.NewVersion(v); err != nil {
			return CLI{}, fmt.Errorf("version line of %s with a malformed version: %q", product, line)
		}
		return CLI{Product: product, Version: v}, nil
	}
	return CLI{}, fmt.Errorf("no version line of Terraform or OpenTofu (such as \"Terraform v1.11.4\") in %q", out)
}

// Command prepares `terraform args...` in dir with the provider installed
// and env added to this process's environment.
func (p *Provider) Command(ctx context.Context, dir string, env []string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, Binary(), args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "TF_CLI_CONFIG_FILE="+p.CLIConfig, "TF_IN_AUTOMATION=1", "CHECKPOINT_DISABLE=1")
	cmd.Env = append(cmd.Env, env...)
	return cmd
}

// Run runs terraform and returns its combined output; the error includes
// the output, so a failed command explains itself.
func (p *Provider) Run(ctx context.Context, dir string, env []string, args ...string) (string, error) {
	var out bytes.Buffer
	cmd := p.Command(ctx, dir, env, args...)
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return out.String(), fmt.Errorf("terraform %s: %w\n%s", strings.Join(args, " "), err, out.String())
	}
	return out.String(), nil
}

// ResourceChange is one resource change of a saved plan.
type ResourceChange struct {
	// Actions are the change's actions joined with "+", such as "no-op",
	// "update" or "delete+create".
	Actions string
	// Importing says the change imports the resource.
	Importing bool
}

// ResourceChanges reads the resource changes, by address, from the output
// of `show -json` of a saved plan.
func ResourceChanges(showJSON string) (map[string]ResourceChange, error) {
	var plan struct {
		ResourceChanges []struct {
			Address string `json:"address"`
			Change  struct {
				Actions   []string        `json:"actions"`
				Importing json.RawMessage `json:"importing"`
			} `json:"change"`
		} `json:"resource_changes"`
	}
	if err := json.Unmarshal([]byte(showJSON), &plan); err != nil {
		return nil, fmt.Errorf("reading the JSON of a plan: %w", err)
	}
	changes := map[string]ResourceChange{}
	for _, rc := range plan.ResourceChanges {
		changes[rc.Address] = ResourceChange{Actions: strings.Join(rc.Change.Actions, "+"), Importing: len(rc.Change.Importing) > 0}
	}
	return changes, nil
}
