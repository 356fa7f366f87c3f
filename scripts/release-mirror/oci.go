// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/google/go-containerregistry/pkg/authn"
	"github.com/google/go-containerregistry/pkg/name"
	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/remote"
	"github.com/google/go-containerregistry/pkg/v1/static"
	"github.com/google/go-containerregistry/pkg/v1/types"
)

// The layout OpenTofu's oci_mirror reads: a tag named for the version
// refers to an index whose artifact type is ociProvider; the index lists
// one manifest per platform (artifact type ociProviderTarget, with the
// platform's os and architecture), whose one layer is the zip (archive/zip).
const (
	ociProvider       = "application/vnd.opentofu.provider"
	ociProviderTarget = "application/vnd.opentofu.provider-target"
	ociZip            = "archive/zip"
	ociEmpty          = "application/vnd.oci.empty.v1+json"
)

// descriptor is an OCI content descriptor, with the fields OCI 1.1 adds
// for artifacts.
type descriptor struct {
	MediaType    types.MediaType   `json:"mediaType"`
	ArtifactType string            `json:"artifactType,omitempty"`
	Digest       v1.Hash           `json:"digest"`
	Size         int64             `json:"size"`
	Platform     *v1.Platform      `json:"platform,omitempty"`
	Annotations  map[string]string `json:"annotations,omitempty"`
}

type ociManifest struct {
	SchemaVersion int               `json:"schemaVersion"`
	MediaType     types.MediaType   `json:"mediaType"`
	ArtifactType  string            `json:"artifactType"`
	Config        *descriptor       `json:"config,omitempty"`
	Layers        []descriptor      `json:"layers,omitempty"`
	Manifests     []descriptor      `json:"manifests,omitempty"`
	Annotations   map[string]string `json:"annotations,omitempty"`
}

// rawManifest is a manifest as remote.Put sends it.
type rawManifest struct {
	data      []byte
	mediaType types.MediaType
}

func (m rawManifest) RawManifest() ([]byte, error) { return m.data, nil }

// MediaType has the signature remote.Put looks for.
func (m rawManifest) MediaType() (types.MediaType, error) { return m.mediaType, nil } //nolint:unparam

// pushOCI pushes each platform's zip with its manifest, then the index,
// tagged with the version (a "+" of build metadata as "_", as OCI tags
// cannot hold "+").
func pushOCI(ctx context.Context, rel *release, repository string) error {
	repo, err := name.NewRepository(repository)
	if err != nil {
		return fmt.Errorf("-repository %q: %w (write it as HOST/NAME, such as registry.example.com/opentofu-providers/cardpay/cardpay)", repository, err)
	}
	opts := []remote.Option{remote.WithContext(ctx), remote.WithAuthFromKeychain(authn.DefaultKeychain)}
	empty := static.NewLayer([]byte("{}"), ociEmpty)
	if err := remote.WriteLayer(repo, empty, opts...); err != nil {
		return err
	}
	emptyDesc, err := describe(empty, ociEmpty)
	if err != nil {
		return err
	}
	index := ociManifest{
		SchemaVersion: 2, MediaType: types.OCIImageIndex, ArtifactType: ociProvider,
		Annotations: map[string]string{"org.opencontainers.image.version": rel.version},
	}
	for _, platform := range rel.platforms() {
		desc, err := pushTarget(repo, rel.zips[platform].path, emptyDesc, opts)
		if err != nil {
			return err
		}
		goos, arch, _ := strings.Cut(platform, "_")
		desc.Platform = &v1.Platform{OS: goos, Architecture: arch}
		index.Manifests = append(index.Manifests, desc)
	}
	data, err := json.Marshal(index)
	if err != nil {
		return err
	}
	tag := repo.Tag(strings.ReplaceAll(rel.version, "+", "_"))
	if err := remote.Put(tag, rawManifest{data, types.OCIImageIndex}, opts...); err != nil {
		return err
	}
	fmt.Printf("pushed terraform-provider-cardpay %s for %v to %s\n", rel.version, rel.platforms(), tag)
	return nil
}

// pushTarget pushes one platform's zip and its manifest, and returns the
// manifest's descriptor for the index.
func pushTarget(repo name.Repository, zipPath string, config descriptor, opts []remote.Option) (descriptor, error) {
	data, err := os.ReadFile(zipPath)
	if err != nil {
		return descriptor{}, err
	}
	zip := static.NewLayer(data, ociZip)
	if err := remote.WriteLayer(repo, zip, opts...); err != nil {
		return descriptor{}, err
	}
	zipDesc, err := describe(zip, ociZip)
	if err != nil {
		return descriptor{}, err
	}
	zipDesc.Annotations = map[string]string{"org.opencontainers.image.title": filepath.Base(zipPath)}
	manifest, err := json.Marshal(ociManifest{
		SchemaVersion: 2, MediaType: types.OCIManifestSchema1, ArtifactType: ociProviderTarget,
		Config: &config, Layers: []descriptor{zipDesc},
	})
	if err != nil {
		return descriptor{}, err
	}
	digest, size, err := v1.SHA256(strings.NewReader(string(manifest)))
	if err != nil {
		return descriptor{}, err
	}
	if err := remote.Put(repo.Digest(digest.String()), rawManifest{manifest, types.OCIManifestSchema1}, opts...); err != nil {
		return descriptor{}, err
	}
	return descriptor{MediaType: types.OCIManifestSchema1, ArtifactType: ociProviderTarget, Digest: digest, Size: size}, nil
}

func describe(layer v1.Layer, mediaType types.MediaType) (descriptor, error) {
	digest, err := layer.Digest()
	if err != nil {
		return descriptor{}, err
	}
	size, err := layer.Size()
	if err != nil {
		return descriptor{}, err
	}
	return descriptor{MediaType: mediaType, Digest: digest, Size: size}, nil
}
