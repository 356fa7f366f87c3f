#!/usr/bin/env bash
# Copyright (c) The terraform-provider-cardpay authors
# SPDX-License-Identifier: MPL-2.0
# scripts/release.sh KIND builds the release into dist/ (DEVELOPERS.md,
# "Releases") with the pinned goreleaser (.goreleaser.yml): the provider's
# and the sandbox's zips, an SBOM of each, the provider's SHA256SUMS and the
# registry manifest, the sandbox's container image (scripts/sandbox-image),
# the provenance statement, cardpay-release_<version>_SHA256SUMS (every
# file), and, but for a rebuild, the signatures and public keys.
# Nothing is published. KIND is one of
#
#   snapshot  (make release-snapshot) a pre-release of HEAD, signed with
#             throwaway GPG and cosign keys (or GPG_FINGERPRINT's and
#             COSIGN_KEY's)
#   rebuild   (make release-rebuild) what the release of HEAD contains, its
#             tag's version (a snapshot's without a tag), unsigned: how a
#             partner checks that a release rebuilds byte for byte
#   release   (make release) the release of the tag at HEAD, signed with the
#             release keys (scripts/release-sign.sh refuses any other)
#
# Nothing is downloaded but the pinned Go tools (GNUmakefile), once.
set -euo pipefail
cd "$(dirname "$0")/.."

kind=${1:-}
case $kind in
snapshot | rebuild | release) ;;
*) echo "usage: scripts/release.sh snapshot|rebuild|release" >&2; exit 2 ;;
esac
: "${GORELEASER:?set GORELEASER, CYCLONEDX_GOMOD and COSIGN to the pinned modules, as make does}"
export COSIGN=${COSIGN:?}
: "${CYCLONEDX_GOMOD:?}"
# The zip entries' times in UTC, whatever the zone of the machine.
export TZ=UTC LC_ALL=C

# cyclonedx-gomod reads the repository with go-git, which does not follow a
# `git worktree` to the repository's common directory.
if [ "$(git rev-parse --git-dir)" != "$(git rev-parse --git-common-dir)" ]; then
	echo "make release-$kind: run it in a clone (git clone), not in a git worktree: cyclonedx-gomod cannot read a worktree" >&2
	exit 1
fi

if [ -n "$(git status --porcelain)" ]; then
	echo "make release-$kind: the checkout has changes, which the binaries record (vcs.modified=true): this build will not match a rebuild of the commit" >&2
	git status --short >&2
fi

tagged=false
if git describe --exact-match --tags HEAD >/dev/null 2>&1; then tagged=true; fi
args=(release --clean --skip=publish,announce)
case $kind in
snapshot) args+=(--snapshot) ;;
rebuild) if [ "$tagged" = false ]; then args+=(--snapshot); fi ;;
release)
	if [ "$tagged" = false ]; then echo "make release: HEAD has no tag; tag the release first (git tag v0.1.0)" >&2; exit 1; fi
	if [ -n "${RELEASE_PLATFORMS:-}" ]; then echo "make release: a release has every platform; unset RELEASE_PLATFORMS" >&2; exit 1; fi
	;;
esac

config_copy='' tools=$(mktemp -d "${TMPDIR:-/tmp}/cardpay-release-tools.XXXXXX")
trap 'rm -rf "$config_copy" "$tools"' EXIT

# The SBOM tool, built for this machine (goreleaser runs it with each
# archive's GOOS and GOARCH, which go run would build it for).
GOBIN=$tools go install "$CYCLONEDX_GOMOD"
export PATH="$tools:$PATH"

# RELEASE_PLATFORMS (such as "linux_amd64 darwin_arm64") builds only those
# platforms, through a copy of .goreleaser.yml whose builds list them as
# their targets: CI checks the release on a subset, since the full set takes
# a cold build cache an hour on 2 cores.
config=.goreleaser.yml
if [ -n "${RELEASE_PLATFORMS:-}" ]; then
	config_copy=$(mktemp "${TMPDIR:-/tmp}/cardpay-goreleaser.XXXXXX.yml")
	config=$config_copy
	targets=$(printf '%s\n' $RELEASE_PLATFORMS | sed 's/_amd64$/_amd64_v1/' | paste -sd, -)
	# Replace each build's goos, goarch and ignore keys with targets.
	awk -v targets="$targets" '
		/^    goos:/ { print "    targets: [" targets "]"; skip = 0; next }
		/^    goarch:/ { skip = 0; next }
		/^    ignore:/ { skip = 1; next }
		skip && /^      / { next }
		{ skip = 0; print }' .goreleaser.yml >"$config"
