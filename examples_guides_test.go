// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"fmt"
	"iter"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/cardpay/terraform-provider-cardpay/internal/tfcli"
)

// TestExamplesGuides follows each guide of templates/guides the way a
// reader does. A guide's commands, configuration files and shown outputs
// live in examples/guides/<guide>/, and the guide's template includes them
// verbatim (codefile, tffile), so the text cannot drift from what runs
// here. Each guide runs in a temporary directory, with its own sandbox
// started by the command the guide shows, with `terraform` on PATH being
// the CLI under test (TF_ACC_TERRAFORM_PATH, which make test-matrix sets).
// A command that fails, or an output that no longer matches what the guide
// shows, fails the test.
//
// What the harness does for the reader, and only that:
//   - it answers "yes" to apply and destroy (TF_CLI_ARGS_apply and
//     TF_CLI_ARGS_destroy set -auto-approve);
//   - it "pastes" the export line a started program prints, as the guides
//     tell the reader to;
//   - guides other than getting-started find the provider installed as
//     getting-started installs it (dev_overrides through TF_CLI_CONFIG_FILE);
//   - HOME is a temporary directory, with Go's caches kept where they are;
//   - it puts a guide's tools on PATH (setup), such as the pinned opa;
//   - with a release (CARDPAY_RELEASE_DIST), it serves the release's files
//     on 127.0.0.1 for a guide's download, and runs its CI examples' shell
//     commands with the release's image as their service
//     (examples_guides_release_test.go, examples_guides_ci_test.go).
//
// The reader's shell stays where a step's commands cd to: later steps that
// do not run in the repository run, and save files, there.
//
// Adding a guide: put its files under examples/guides/<guide>/, include them
// from the template, and add an entry to guideRuns.
func TestExamplesGuides(t *testing.T) {
	provider := tfcli.BuildForTest(t)
	cli := exampleCLI(t)
	for _, g := range guideRuns {
		t.Run(g.name, func(t *testing.T) {
			t.Parallel()
			if g.needs != nil {
				if reason := g.needs(cli); reason != "" {
					t.Skipf("%s: %s", cli, reason)
				}
			}
			start := time.Now()
			newGuideRun(t, g, provider, cli).run(t, cli)
			t.Logf("guide %s with %s: %s", g.name, cli, time.Since(start).Round(time.Second))
		})
	}
}

// guide is one guide's run: its directory under examples/guides (named
// like its template), what it needs of the CLI, and its steps in the order
// the reader takes them.
type guide struct {
	name  string
	dir   string                 // under examples/guides, when not named like the guide
	needs func(tfcli.CLI) string // why the CLI cannot run the guide, or ""
	// ownInstall: the guide installs the provider itself (getting-started);
	// the others find it installed.
	ownInstall bool
	// setup adds to the reader's environment, such as a free port where
	// the guide offers a variable for a port in use.
	setup func(t *testing.T, r *guideRun)
	steps []step
}

// step is what the reader does at one point of a guide.
type step struct {
	// needs: why the CLI cannot take this step, or "" (a guide that shows
	// another command for it).
	needs func(tfcli.CLI) string
	// save copies the file, or a directory with everything in it, into the
	// working directory as path (the reader saves a configuration the guide
	// shows, or copies a directory the guide names).
	save, path string
	// run runs the shell commands of the file in one bash, in the working
	// directory or, with inRepo, in the provider's repository. Variables it
	// exports, and the directory it changes to, stay for the next steps, as
	// in the reader's shell.
	run    string
	inRepo bool
	dir    string // a directory under the working directory to run in
	// start runs the file's commands in the background (a second
	// terminal) until the guide ends; the step ends when the output has a
	// line matching ready. Export lines it prints are pasted.
	start, ready string
	// expect names the file of the output the guide shows: of the run, of
	// the start (up to the ready line), or with await alone, of the
	// background program named by await, waited for.
	expect, await string
	// stop stops the background program started by that file (the reader
	// presses Ctrl-C in its terminal).
	stop string
	// fails: the guide shows this command failing.
	fails bool
	// anyOrder: the parts of the shown output between elisions may come
	// in any order (lists that terraform query runs in parallel).
	anyOrder bool
	// from: the step belongs to one way of getting the sandbox, from a
	// release (CARDPAY_RELEASE_DIST) or from this checkout, and runs only
	// with it (examples_guides_release_test.go).
	from sandboxSource
	// ci runs the shell commands of the file, a CI system's job (GitHub
	// Actions, GitLab CI), with the sandbox's image as its service
	// (examples_guides_ci_test.go); expect names the output of its steps.
	ci string
}

