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
	"fmt"
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

// Terraform features the provider uses, by the first Terraform with them.
// OpenTofu has none of them so far.
var (
	terraformWithIdentity = version.Must(version.NewVersion("1.12.0"))
	terraformWithQuery    = version.Must(version.NewVersion("1.14.0"))
	terraformWithActions  = version.Must(version.NewVersion("1.14.0"))
)

// terraformFrom reports whether the CLI is Terraform first at or later.
// Pre-releases count as their release: 1.14.0-rc1 has 1.14's features.
func (c CLI) terraformFrom(first *version.Version) bool {
	v, err := version.NewVersion(c.Version)
	return err == nil && !c.OpenTofu() && !v.Core().LessThan(first)
}

// Identities reports whether the CLI knows resource identities (an import
// block's identity argument): Terraform 1.12 and later.
func (c CLI) Identities() bool { return c.terraformFrom(terraformWithIdentity) }

// Queries reports whether the CLI runs list resources (`terraform query`,
// .tfquery.hcl files): Terraform 1.14 and later.
func (c CLI) Queries() bool { return c.terraformFrom(terraformWithQuery) }

// Actions reports whether the CLI runs provider actions (action blocks,
// action_trigger, apply -invoke): Terraform 1.14 and later.
func (c CLI) Actions() bool { return c.terraformFrom(terraformWithActions) }

// Identify runs `version` of Binary(). Its first line names the product;
// `version -json` does not (OpenTofu prints the same terraform_version key).
func Identify(ctx context.Context) (CLI, error) {
	out, err := exec.CommandContext(ctx, Binary(), "version").Output()
	if err != nil {
		return CLI{}, fmt.Errorf("%s version: %w", Binary(), err)
	}
	return parseVersion(string(out))
}

// parseVersion reads the first line of `version`, such as "Terraform v1.11.4".
func parseVersion(out string) (CLI, error) {
	line, _, _ := strings.Cut(out, "\n")
	product, v, ok := strings.Cut(strings.TrimSpace(line), " v")
	if !ok || (product != "Terraform" && product != "OpenTofu") || v == "" {
		return CLI{}, fmt.Errorf("not the version line of Terraform or OpenTofu: %q", line)
	}
	return CLI{Product: product, Version: v}, nil
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