fi

# goreleaser reads the remote's URL with the commit, and a checkout without
# a remote (such as CI's) makes it drop both: the snapshot's version would
# end in "none". The URL only names the repository, which .goreleaser.yml
# names already, so a clone without a remote is given that one, for this
# command only.
if ! git remote get-url origin >/dev/null 2>&1; then
	export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=remote.origin.url \
		GIT_CONFIG_VALUE_0=https://github.com/cardpay/terraform-provider-cardpay.git
fi

go run "$GORELEASER" "${args[@]}" --config "$config"

version=$(jq -r .version dist/metadata.json)
commit=$(git rev-parse HEAD)

# The sandbox's container image (scripts/sandbox-image): an OCI image index
# of the linux/amd64 and linux/arm64 sandbox binaries goreleaser just built,
# the same bytes as in their zips (of those RELEASE_PLATFORMS builds: CI's
# linux_amd64 alone gives an index of that one platform; none, no image).
# The OCI layout as a tar file, and its image index, whose SHA-256 is the
# image's digest: both join the checksums and the provenance below, so the
# signed checksum file names the digest a partner pins the image by.
image_files=() image_binaries=()
for arch in amd64 arm64; do
	binary=$(jq -r --arg arch "$arch" '.[] | select(.type == "Binary" and .extra.ID == "sandbox"
		and .goos == "linux" and .goarch == $arch) | .path' dist/artifacts.json)
	if [ -n "$binary" ]; then image_binaries+=(-binary "linux/$arch=$binary"); fi
done
if [ ${#image_binaries[@]} -gt 0 ]; then
	image_files=("cardpay-sandbox_${version}_oci.tar" "cardpay-sandbox_${version}_oci-index.json")
	go run ./scripts/sandbox-image "${image_binaries[@]}" -version "$version" -commit "$commit" \
		-commit-time "$(git show -s --format=%cI "$commit")" -tarball "dist/${image_files[0]}" -index "dist/${image_files[1]}"
else
	echo "make release-$kind: no linux/amd64 or linux/arm64 sandbox in this build, so no container image" >&2
fi

cd dist
# A release publishes the manifest beside SHA256SUMS; SHA256SUMS lists it.
cp ../terraform-registry-manifest.json "terraform-provider-cardpay_${version}_manifest.json"

# The provenance statement: its subjects are the archives, the manifest and
# the image (its tar file, and its index, whose digest is the image's).
provenance=cardpay-release_${version}_provenance.intoto.json
go run ../scripts/provenance -commit "$commit" -version "$version" \
	-tool "goreleaser=${GORELEASER##*@}" -tool "cyclonedx-gomod=${CYCLONEDX_GOMOD##*@}" \
	./*_"$version"_*.zip "terraform-provider-cardpay_${version}_manifest.json" "${image_files[@]}" >"$provenance"

# The provider's SHA256SUMS lists what the Terraform Registry expects (its
# zips and the manifest) and nothing else; cardpay-release_<version>_SHA256SUMS
# lists every file of the release, the sandbox's zips and image, the SBOMs
# and the provenance included.
sha256sum ./*_"$version"_*.zip "terraform-provider-cardpay_${version}_manifest.json" "${image_files[@]}" ./*.sbom.json "$provenance" |
	sed 's|  \./|  |' >"cardpay-release_${version}_SHA256SUMS"
cd ..

if [ "$kind" != rebuild ]; then
	RELEASE_KIND=$kind bash scripts/release-sign.sh \
		"dist/terraform-provider-cardpay_${version}_SHA256SUMS" "dist/cardpay-release_${version}_SHA256SUMS"
fi
ls dist/*_"$version"_* dist/cardpay-release-key.asc dist/cardpay-cosign.pub 2>/dev/null || true
