// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/cardpay/terraform-provider-cardpay/internal/tfcli"
)

// The hooked provider is internal/provider's test binary: its TestMain
// serves the provider when hookServeEnv is set, with switches the product
// has not (internal/provider/bench_hook_test.go). readSharingOffEnv turns
// the sharing of list reads off.
const (
	hookedPackage     = "github.com/cardpay/terraform-provider-cardpay/internal/provider"
	hookServeEnv      = "CARDPAY_BENCH_SERVE=1"
	readSharingOffEnv = "CARDPAY_BENCH_READ_SHARING=off"
)

// providerBuild is one build of the provider, with the environment it
// runs in.
type providerBuild struct {
	name string
	bin  string
	env  []string
}

// bench holds what every terraform command needs.
type bench struct {
	terraform string
	root      string // temporary directory of the whole run
	cliConfig string
	sb        *benchSandbox
	// normal is the provider as users get it; every figure of time and
	// memory is of it, except the coalescing-off row and -profile runs.
	normal providerBuild
	// hooked is the hooked provider, the same provider code with the
	// bench's switches; noCoalesc is it with list sharing turned off.
	hooked, noCoalesc providerBuild
	timeout           time.Duration
	seq               int
	profile           bool
	trace             bool // see -trace
	profiles          []commandProfile
	tmpSeq            atomic.Int64
	tfVersion         string // for the states the bench writes
}

// sample is one terraform command.
type sample struct {
	wall         time.Duration
	providerKiB  int64 // peak RSS of the largest provider process
	providers    int   // provider processes started
	terraformKiB int64 // peak RSS of terraform itself
	counts       map[string]int
	// refused counts the requests the sandbox's rate limit refused, by
	// route, and refusedLate those refused more than a second after the
	// command's first request.
	refused     map[string]int
	refusedLate int
	changes     bool // plan -detailed-exitcode reported changes
}

// setup builds the provider and the hooked provider, writes the
// dev_overrides directory with the wrapper and the CLI configuration.
func (b *bench) setup(ctx context.Context) error {
	overrides := filepath.Join(b.root, "overrides")
	if err := os.MkdirAll(overrides, 0o755); err != nil {
		return err
	}
	logf("building the provider and the hooked provider")
	normal, hooked := filepath.Join(b.root, "normal"), filepath.Join(b.root, "hooked")
	for _, dir := range []string{normal, hooked} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	p, err := tfcli.Build(ctx, normal)
	if err != nil {
		return err
	}
	b.normal = providerBuild{name: "default", bin: p.Binary()}
	hooked = filepath.Join(hooked, "terraform-provider-cardpay")
	if out, err := exec.CommandContext(ctx, "go", "test", "-c", "-o", hooked, hookedPackage).CombinedOutput(); err != nil {
		return fmt.Errorf("building the hooked provider: %w\n%s", err, out)
	}
	b.hooked = providerBuild{name: "hooked", bin: hooked, env: []string{hookServeEnv}}
	b.noCoalesc = providerBuild{name: "coalescing off", bin: hooked, env: []string{hookServeEnv, readSharingOffEnv}}

	// terraform starts the wrapper (this program), which starts the build
	// named in its environment and records its peak memory.
	self, err := os.Executable()
	if err != nil {
		return err
	}
	if err := copyFile(self, filepath.Join(overrides, "terraform-provider-cardpay"), 0o755); err != nil {
		return err
	}
	b.cliConfig = filepath.Join(b.root, "terraformrc")
	return tfcli.WriteCLIConfig(b.cliConfig, overrides)
}

func copyFile(src, dst string, mode os.FileMode) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, mode)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		_ = out.Close()
		return err
	}
	return out.Close()
}

// terraformCmd runs one terraform command in dir with the provider build p
// (used only if the configuration needs the cardpay provider) and measures
// it. The sandbox's request counts are cleared first.
func (b *bench) terraformCmd(ctx context.Context, dir string, p providerBuild, args ...string) (sample, error) {
	b.seq++
	tag := fmt.Sprintf("%03d-%s", b.seq, args[0])
	rssFile := filepath.Join(dir, tag+".rss")
	logFile, err := os.Create(filepath.Join(dir, tag+".log"))
	if err != nil {
		return sample{}, err
	}
	defer logFile.Close()

	ctx, cancel := context.WithTimeout(ctx, b.timeout)
	defer cancel()
	cmd := b.command(ctx, dir, p, logFile, rssFile, args...)

	b.sb.srv.ResetRequestCounts()
	b.sb.refusals.reset()
	start := time.Now()
	if err = cmd.Start(); err != nil {
		return sample{}, err
	}
	stop := make(chan struct{})
	sampled := make(chan int64, 1)
	go func() { sampled <- sampleHWM(cmd.Process.Pid, stop) }()
	err = cmd.Wait()
	s := sample{wall: time.Since(start), counts: b.sb.srv.RequestCounts(), refused: b.sb.srv.RefusedCounts(),
		refusedLate: b.sb.refusals.after(time.Second)}
	close(stop)
	s.providerKiB, s.providers = readRSS(rssFile)
	// wait4 reports the larger of terraform's own peak and that of the
	// children it reaped (the providers). When that is no larger than the
	// providers' peak, it may be theirs, so use the sampled high-water mark.
	s.terraformKiB = peakRSSKiB(cmd.ProcessState)
	if hwm := <-sampled; s.terraformKiB <= s.providerKiB {
		s.terraformKiB = hwm
	}

	var exit *exec.ExitError
	switch {
	case err == nil:
	case args[0] == "plan" && errors.As(err, &exit) && exit.ExitCode() == 2:
		s.changes = true
	default:
		return s, fmt.Errorf("terraform %s in %s: %w\n%s", strings.Join(args, " "), dir, err, tail(logFile.Name(), 40))
	}
	return s, nil
}