// guideRuns lists the guides that run: every guide of templates/guides
// except retries-and-failures, which has no commands to run (a provider
// block fragment and an example error).
var guideRuns = []guide{
	{
		name:       "getting-started",
		ownInstall: true,
		steps: []step{
			{start: "sandbox.sh", inRepo: true, ready: "^export ", expect: "sandbox.out"},
			{run: "install.sh", inRepo: true},
			{save: "main.tf", path: "main.tf"},
			{run: "apply.sh", expect: "apply.out"},
			{run: "output.sh", expect: "output.out"},
			{run: "plan.sh", expect: "plan.out"},
			{run: "drift.sh", expect: "drift.out"},
			{run: "reapply.sh"},
			{run: "destroy.sh", expect: "destroy.out"},
			{run: "reset.sh", expect: "reset.out"},
		},
	},
	{
		name:  "webhooks",
		setup: receiverPort,
		steps: []step{
			{start: "../getting-started/sandbox.sh", inRepo: true, ready: "^export "},
			{save: "main.tf", path: "main.tf"},
			{save: "payments.tf", path: "payments.tf"},
			{save: "../../webhook-receiver/main.go", path: "receiver/main.go"},
			{run: "apply.sh", expect: "apply.out"},
			{start: "receiver.sh", ready: "listening on", expect: "receiver-start.out"},
			{run: "deliver.sh", expect: "deliver.out"},
			{await: "receiver.sh", expect: "receiver.out"},
			{run: "refresh.sh", expect: "refresh.out"},
			{run: "openssl.sh", expect: "openssl.out"},
			{run: "save-old.sh"},
			{save: "next.tf", path: "next.tf"},
			{run: "apply-next.sh", expect: "apply-next.out"},
			{stop: "receiver.sh"},
			{start: "receiver-both.sh", ready: "listening on"},
			{run: "deliver-both.sh", expect: "deliver-both.out"},
			{await: "receiver-both.sh", expect: "receiver-both.out"},
			{run: "apply-after.sh", expect: "apply-after.out"},
			{run: "support-removes.sh", expect: "support-removes.out"},
		},
	},
	{
		name:  "adopting-an-existing-merchant",
		needs: needsQueries,
		steps: []step{
			{start: "../getting-started/sandbox.sh", inRepo: true, ready: "^export "},
			{save: "main.tf", path: "main.tf"},
			{save: "adopt.tfquery.hcl", path: "adopt.tfquery.hcl"},
			{run: "query.sh", expect: "query.out", anyOrder: true},
			{run: "generate.sh", expect: "generate.out", anyOrder: true},
			{run: "show-generated.sh", expect: "show-generated.out"},
			{run: "plan.sh", expect: "plan.out"},
			{run: "apply.sh", expect: "apply.out"},
			// The whole book, in a directory of its own.
			{save: "main.tf", path: "book/main.tf"},
			{save: "book.tfquery.hcl", path: "book/book.tfquery.hcl"},
			{run: "book.sh", dir: "book", expect: "book.out"},
		},
	},
	{
		// The reader copies examples/complete with the module it calls
		// (examples/modules) out of the checkout, keeping their layout, as
		// make demo does.
		name: "onboarding-a-merchant",
		steps: []step{
			{start: "../getting-started/sandbox.sh", inRepo: true, ready: "^export "},
			{run: "copy.sh", inRepo: true},
			{run: "get.sh", expect: "get.out"},
			{run: "apply.sh", expect: "apply.out"},
			{run: "handout.sh"},
			{run: "authorize.sh"},
			{run: "refresh.sh", expect: "refresh.out"},
			{run: "accounts.sh", expect: "accounts.out"},
			{run: "plan.sh", expect: "plan.out"},
			{run: "destroy.sh", expect: "destroy.out"},
		},
	},
	{
		// The reader copies the layout examples/layouts/many-merchants,
		// plans and applies its two shards in parallel, and reads the
		// provider's usage lines from their logs.
		name: "managing-many-merchants",
		steps: []step{
			{start: "../getting-started/sandbox.sh", inRepo: true, ready: "^export "},
			{run: "copy.sh", inRepo: true},
			{run: "get.sh", expect: "get.out"},
			{run: "plan.sh", expect: "plan.out"},
			{run: "apply.sh", expect: "apply.out"},
			{run: "usage.sh", expect: "usage.out"},
		},
	},
	{
		// The policy pack runs with opa, which the reader has on PATH and
		// the harness takes from tools/opa (opaOnPath). The guide's conftest
		// variant (check-plan-conftest.sh) does not run: conftest is not a
		// pinned tool of the repository, and its results are the pack's,
		// which check-plan.sh checks.
		name:  "reviewing-plans-in-ci",
		dir:   "reviewing-plans",
		setup: opaOnPath,
		steps: []step{
			{start: "../getting-started/sandbox.sh", inRepo: true, ready: "^export "},
			{save: "main.tf", path: "main.tf"},
			{run: "apply.sh", expect: "apply.out"},
			{save: "main-changed.tf", path: "main.tf"},
			{save: "../../../policies", path: "policies"},
			{save: "cardpay-policy.json", path: "cardpay-policy.json"},
			{run: "check-plan.sh", expect: "check-plan.out", fails: true},
			{run: "save-plan.sh"},
			{run: "jq-deletes.sh", expect: "jq-deletes.out"},
			{run: "jq-approval.sh", expect: "jq-approval.out", fails: true},
			{run: "jq-warnings.sh", expect: "jq-warnings.out"},
		},
	},
	{
		// The reader works in a copy of examples/modules/merchant. The
		// offline tests include not_active.tftest.hcl, whose expected
		// postcondition failure OpenTofu reports as an error: with OpenTofu
		// the reader runs the command the guide shows for it.
		//
		// The sandbox comes from the release in CARDPAY_RELEASE_DIST (make
		// release-test): go install, then the download and its
		// verification (whose binary the tests then run), the image's
		// digest, and at the end the CI jobs with the image as their
		// service. Without a release it is built from this checkout.
		name:  "testing-modules",
		setup: fromReleaseDist,
		steps: []step{
			{run: "go-install.sh", from: fromRelease},
			{run: "get-release.sh", expect: "get-release.out", from: fromRelease},
			{run: "image-digest.sh", expect: "image-digest.out", from: fromRelease},
			{run: "build.sh", inRepo: true, from: fromCheckout},
			{run: "copy.sh", inRepo: true},
			{run: "offline.sh", expect: "offline.out", needs: terraformOnly},
			{run: "offline-tofu.sh", expect: "offline-tofu.out", needs: openTofuOnly},
			{save: "authorize/main.tf", path: "tests/sandbox/authorize/main.tf"},
			{save: "setup.tftest.hcl", path: "tests/sandbox/setup.tftest.hcl"},
			{run: "get.sh"},
			{save: "start-sandbox.sh", path: "start-sandbox.sh"},
			{run: "sandbox-tests.sh", expect: "sandbox-tests.out"},
			{ci: "github-actions.yml", expect: "sandbox-tests.out", from: fromRelease},
			{ci: "gitlab-ci.yml", expect: "sandbox-tests.out", from: fromRelease},
		},
	},
	{
		name: "index", // the provider page's section on the sandbox
		steps: []step{
			{start: "sandbox.sh", inRepo: true, ready: "^export ", expect: "sandbox.out"},
			{run: "admin.sh", expect: "admin.out"},
		},
	},
}

