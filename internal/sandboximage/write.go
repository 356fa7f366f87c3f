// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandboximage

import (
	"archive/tar"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/empty"
	"github.com/google/go-containerregistry/pkg/v1/layout"
)

// RefNameAnnotation names the index in the layout's index.json, as
// "oci:DIR:VERSION" references of skopeo and podman look it up.
const RefNameAnnotation = "org.opencontainers.image.ref.name"

// WriteLayout writes index as an OCI image layout in dir, which must not
// exist yet (a layout appends to what a directory holds), under the ref
// name version.
func WriteLayout(dir string, index v1.ImageIndex, version string) error {
	if _, err := os.Stat(dir); err == nil {
		return fmt.Errorf("%s exists: remove it first, an OCI layout would add to it", dir)
	}
	path, err := layout.Write(dir, empty.Index)
	if err != nil {
		return err
	}
	return path.AppendIndex(index, layout.WithAnnotations(map[string]string{RefNameAnnotation: version}))
}

// WriteTarball writes the layout in dir as a tar file, the form
// "docker load" (Docker 25 and later), "podman load" and
// "skopeo copy oci-archive:FILE" take. Its entries come in name order,
// owned by root, with modTime, so the same layout gives the same bytes.
func WriteTarball(file, dir string, modTime time.Time) (err error) {
	out, err := os.Create(file)
	if err != nil {
		return err
	}
	defer func() {
		if closeErr := out.Close(); err == nil {
			err = closeErr
		}
	}()
	tw := tar.NewWriter(out)
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || path == dir {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		h := &tar.Header{Name: filepath.ToSlash(rel), ModTime: modTime.UTC(), Mode: 0o644, Typeflag: tar.TypeReg, Format: tar.FormatPAX}
		if d.IsDir() {
			h.Name, h.Mode, h.Typeflag = h.Name+"/", 0o755, tar.TypeDir
			return tw.WriteHeader(h)
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer func() { _ = f.Close() }()
		info, err := f.Stat()
		if err != nil {
			return err
		}
		h.Size = info.Size()
		if err := tw.WriteHeader(h); err != nil {
			return err
		}
		_, err = io.Copy(tw, f)
		return err
	})
	if err != nil {
		return err
	}
	return tw.Close()
}