// command is terraform with args in dir, its output to logFile, starting the
// provider build p through the wrapper, which records its peak RSS in rssFile.
func (b *bench) command(ctx context.Context, dir string, p providerBuild, logFile *os.File, rssFile string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, b.terraform, args...)
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = logFile, logFile
	cmd.Env = append(cleanEnv(), b.sb.env()...)
	cmd.Env = append(cmd.Env,
		"TF_CLI_CONFIG_FILE="+b.cliConfig,
		"TF_IN_AUTOMATION=1",
		"CHECKPOINT_DISABLE=1",
		wrapRealEnv+"="+p.bin,
		wrapOutEnv+"="+rssFile,
	)
	cmd.Env = append(cmd.Env, "TMPDIR="+b.freshTemp()) // no throttle state from an earlier command
	cmd.Env = append(cmd.Env, p.env...)
	if b.trace {
		cmd.Env = append(cmd.Env, "TF_LOG_PROVIDER=DEBUG", "TF_LOG_PATH="+filepath.Join(dir, "provider-"+args[0]+".log"))
	}
	return cmd
}

// freshTemp makes a new temporary directory for a command or a fleet: the
// provider shares its throttle through files there (a later TMPDIR in the
// environment wins).
func (b *bench) freshTemp() string {
	n := b.tmpSeq.Add(1)
	dir := filepath.Join(b.root, fmt.Sprintf("tmp-%04d", n))
	_ = os.MkdirAll(dir, 0o700)
	return dir
}

func (b *bench) apply(ctx context.Context, dir string, p providerBuild) (sample, error) {
	return b.terraformCmd(ctx, dir, p, "apply", "-auto-approve", "-input=false", "-no-color")
}

// plan refreshes (the default) and reports changes through the exit code.
func (b *bench) plan(ctx context.Context, dir string, p providerBuild) (sample, error) {
	return b.terraformCmd(ctx, dir, p, "plan", "-input=false", "-no-color", "-detailed-exitcode")
}

// cleanEnv is the environment without terraform logging and plugin cache
// settings that would change what is measured.
func cleanEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		switch {
		case strings.HasPrefix(name, "TF_LOG"), strings.HasPrefix(name, "TF_CLI_ARGS"),
			strings.HasPrefix(name, "CARDPAY_"), strings.HasPrefix(name, "BENCH_WRAP_"),
			name == "TF_PLUGIN_CACHE_DIR", name == "TF_DATA_DIR", name == "TF_CLI_CONFIG_FILE":
			continue
		}
		env = append(env, kv)
	}
	return env
}

// readRSS returns the largest peak RSS (KiB) the wrappers recorded and
// how many provider processes recorded one.
func readRSS(path string) (peak int64, n int) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, 0
	}
	for _, line := range strings.Fields(string(data)) {
		v, err := strconv.ParseInt(line, 10, 64)
		if err == nil {
			peak, n = max(peak, v), n+1
		}
	}
	return peak, n
}

func tail(path string, lines int) string {
	data, _ := os.ReadFile(path)
	all := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	if len(all) > lines {
		all = all[len(all)-lines:]
	}
	return strings.Join(all, "\n")
}

// sampleHWM polls the peak RSS (VmHWM, KiB) of a running process until stop
// is closed or the process is gone, and returns the last value seen; 0
// where /proc is not available.
func sampleHWM(pid int, stop <-chan struct{}) int64 {
	path := fmt.Sprintf("/proc/%d/status", pid)
	var hwm int64
	t := time.NewTicker(20 * time.Millisecond)
	defer t.Stop()
	for {
		data, err := os.ReadFile(path)
		if err != nil {
			return hwm
		}
		for _, line := range strings.Split(string(data), "\n") {
			if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
				f := strings.Fields(v)
				if len(f) > 0 {
					if kib, err := strconv.ParseInt(f[0], 10, 64); err == nil {
						hwm = max(hwm, kib)
					}
				}
			}
		}
		select {
		case <-stop:
			return hwm
		case <-t.C:
		}
	}
}