// needsQueries skips a guide that runs terraform query.
func needsQueries(cli tfcli.CLI) string {
	if cli.Queries() {
		return ""
	}
	return "the guide runs terraform query, which needs Terraform 1.14 or later (OpenTofu has none); " +
		"make test-matrix runs it with Terraform 1.16"
}

// terraformOnly leaves out a step whose command the guide gives for
// Terraform, and openTofuOnly one it gives for OpenTofu.
func terraformOnly(cli tfcli.CLI) string {
	if cli.OpenTofu() {
		return "the guide shows another command for OpenTofu"
	}
	return ""
}

func openTofuOnly(cli tfcli.CLI) string {
	if !cli.OpenTofu() {
		return "the guide shows this command for OpenTofu"
	}
	return ""
}

// opaOnPath puts the OPA of tools/opa/go.mod, the version make policy-test
// runs, on PATH as opa. go tool -n builds it (or finds it in the build
// cache) and prints where it is; a shim that runs go tool instead would
// need the repository as its working directory.
func opaOnPath(t *testing.T, r *guideRun) {
	t.Helper()
	cmd := exec.Command("go", "tool", "-modfile=tools/opa/go.mod", "-n", "opa")
	cmd.Dir = r.repo
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("building the pinned opa: %v", err)
	}
	dir := t.TempDir()
	if err := os.Symlink(strings.TrimSpace(string(out)), filepath.Join(dir, "opa")); err != nil {
		t.Fatal(err)
	}
	r.env["PATH"] = dir + string(os.PathListSeparator) + r.env["PATH"]
}

