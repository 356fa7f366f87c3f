// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

// Package buildinfo says which build a binary is: its version, the commit it
// was built from and the Go toolchain that built it, for -version.
package buildinfo

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

// Info describes one build.
type Info struct {
	Version string // such as 0.1.0, or "dev"
	Commit  string // the full commit hash, or "unknown"
	Go      string // such as go1.26.8
}

// Read returns the build of the running binary. version and commit are what
// the release sets through -ldflags -X ("dev" and "" when unset); in their
// place it takes what the Go toolchain recorded: the module's version for
// `go install module@version` (without its v), the commit for a build in a git checkout.
func Read(version, commit string) Info {
	info := Info{Version: version, Commit: commit, Go: runtime.Version()}
	if build, ok := debug.ReadBuildInfo(); ok {
		fill(&info, build)
	}
	if info.Commit == "" {
		info.Commit = "unknown"
	}
	return info
}

func fill(info *Info, build *debug.BuildInfo) {
	if info.Version == "dev" && build.Main.Version != "" && build.Main.Version != "(devel)" {
		// v0.1.0 as 0.1.0, the form of the release's version.
		info.Version = strings.TrimPrefix(build.Main.Version, "v")
	}
	for _, setting := range build.Settings {
		if setting.Key == "vcs.revision" && info.Commit == "" {
			info.Commit = setting.Value
		}
	}
	if build.GoVersion != "" {
		info.Go = build.GoVersion
	}
}

// String is the line -version prints:
// "<name> <version> (commit <commit>, <go version> <os>/<arch>)".
func (i Info) String(name string) string {
	return fmt.Sprintf("%s %s (commit %s, %s %s/%s)", name, i.Version, i.Commit, i.Go, runtime.GOOS, runtime.GOARCH)
}
