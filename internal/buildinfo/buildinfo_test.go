// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package buildinfo

import (
	"runtime"
	"runtime/debug"
	"testing"
)

// A release sets version and commit; what the toolchain recorded fills
// only what it left unset.
func TestFill(t *testing.T) {
	build := &debug.BuildInfo{
		GoVersion: "go1.26.8",
		Main:      debug.Module{Path: "github.com/cardpay/terraform-provider-cardpay", Version: "v0.2.0"},
		Settings:  []debug.BuildSetting{{Key: "vcs.revision", Value: "0123456789abcdef"}},
	}
	for _, tc := range []struct {
		name            string
		version, commit string
		want            Info
	}{
		{"release", "0.1.0", "fedcba", Info{Version: "0.1.0", Commit: "fedcba", Go: "go1.26.8"}},
		{"go install", "dev", "", Info{Version: "0.2.0", Commit: "0123456789abcdef", Go: "go1.26.8"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Info{Version: tc.version, Commit: tc.commit}
			fill(&got, build)
			if got != tc.want {
				t.Errorf("fill(%q, %q) = %+v, want %+v", tc.version, tc.commit, got, tc.want)
			}
		})
	}
	// go build in a checkout: the main module has no version.
	got := Info{Version: "dev"}
	fill(&got, &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}})
	if got.Version != "dev" || got.Commit != "" {
		t.Errorf("a (devel) build gives %+v, want version dev and no commit", got)
	}
}

func TestString(t *testing.T) {
	got := Info{Version: "0.1.0", Commit: "fedcba", Go: "go1.26.8"}.String("terraform-provider-cardpay")
	want := "terraform-provider-cardpay 0.1.0 (commit fedcba, go1.26.8 " + runtime.GOOS + "/" + runtime.GOARCH + ")"
	if got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
}