// receiverPort moves the webhooks guide's receiver from port 9000 to a
// free one, through the two settings the guide names for that.
func receiverPort(t *testing.T, r *guideRun) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	r.env["LISTEN_ADDR"] = addr
	r.env["TF_VAR_receiver_url"] = "http://" + addr + "/events"
}

// guideRun is one guide being followed: its working directory, the
// reader's environment and the programs running in the background.
type guideRun struct {
	guide
	// dir holds the guide's files; cwd is the reader's current directory,
	// which starts as an empty temporary one; repo is the provider's.
	dir, cwd, repo string
	env            map[string]string
	background     map[string]*backgroundProgram
	// outputs holds the output of each step run so far, by its file.
	outputs map[string]string
	// With a release (fromReleaseDist): the release, and how its scripts
	// and outputs differ from what the guide shows.
	release *guideRelease
}

func newGuideRun(t *testing.T, g guide, p *tfcli.Provider, cli tfcli.CLI) *guideRun {
	t.Helper()
	repo, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	r := &guideRun{
		guide: g, repo: repo, cwd: t.TempDir(), dir: filepath.Join("examples", "guides", cmp.Or(g.dir, g.name)),
		env: readerEnv(t), background: map[string]*backgroundProgram{}, outputs: map[string]string{},
	}
	r.env["PATH"] = terraformOnPath(t, cli) + string(os.PathListSeparator) + r.env["PATH"]
	if !g.ownInstall {
		r.env["TF_CLI_CONFIG_FILE"] = p.CLIConfig
	}
	if g.setup != nil {
		g.setup(t, r)
	}
	return r
}

// readerEnv is the environment of a reader's fresh shell: this process's
// without the provider's and the CLI's settings, a HOME of its own (Go's
// caches kept, so nothing is built twice) and apply and destroy approved.
func readerEnv(t *testing.T) map[string]string {
	t.Helper()
	env := map[string]string{}
	for _, kv := range os.Environ() {
		name, value, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(name, "CARDPAY_") || strings.HasPrefix(name, "TF_") {
			continue
		}
		env[name] = value
	}
	for _, name := range []string{"GOCACHE", "GOMODCACHE", "GOPATH"} {
		out, err := exec.Command("go", "env", name).Output()
		if err != nil {
			t.Fatal(err)
		}
		env[name] = strings.TrimSpace(string(out))
	}
	env["HOME"] = t.TempDir()
	env["CHECKPOINT_DISABLE"] = "1"
	env["TF_CLI_ARGS_apply"] = "-auto-approve"
	env["TF_CLI_ARGS_destroy"] = "-auto-approve"
	return env
}

