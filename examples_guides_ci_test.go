// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"cmp"
	"context"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/layout"
	"go.yaml.in/yaml/v3"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandboximage"
)

// A guide's CI examples (a GitHub Actions workflow, a GitLab CI job) cannot
// run here as a whole: no CI system, no container runtime, no registry.
// runCIJob runs what of them can, as the CI system would:
//   - the service: the release's image, found by the digest the reader
//     printed (image-digest.sh) in the release's OCI layout, which stands
//     for the registry; its entrypoint runs as the image's configuration
//     says, with the environment the CI system gives the service (secrets
//     are ciToken), on a free port in place of the published one;
//   - the job: each shell step runs as written, with the job's environment,
//     in the module's directory, where the reader's earlier steps put the
//     module and its tests. The address of the service (the published port
//     on localhost, or the service's name, which resolves only on the CI's
//     network) is 127.0.0.1 and the free port in the job's variables.
//
// What does not run, each saying why: the actions and commands of
// ciCannotRun (checkout, installing Terraform and curl, terraform init
// from the registry: the provider comes from dev_overrides, the helper
// module from get.sh).

// ciToken is the value of every secret, the admin token's included.
const ciToken = "guide-ci-admin-token"

// imagePlaceholder is the image the examples name: REGISTRY is where a
// partner takes images from, DIGEST what image-digest.sh prints.
const imagePlaceholder = "REGISTRY/cardpay-sandbox@DIGEST"

// ciCannotRun are the actions and commands of the examples that cannot run
// here, and why.
var ciCannotRun = map[string]string{
	"actions/checkout@v4":                                       "the module's directory is the working directory",
	"hashicorp/setup-terraform@v3":                              "terraform is on PATH",
	"apk add --no-cache curl":                                   "curl is on PATH",
	"terraform init -input=false -test-directory=tests/sandbox": "the registry: the provider comes from dev_overrides, and get.sh fetched the helper module",
}

// ciJob is a CI example as runCIJob runs it.
type ciJob struct {
	image      string
	serviceEnv map[string]string
	// address is how the job reaches the service (localhost:8443,
	// cardpay-sandbox:8080).
	address string
	env     map[string]string
	steps   []ciStep
	// githubEnv: the job's steps pass variables on through $GITHUB_ENV.
	githubEnv bool
}

type ciStep struct {
	what   string
	script string
	env    map[string]string
	shell  []string
}

func (r *guideRun) runCIJob(t *testing.T, s step) {
	if r.release.layout == "" {
		t.Skip("the release has no container image: no linux/amd64 or linux/arm64 sandbox")
	}
	var job ciJob
	switch s.ci {
	case "github-actions.yml":
		job = readGitHubJob(t, filepath.Join(r.dir, s.ci))
	case "gitlab-ci.yml":
		job = readGitLabJob(t, filepath.Join(r.dir, s.ci))
	default:
		t.Fatalf("%s: no CI system known by that name", s.ci)
	}
	url := r.startCIService(t, job)
	replacer := strings.NewReplacer(job.address, strings.TrimPrefix(url, "https://"))
	env := map[string]string{}
	for name, value := range r.env {
		if !strings.HasPrefix(name, "CARDPAY_") && !strings.HasPrefix(name, "TF_VAR_") { // the reader's shell's
			env[name] = value
		}
	}
	for name, value := range job.env {
		env[name] = replacer.Replace(ciValue(t, value))
	}
	githubEnv := filepath.Join(t.TempDir(), "github-env")
	var output strings.Builder
	for _, st := range job.steps {
		stepEnv := maps.Clone(env)
		for name, value := range st.env {
			stepEnv[name] = replacer.Replace(ciValue(t, value))
		}
		if job.githubEnv {
			writeFile(t, githubEnv, "")
			stepEnv["GITHUB_ENV"] = githubEnv
		}
		output.WriteString(r.runCIStep(t, s.ci, st, stepEnv))
		if job.githubEnv {
			maps.Copy(env, readGitHubEnv(t, githubEnv))
		}
	}
	r.compare(t, s.ci, s.expect, output.String(), false)
}

