// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

// Package sandboximage builds the container image of the cardpay-sandbox
// without a container daemon: an OCI image index of one image per
// platform, each the static sandbox binary on an empty base, run as a user
// without privileges and listening on every interface of the container.
// scripts/sandbox-image is its command. The same binaries, version, commit
// and commit time give the same bytes: every time in the image is the
// commit's.
package sandboximage

import (
	"archive/tar"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/empty"
	"github.com/google/go-containerregistry/pkg/v1/mutate"
	"github.com/google/go-containerregistry/pkg/v1/tarball"
	"github.com/google/go-containerregistry/pkg/v1/types"
)

// What every image of the index says about how to run it.
const (
	// BinaryPath is where the sandbox is in the image.
	BinaryPath = "/cardpay-sandbox"
	// User is the numeric user and group the sandbox runs as: no name,
	// as the empty base has no /etc/passwd, and not root.
	User = "65532:65532"
	// Port is the port the sandbox listens on, on every interface of the
	// container, which Addr sets through the environment (so that
	// "docker run -e CARDPAY_SANDBOX_ADDR=..." or a flag can change it).
	Port = "8080"
	Addr = "0.0.0.0:" + Port
)

// Platform is one binary of the index: linux/amd64, linux/arm64.
type Platform struct {
	OS, Architecture, Variant string
	// Binary is the path of the static sandbox binary for it.
	Binary string
}

// String is the platform as OCI tools write it, os/arch[/variant].
func (p Platform) String() string {
	return strings.TrimSuffix(p.OS+"/"+p.Architecture+"/"+p.Variant, "/")
}

// ParsePlatform reads os/arch[/variant].
func ParsePlatform(s string) (Platform, error) {
	parts := strings.Split(s, "/")
	if len(parts) < 2 || len(parts) > 3 || parts[0] == "" || parts[1] == "" {
		return Platform{}, fmt.Errorf("platform %q is not os/arch[/variant], such as linux/amd64", s)
	}
	p := Platform{OS: parts[0], Architecture: parts[1]}
	if len(parts) == 3 {
		p.Variant = parts[2]
	}
	return p, nil
}

// Release says which release the image is of.
type Release struct {
	Version string
	// Commit is the revision it was built from, CommitTime its commit's
	// time: the image's creation time, so that it rebuilds byte for byte.
	Commit     string
	CommitTime time.Time
	// Source is the repository's URL.
	Source string
}

// Labels are the org.opencontainers.image annotations of the image, on
// each platform's configuration and on the index.
func (r Release) Labels() map[string]string {
	return map[string]string{
		"org.opencontainers.image.title":       "cardpay-sandbox",
		"org.opencontainers.image.description": "In-memory implementation of the cardpay partner API, for tests and demos of the Terraform provider",
		"org.opencontainers.image.version":     r.Version,
		"org.opencontainers.image.revision":    r.Commit,
		"org.opencontainers.image.created":     r.CommitTime.UTC().Format(time.RFC3339),
		"org.opencontainers.image.source":      r.Source,
		"org.opencontainers.image.licenses":    "MPL-2.0",
	}
}

func (r Release) validate() error {
	switch {
	case r.Version == "":
		return errors.New("no version")
	case r.Commit == "":
		return errors.New("no commit")
	case r.CommitTime.IsZero():
		return errors.New("no commit time")
	case r.Source == "":
		return errors.New("no source URL")
	}
	return nil
}

// Build makes the index of one image per platform.
func Build(r Release, platforms []Platform) (v1.ImageIndex, error) {
	if err := r.validate(); err != nil {
		return nil, err
	}
	if len(platforms) == 0 {
		return nil, errors.New("no platform binaries")
	}
	var adds []mutate.IndexAddendum
	for _, p := range platforms {
		img, err := platformImage(r, p)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		adds = append(adds, mutate.IndexAddendum{Add: img, Descriptor: v1.Descriptor{
			Platform: &v1.Platform{OS: p.OS, Architecture: p.Architecture, Variant: p.Variant},
		}})
	}
	index := mutate.IndexMediaType(empty.Index, types.OCIImageIndex)
	index = mutate.AppendManifests(index, adds...)
	annotated, ok := mutate.Annotations(index, r.Labels()).(v1.ImageIndex)
	if !ok {
		return nil, errors.New("annotating the index did not give an index")
	}
	return annotated, nil
}

// platformImage is the binary of p on an empty base.
func platformImage(r Release, p Platform) (v1.Image, error) {
	binary, err := os.ReadFile(p.Binary)
	if err != nil {
		return nil, err
	}
	layerTar, err := rootFS(binary, r.CommitTime)
	if err != nil {
		return nil, err
	}
	layer, err := tarball.LayerFromOpener(func() (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(layerTar)), nil
	}, tarball.WithMediaType(types.OCILayer))
	if err != nil {
		return nil, err
	}
	created := v1.Time{Time: r.CommitTime.UTC()}
	img := mutate.MediaType(empty.Image, types.OCIManifestSchema1)
	img = mutate.ConfigMediaType(img, types.OCIConfigJSON)
	img, err = mutate.Append(img, mutate.Addendum{Layer: layer, History: v1.History{
		Created: created, CreatedBy: "scripts/sandbox-image: " + BinaryPath + " of " + r.Version, Comment: "static binary on an empty base",
	}})
	if err != nil {
		return nil, err
	}
	cfg, err := img.ConfigFile()
	if err != nil {
		return nil, err
	}
	cfg = cfg.DeepCopy()
	cfg.Created = created
	cfg.OS, cfg.Architecture, cfg.Variant = p.OS, p.Architecture, p.Variant
	cfg.Config = v1.Config{
		User:         User,
		Entrypoint:   []string{BinaryPath},
		Env:          []string{"CARDPAY_SANDBOX_ADDR=" + Addr},
		ExposedPorts: map[string]struct{}{Port + "/tcp": {}},
		Labels:       r.Labels(),
		WorkingDir:   "/",
		StopSignal:   "SIGTERM",
	}
	return mutate.ConfigFile(img, cfg)
}

// rootFS is the image's one layer: the binary, and a /tmp the user may
// write to (for -tls-ca-out), all owned by root with the commit's time.
func rootFS(binary []byte, modTime time.Time) ([]byte, error) {
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	entries := []struct {
		header tar.Header
		data   []byte
	}{
		{tar.Header{Typeflag: tar.TypeReg, Name: strings.TrimPrefix(BinaryPath, "/"), Mode: 0o755, Size: int64(len(binary))}, binary},
		{tar.Header{Typeflag: tar.TypeDir, Name: "tmp/", Mode: 0o1777}, nil},
	}
	for _, e := range entries {
		h := e.header
		h.ModTime, h.Format = modTime.UTC(), tar.FormatPAX
		if err := tw.WriteHeader(&h); err != nil {
			return nil, err
		}
		if _, err := tw.Write(e.data); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