// terraformOnPath returns a directory whose `terraform` is the CLI under
// test, so a guide's `terraform` commands run it, OpenTofu included; an
// OpenTofu is `tofu` there too, for the commands a guide shows for it.
func terraformOnPath(t *testing.T, cli tfcli.CLI) string {
	t.Helper()
	bin, err := exec.LookPath(tfcli.Binary())
	if err != nil {
		t.Fatalf("%s: %v", cli, err)
	}
	dir := t.TempDir()
	names := []string{"terraform"}
	if cli.OpenTofu() {
		names = append(names, "tofu")
	}
	for _, name := range names {
		if err := os.Symlink(bin, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func (r *guideRun) run(t *testing.T, cli tfcli.CLI) {
	t.Helper()
	for _, s := range r.steps {
		if s.needs != nil {
			if reason := s.needs(cli); reason != "" {
				t.Logf("guide %s: leaving out %s: %s: %s", r.name, s.run+s.start+s.save, cli, reason)
				continue
			}
		}
		if reason := r.leftOut(s.from); reason != "" {
			t.Logf("guide %s: leaving out %s: %s", r.name, s.run+s.ci, reason)
			continue
		}
		switch {
		case s.ci != "":
			t.Run(s.ci, func(t *testing.T) { r.runCIJob(t, s) })
		case s.save != "":
			r.saveFile(t, s)
		case s.run != "":
			r.runScript(t, s)
		case s.start != "":
			r.startProgram(t, s)
		case s.await != "":
			r.awaitOutput(t, s)
		case s.stop != "":
			r.stopProgram(t, s)
		default:
			t.Fatalf("guide %s: a step that does nothing: %+v", r.name, s)
		}
	}
}

func (r *guideRun) saveFile(t *testing.T, s step) {
	t.Helper()
	src := filepath.Join(r.dir, s.save)
	info, err := os.Stat(src)
	if err != nil {
		t.Fatal(err)
	}
	if info.IsDir() {
		if err := os.CopyFS(filepath.Join(r.cwd, s.path), os.DirFS(src)); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(r.cwd, s.path)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// runScript runs a step's commands in one bash that stops at the first
// failing command, then keeps what it exported, and the directory it
// changed to, for the next steps.
func (r *guideRun) runScript(t *testing.T, s step) {
	t.Helper()
	state := t.TempDir()
	envFile, pwdFile := filepath.Join(state, "env"), filepath.Join(state, "pwd")
	script := r.scriptFile(t, s.run, state)
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "-euo", "pipefail", "-c", `. "$1"; env -0 >"$2"; pwd >"$3"`, "bash", script, envFile, pwdFile)
	cmd.Dir = r.stepDir(s)
	cmd.Env = r.environ()
	out, err := cmd.CombinedOutput()
	output := string(out)
	switch {
	case err != nil && !s.fails:
		t.Fatalf("guide %s, %s: %v\n%s", r.name, s.run, err, output)
	case err == nil && s.fails:
		t.Fatalf("guide %s, %s: succeeded, but the guide shows it failing\n%s", r.name, s.run, output)
	}
	if !s.fails {
		r.keepExports(t, envFile)
		r.keepDirectory(t, cmd.Dir, pwdFile)
	}
	r.outputs[s.run] = output
	if s.expect != "" {
		r.compare(t, s.run, s.expect, output, s.anyOrder)
	}
}

// keepExports reads the environment a script left (env -0) into the
// reader's environment, without the shell's own bookkeeping.
func (r *guideRun) keepExports(t *testing.T, envFile string) {
	t.Helper()
	data, err := os.ReadFile(envFile)
	if err != nil {
		t.Fatal(err)
	}
	env := map[string]string{}
	for kv := range strings.SplitSeq(strings.TrimSuffix(string(data), "\x00"), "\x00") {
		name, value, _ := strings.Cut(kv, "=")
		if !slices.Contains([]string{"_", "PWD", "OLDPWD", "SHLVL"}, name) {
			env[name] = value
		}
	}
	r.env = env
}

// keepDirectory makes the directory a script changed to the reader's
// current directory.
func (r *guideRun) keepDirectory(t *testing.T, started, pwdFile string) {
	t.Helper()
	data, err := os.ReadFile(pwdFile)
	if err != nil {
		t.Fatal(err)
	}
	if dir := strings.TrimSpace(string(data)); dir != started {
		r.cwd = dir
	}
}

func (r *guideRun) stepDir(s step) string {
	if s.inRepo {
		return r.repo
	}
	return filepath.Join(r.cwd, s.dir)
}

func (r *guideRun) environ() []string {
	env := make([]string, 0, len(r.env))
	for name, value := range r.env {
		env = append(env, name+"="+value)
	}
	return env
}

// backgroundProgram is a program a guide leaves running, such as the
// sandbox or a webhook receiver, with everything it printed so far.
type backgroundProgram struct {
	mu   sync.Mutex
	out  bytes.Buffer
	stop func()
}

func (b *backgroundProgram) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.out.Write(p)
}

func (b *backgroundProgram) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.out.String()
}

// startProgram starts a step's commands in a process group of their own
// (go run starts a child), stopped with the group when the guide ends.
func (r *guideRun) startProgram(t *testing.T, s step) {
	t.Helper()
	script, err := filepath.Abs(filepath.Join(r.dir, s.start))
	if err != nil {
		t.Fatal(err)
	}
	prog := &backgroundProgram{}
	cmd := exec.Command("bash", "-euo", "pipefail", script)
	cmd.Dir = r.stepDir(s)
	cmd.Env = r.environ()
	cmd.Stdout, cmd.Stderr = prog, prog
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	prog.stop = sync.OnceFunc(func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-exited
		}
	})
	t.Cleanup(prog.stop)
	r.background[s.start] = prog
	ready := regexp.MustCompile("(?m)" + s.ready)
	output := waitFor(t, func() (string, bool) {
		out := prog.String()
		return out, ready.MatchString(out)
	}, exited, 2*time.Minute)
	if output == "" {
		t.Fatalf("guide %s, %s: no line matching %q:\n%s", r.name, s.start, s.ready, prog)
	}
	// Up to the end of the ready line: what the guide can show.
	loc := ready.FindStringIndex(output)
	if end := strings.IndexByte(output[loc[1]:], '\n'); end >= 0 {
		output = output[:loc[1]+end+1]
	}
	r.pasteExports(output)
	if s.expect != "" {
		r.compare(t, s.start, s.expect, output, false)
	}
}