// startCIService runs the job's service from the release's image and
// returns its URL on 127.0.0.1.
func (r *guideRun) startCIService(t *testing.T, job ciJob) string {
	t.Helper()
	digest := strings.TrimSpace(r.outputs["image-digest.sh"])
	if job.image != imagePlaceholder || digest == "" {
		t.Fatalf("the service's image is %q, want %q, and image-digest.sh printed %q", job.image, imagePlaceholder, digest)
	}
	hash, err := v1.NewHash(digest)
	if err != nil {
		t.Fatalf("image-digest.sh printed %q: %v", digest, err)
	}
	top, err := layout.ImageIndexFromPath(r.release.layout)
	if err != nil {
		t.Fatal(err)
	}
	index, err := top.ImageIndex(hash)
	if err != nil {
		t.Fatalf("the release's image has no index %s: %v", digest, err)
	}
	img := platformImage(t, index, runtime.GOOS, runtime.GOARCH)
	cfg, err := img.ConfigFile()
	if err != nil {
		t.Fatal(err)
	}
	var env []string
	for _, name := range slices.Sorted(maps.Keys(job.serviceEnv)) {
		env = append(env, name+"="+ciValue(t, job.serviceEnv[name]))
	}
	return startEntrypoint(t, extractBinary(t, img), cfg.Config, env)
}

// platformImage is the image of an index for a platform.
func platformImage(t *testing.T, index v1.ImageIndex, goos, goarch string) v1.Image {
	t.Helper()
	manifest, err := index.IndexManifest()
	if err != nil {
		t.Fatal(err)
	}
	for _, desc := range manifest.Manifests {
		if desc.Platform != nil && desc.Platform.OS == goos && desc.Platform.Architecture == goarch {
			img, err := index.Image(desc.Digest)
			if err != nil {
				t.Fatal(err)
			}
			return img
		}
	}
	t.Skipf("the image has no platform %s/%s to run here", goos, goarch)
	return nil
}

// runCIStep runs a step's shell commands in the module's directory, as
// written, and returns their output.
func (r *guideRun) runCIStep(t *testing.T, file string, st ciStep, env map[string]string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, st.shell[0], append(st.shell[1:], "-c", st.script)...)
	cmd.Dir = r.cwd
	for name, value := range env {
		cmd.Env = append(cmd.Env, name+"="+value)
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s, %s: %v\n--- commands:\n%s\n--- output:\n%s", file, st.what, err, st.script, out)
	}
	return string(out)
}

// ciValue is a value of the job's or service's environment as the CI
// system gives it: a GitHub secret is ciToken; no other expression is
// known here.
func ciValue(t *testing.T, value string) string {
	t.Helper()
	value = regexp.MustCompile(`\$\{\{\s*secrets\.\w+\s*\}\}`).ReplaceAllString(value, ciToken)
	if strings.Contains(value, "${{") {
		t.Fatalf("%q: an expression the test cannot give a value", value)
	}
	return value
}

// readGitHubJob reads a workflow of one job with one service, reached at
// localhost on the port it publishes.
func readGitHubJob(t *testing.T, file string) ciJob {
	t.Helper()
	var workflow struct {
		Jobs map[string]struct {
			Services map[string]struct {
				Image string
				Env   map[string]string
				Ports []string
			}
			Env   map[string]string
			Steps []struct {
				Name, Uses, Run string
				Env             map[string]string
			}
		}
	}
	readYAML(t, file, &workflow)
	if len(workflow.Jobs) != 1 {
		t.Fatalf("%s: %d jobs, want one", file, len(workflow.Jobs))
	}
	for _, j := range workflow.Jobs {
		if len(j.Services) != 1 {
			t.Fatalf("%s: %d services, want one", file, len(j.Services))
		}
		job := ciJob{env: j.Env, githubEnv: true}
		for _, svc := range j.Services {
			published, port, ok := strings.Cut(strings.Join(svc.Ports, ","), ":")
			if !ok || port != sandboximage.Port {
				t.Fatalf("%s: the service publishes %q, want one port mapped to the image's %s", file, svc.Ports, sandboximage.Port)
			}
			job.image, job.serviceEnv, job.address = svc.Image, svc.Env, "localhost:"+published
		}
		for i, st := range j.Steps {
			what := cmp.Or(st.Name, st.Uses, st.Run)
			if reason, ok := ciCannotRun[cmp.Or(st.Uses, st.Run)]; ok {
				t.Logf("%s: leaving out step %d (%s): %s", file, i+1, what, reason)
				continue
			}
			if st.Uses != "" {
				t.Fatalf("%s: step %d uses %s, which the test does not know", file, i+1, st.Uses)
			}
			job.steps = append(job.steps, ciStep{what: what, script: st.Run, env: st.Env, shell: []string{"bash", "-e"}})
		}
		return job
	}
	return ciJob{}
}

