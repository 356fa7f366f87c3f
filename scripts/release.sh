#!/usr/bin/env bash
# Copyright (c) The terraform-provider-cardpay authors
# SPDX-License-Identifier: MPL-2.0
# make release-snapshot: builds into dist/ what a release publishes, as a
# goreleaser snapshot (no tag, nothing published): one zip per platform, the
# SHA256SUMS file, its signature and the registry manifest, plus the public
# key that verifies the signature (dist/signing-key.gpg). It signs with the
# key GPG_FINGERPRINT names, or, without one, with a throwaway key made for
# this build in a temporary GNUPGHOME. Nothing is downloaded but the pinned
# goreleaser module (GNUmakefile's GORELEASER), once.
set -euo pipefail
cd "$(dirname "$0")/.."

command -v gpg >/dev/null || { echo "make release-snapshot: gpg (GnuPG) is needed to sign SHA256SUMS" >&2; exit 1; }
goreleaser=(go run "${GORELEASER:?set GORELEASER to the pinned goreleaser module, as make release-snapshot does}")

throwaway_home='' config_copy=''
cleanup() {
	# gpg starts an agent for the throwaway home; stop it with the home.
	if [ -n "$throwaway_home" ]; then gpgconf --kill gpg-agent; fi
	rm -rf "$throwaway_home" "$config_copy"
}
trap cleanup EXIT

if [ -z "${GPG_FINGERPRINT:-}" ]; then
	throwaway_home=$(mktemp -d "${TMPDIR:-/tmp}/cardpay-release-gpg.XXXXXX")
	export GNUPGHOME=$throwaway_home
	# RSA: the Terraform registries take RSA and DSA keys only.
	gpg --batch --quiet --pinentry-mode loopback --passphrase '' \
		--quick-gen-key 'terraform-provider-cardpay snapshot (throwaway) <snapshot@invalid>' rsa4096 sign 1d
	GPG_FINGERPRINT=$(gpg --batch --trust-model always --with-colons --list-keys | awk -F: '$1 == "fpr" { print $10; exit }')
	export GPG_FINGERPRINT
	echo "signing with a throwaway key, $GPG_FINGERPRINT (set GPG_FINGERPRINT to sign with yours)"
fi

# RELEASE_PLATFORMS (such as "linux_amd64 darwin_arm64") builds only those
# platforms, through a copy of .goreleaser.yml whose build lists them as its
# targets: CI checks the install on a subset, since the full set takes a
# cold build cache half an hour on 2 cores.
config=.goreleaser.yml
if [ -n "${RELEASE_PLATFORMS:-}" ]; then
	config_copy=$(mktemp "${TMPDIR:-/tmp}/cardpay-goreleaser.XXXXXX.yml")
	config=$config_copy
	targets=$(printf '%s\n' $RELEASE_PLATFORMS | sed 's/_amd64$/_amd64_v1/' | paste -sd, -)
	# Replace the build's goos, goarch and ignore keys with targets.
	awk -v targets="$targets" '
		/^    (goos|goarch):/ { if (!done) print "    targets: [" targets "]"; done = 1; skip = 0; next }
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

"${goreleaser[@]}" release --snapshot --clean --config "$config"

# A release publishes the manifest beside SHA256SUMS (release.extra_files,
# which a snapshot does not run); dist/ holds it under that name too.
sums=(dist/terraform-provider-cardpay_*_SHA256SUMS)
cp terraform-registry-manifest.json "${sums[0]%_SHA256SUMS}_manifest.json"
gpg --export "$GPG_FINGERPRINT" >dist/signing-key.gpg
ls dist/*.zip "${sums[0]}"*