// pasteExports does what the guides tell the reader to do with an export
// line a program prints: paste it into the shell.
func (r *guideRun) pasteExports(output string) {
	for line := range strings.Lines(output) {
		assignments, ok := strings.CutPrefix(strings.TrimSpace(line), "export ")
		if !ok {
			continue
		}
		for _, kv := range strings.Fields(assignments) {
			if name, value, ok := strings.Cut(kv, "="); ok {
				r.env[name] = value
			}
		}
	}
}

func (r *guideRun) stopProgram(t *testing.T, s step) {
	t.Helper()
	prog := r.background[s.stop]
	if prog == nil {
		t.Fatalf("guide %s: stop %s, which was not started", r.name, s.stop)
	}
	prog.stop()
}

// awaitOutput waits until a background program has printed what the
// guide shows, and fails if it does not within a minute.
func (r *guideRun) awaitOutput(t *testing.T, s step) {
	t.Helper()
	prog := r.background[s.await]
	if prog == nil {
		t.Fatalf("guide %s: await %s, which was not started", r.name, s.await)
	}
	if updating() {
		r.compare(t, s.await, s.expect, prog.String(), false)
		return
	}
	want := r.readExpected(t, s.expect)
	output := waitFor(t, func() (string, bool) {
		out := prog.String()
		return out, shownIn(want, out, false) == ""
	}, nil, time.Minute)
	if output == "" {
		r.compare(t, s.await, s.expect, prog.String(), false) // fails, saying how
	}
}

// waitFor polls check until it reports done, and returns its output then;
// "" when time runs out or the program exited first.
func waitFor(t *testing.T, check func() (string, bool), exited <-chan struct{}, limit time.Duration) string {
	t.Helper()
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		if out, done := check(); done {
			return out
		}
		select {
		case <-exited:
			if out, done := check(); done {
				return out
			}
			return ""
		case <-time.After(100 * time.Millisecond):
		}
	}
	return ""
}