// readGitHubEnv reads the NAME=value lines a step wrote to $GITHUB_ENV.
func readGitHubEnv(t *testing.T, file string) map[string]string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	env := map[string]string{}
	for line := range strings.Lines(string(data)) {
		name, value, ok := strings.Cut(strings.TrimSuffix(line, "\n"), "=")
		if !ok || strings.Contains(name, "<<") {
			t.Fatalf("$GITHUB_ENV: %q is not NAME=value", line)
		}
		env[name] = value
	}
	return env
}

// gitlabProjectVariables are the CI/CD variables of the project that the
// GitLab example asks for. GitLab gives them to the job, not to its
// services, which get the variables of .gitlab-ci.yml (with those of the
// project they name expanded).
var gitlabProjectVariables = map[string]string{"SANDBOX_ADMIN_TOKEN": ciToken}

// readGitLabJob reads a .gitlab-ci.yml of one job with one service,
// reached by its alias on the image's port. Its before_script and script
// lines run in one shell (sh), as the runner runs them.
func readGitLabJob(t *testing.T, file string) ciJob {
	t.Helper()
	var jobs map[string]struct {
		Services []struct {
			Name, Alias string
			Variables   map[string]string
		}
		Variables    map[string]string
		BeforeScript []string `yaml:"before_script"`
		Script       []string
	}
	readYAML(t, file, &jobs)
	if len(jobs) != 1 {
		t.Fatalf("%s: %d jobs, want one", file, len(jobs))
	}
	for name, j := range jobs {
		if len(j.Services) != 1 || j.Services[0].Alias == "" {
			t.Fatalf("%s: services %+v, want one with an alias", file, j.Services)
		}
		svc := j.Services[0]
		job := ciJob{image: svc.Name, address: svc.Alias + ":" + sandboximage.Port, env: maps.Clone(gitlabProjectVariables), serviceEnv: map[string]string{}}
		for name, value := range j.Variables {
			job.env[name] = gitlabExpand(t, value)
			job.serviceEnv[name] = job.env[name]
		}
		for name, value := range svc.Variables {
			job.serviceEnv[name] = gitlabExpand(t, value)
		}
		var lines []string
		for i, line := range slices.Concat(j.BeforeScript, j.Script) {
			if reason, ok := ciCannotRun[line]; ok {
				t.Logf("%s: leaving out line %d (%s): %s", file, i+1, line, reason)
				continue
			}
			lines = append(lines, line)
		}
		job.steps = []ciStep{{what: name, script: strings.Join(lines, "\n"), shell: []string{"sh", "-e"}}}
		return job
	}
	return ciJob{}
}

// gitlabExpand expands the project's variables a value of .gitlab-ci.yml
// names ($NAME, ${NAME}); naming any other fails the test.
func gitlabExpand(t *testing.T, value string) string {
	t.Helper()
	return os.Expand(value, func(name string) string {
		v, ok := gitlabProjectVariables[name]
		if !ok {
			t.Fatalf("%q names $%s, which is not a variable of the project the example asks for", value, name)
		}
		return v
	})
}

func readYAML(t *testing.T, file string, v any) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
}
