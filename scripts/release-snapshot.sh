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

if [ -z "${GPG_FINGERPRINT:-}" ]; then
	GNUPGHOME=$(mktemp -d "${TMPDIR:-/tmp}/cardpay-release-gpg.XXXXXX")
	export GNUPGHOME
	# gpg starts an agent for the new home; stop it with the home.
	trap 'gpgconf --kill gpg-agent; rm -rf "$GNUPGHOME"' EXIT
	# RSA: the Terraform registries take RSA and DSA keys only.
	gpg --batch --quiet --pinentry-mode loopback --passphrase '' \
		--quick-gen-key 'terraform-provider-cardpay snapshot (throwaway) <snapshot@invalid>' rsa4096 sign 1d
	GPG_FINGERPRINT=$(gpg --batch --trust-model always --with-colons --list-keys | awk -F: '$1 == "fpr" { print $10; exit }')
	export GPG_FINGERPRINT
	echo "signing with a throwaway key, $GPG_FINGERPRINT (set GPG_FINGERPRINT to sign with yours)"
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

"${goreleaser[@]}" release --snapshot --clean

# A release publishes the manifest beside SHA256SUMS (release.extra_files,
# which a snapshot does not run); dist/ holds it under that name too.
sums=(dist/terraform-provider-cardpay_*_SHA256SUMS)
cp terraform-registry-manifest.json "${sums[0]%_SHA256SUMS}_manifest.json"
gpg --export "$GPG_FINGERPRINT" >dist/signing-key.gpg
ls dist/*.zip "${sums[0]}"*