func (r *guideRun) readExpected(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(r.dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// compare fails the test when the output differs from what the guide shows
// (a release's version and key as the guide's: asShown). With
// CARDPAY_UPDATE_GUIDES=1 it writes the output instead, for a guide's
// author to review and trim.
func (r *guideRun) compare(t *testing.T, what, expectFile, output string, anyOrder bool) {
	t.Helper()
	output = r.asShown(output)
	if updating() {
		path := filepath.Join(r.dir, expectFile)
		if err := os.WriteFile(path, []byte(plain(output)), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if diff := shownIn(r.readExpected(t, expectFile), output, anyOrder); diff != "" {
		t.Errorf("guide %s, %s: the output differs from %s (%s)\n--- output:\n%s", r.name, what, expectFile, diff, plain(output))
	}
}

// updating reports whether shown outputs are written rather than compared.
func updating() bool { return os.Getenv("CARDPAY_UPDATE_GUIDES") == "1" }

// elision is a line of a shown output that stands for lines left out.
const elision = "..."

// shownIn reports how an output differs from what a guide shows, or ""
// when it matches. Both are compared after normalize. A shown output
// without elision lines is the whole output; with them, each run of lines
// between elisions must appear, whole lines in a row, in this order unless
// anyOrder.
func shownIn(shown, output string, anyOrder bool) string {
	want := lines(normalize(shown))
	got := lines(normalize(plain(output)))
	if !slices.Contains(want, elision) {
		if slices.Equal(want, got) {
			return ""
		}
		return firstDifference(want, got)
	}
	rest := got
	for part := range splitAtElisions(want) {
		i := indexRun(rest, part)
		if i < 0 {
			return fmt.Sprintf("these lines, in this order after what matched before, are missing:\n%s", strings.Join(part, "\n"))
		}
		if !anyOrder {
			rest = rest[i+len(part):]
		}
	}
	return ""
}

// splitAtElisions yields the runs of lines between elision lines (a line
// that is only "...": terraform test prints "... pass" inside lines),
// without their leading and trailing empty lines, leaving out empty runs.
func splitAtElisions(shown []string) iter.Seq[[]string] {
	return func(yield func([]string) bool) {
		start := 0
		for i := 0; i <= len(shown); i++ {
			if i < len(shown) && shown[i] != elision {
				continue
			}
			if part := lines(strings.Join(shown[start:i], "\n")); len(part) > 0 && !yield(part) {
				return
			}
			start = i + 1
		}
	}
}

func firstDifference(want, got []string) string {
	for i := range max(len(want), len(got)) {
		w, g := "(end)", "(end)"
		if i < len(want) {
			w = want[i]
		}
		if i < len(got) {
			g = got[i]
		}
		if w != g {
			return fmt.Sprintf("line %d: shown %q, got %q", i+1, w, g)
		}
	}
	return ""
}

// indexRun returns where part starts in lines, or -1.
func indexRun(lines, part []string) int {
	for i := 0; i+len(part) <= len(lines); i++ {
		if slices.Equal(lines[i:i+len(part)], part) {
			return i
		}
	}
	return -1
}

// lines splits text into lines without trailing blanks, dropping leading
// and trailing empty lines.
func lines(text string) []string {
	var out []string
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		out = append(out, strings.TrimRight(sc.Text(), " \t"))
	}
	for len(out) > 0 && out[0] == "" {
		out = out[1:]
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}

// ansi matches the color codes of the CLI's output, which a reader's
// terminal shows as colors and a guide leaves out.
var ansi = regexp.MustCompile(`\x1b\[[0-9;]*m`)

func plain(output string) string { return ansi.ReplaceAllString(output, "") }

// varying are the parts of an output that differ from run to run, replaced
// in both the shown and the actual output before comparing: a guide shows
// real values, and any value of the same form matches.
var varying = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`127\.0\.0\.1:\d+`), "127.0.0.1:PORT"},
	{regexp.MustCompile(`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)`), "TIME"},
	{regexp.MustCompile(`\b\d{10}\b`), "UNIX_TIME"},
	{regexp.MustCompile(`\d{4}/\d\d/\d\d \d\d:\d\d:\d\d`), "LOG_TIME"},
	{regexp.MustCompile(`whsec_[0-9A-Za-z]+`), "whsec_SECRET"},
	{regexp.MustCompile(`\b(loc|term|app|req|pay)_[0-9a-f]+`), "${1}_ID"},
	{regexp.MustCompile(`\bta:[0-9a-f]+:[0-9a-f]+`), "ta:CONSENT_ID"},
	{regexp.MustCompile(`pk_sandbox_[0-9A-Za-z_-]+`), "pk_sandbox_KEY"},
	// The sandbox's IBANs end with the merchant's ID, which depends on
	// the order in which parallel creates reach it.
	{regexp.MustCompile(`\bDK50004\d{11}\b`), "DK_IBAN"},
	{regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`), "UUID"},
	// A release's image digest.
	{regexp.MustCompile(`\bsha256:[0-9a-f]{64}\b`), "sha256:DIGEST"},
	{regexp.MustCompile(`\b(after|\[)\d+(m\d+)?s\b`), "${1}Ns"},
	// The guides say terraform; OpenTofu prints its own name.
	{regexp.MustCompile(`\bOpenTofu\b`), "Terraform"},
	{regexp.MustCompile(`\btofu\b`), "terraform"},
	// The time a provider's requests waited for their turn, which
	// includes taking the lock of the pace that the provider processes of
	// one machine share: a few milliseconds when two shards run at once.
	{regexp.MustCompile(`\bwait_seconds=\d+(\.\d+)?`), "wait_seconds=SECONDS"},
	// The requests a provider sent: resources of one merchant created at
	// the same moment may share the read of its list that follows, one
	// request fewer.
	{regexp.MustCompile(`\brequests_sent=\d+`), "requests_sent=N"},
	// Where the provider was built, in a log line's source location.
	{regexp.MustCompile(`@caller=\S+\.go:\d+`), "@caller=SOURCE"},
}

func normalize(text string) string {
	for _, v := range varying {
		text = v.re.ReplaceAllString(text, v.with)
	}
	return logFieldsSorted(text)
}

// logLine matches a log line of the CLI or a provider (hclog) that ends
// with key=value fields; logField matches one field, its value bare or
// quoted.
var (
	logLine  = regexp.MustCompile(`^(.*\[(?:TRACE|DEBUG|INFO|WARN|ERROR)\]\s.*?)((?:\s+[@\w.-]+=(?:"(?:[^"\\]|\\.)*"|[^\s"]*))+)$`)
	logField = regexp.MustCompile(`[@\w.-]+=(?:"(?:[^"\\]|\\.)*"|[^\s"]*)`)
)

// logFieldsSorted sorts the fields that end each log line: a provider's
// fields reach the log in no fixed order (terraform-plugin-log keeps them
// in a map), so a shown log line matches whatever order a run writes.
func logFieldsSorted(text string) string {
	var b strings.Builder
	for line := range strings.Lines(text) {
		body, newline := strings.CutSuffix(line, "\n")
		if m := logLine.FindStringSubmatch(body); m != nil {
			fields := logField.FindAllString(m[2], -1)
			slices.Sort(fields)
			body = m[1] + " " + strings.Join(fields, " ")
		}
		b.WriteString(body)
		if newline {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

func TestLogFieldsSorted(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{
			`2026-11-24T05:03:35.403Z [INFO]  provider.terraform-provider-cardpay: usage of this run: b=2 credential="partner client x=y" @module=CARDPAY a=1` + "\n",
			`2026-11-24T05:03:35.403Z [INFO]  provider.terraform-provider-cardpay: usage of this run: @module=CARDPAY a=1 b=2 credential="partner client x=y"` + "\n",
		},
		// Not a log line: unchanged.
		{"export B=2 A=1\n", "export B=2 A=1\n"},
		// A log line without fields, and no final newline.
		{"x [WARN]  provider: nothing to say", "x [WARN]  provider: nothing to say"},
	} {
		if got := logFieldsSorted(c.in); got != c.want {
			t.Errorf("logFieldsSorted(%q):\n got %q\nwant %q", c.in, got, c.want)
		}
	}
}
