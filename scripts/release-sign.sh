#!/usr/bin/env bash
# Copyright (c) The terraform-provider-cardpay authors
# SPDX-License-Identifier: MPL-2.0
# scripts/release-sign.sh FILE... signs each checksum file of a release twice:
# with GPG (FILE.sig, a detached binary signature, as the Terraform Registry
# wants) and with cosign (FILE.cosign.bundle, cosign's bundle of the signature), and puts
# the public keys beside them (cardpay-release-key.asc, cardpay-cosign.pub),
# where the release publishes them. scripts/release.sh runs it.
#
# RELEASE_KIND=release signs with the release keys and no other: GPG_FINGERPRINT
# must be the fingerprint of the committed cardpay-release-key.asc, and
# COSIGN_KEY the private half of the committed cardpay-cosign.pub (its
# passphrase in COSIGN_PASSWORD); anything else is refused before anything
# is signed. Its cosign signatures are also recorded in Sigstore's public
# transparency log (Rekor).
#
# RELEASE_KIND=snapshot signs with GPG_FINGERPRINT's key, or else a throwaway
# RSA key made in a temporary GNUPGHOME, and with COSIGN_KEY, or else a
# throwaway cosign key; nothing is uploaded anywhere.
set -euo pipefail
cd "$(dirname "$0")/.."

kind=${RELEASE_KIND:-}
[ $# -gt 0 ] || { echo "usage: RELEASE_KIND=snapshot|release scripts/release-sign.sh FILE..." >&2; exit 2; }
cosign() { go run "${COSIGN:?set COSIGN to the pinned cosign module, as make does}" "$@"; }
command -v gpg >/dev/null || { echo "release-sign: gpg (GnuPG) is needed to sign the checksums" >&2; exit 1; }
refuse() { echo "release-sign: refusing to sign a release: $*" >&2; exit 1; }

# The fingerprint of an armored key file.
fingerprint() { gpg --batch --show-keys --with-colons "$1" | awk -F: '$1 == "fpr" { print $10; exit }'; }

throwaway='' 
cleanup() {
	# gpg starts an agent for the throwaway home; stop it with the home.
	if [ -n "$throwaway" ]; then GNUPGHOME=$throwaway/gnupg gpgconf --kill gpg-agent; rm -rf "$throwaway"; fi
}
trap cleanup EXIT

gpg_fpr=$(printf '%s' "${GPG_FINGERPRINT:-}" | tr -d ' ' | tr a-f A-F)
case $kind in
release)
	release_fpr=$(fingerprint cardpay-release-key.asc)
	[ "$gpg_fpr" = "$release_fpr" ] ||
		refuse "GPG_FINGERPRINT is '${GPG_FINGERPRINT:-}', not the release key $release_fpr of cardpay-release-key.asc"
	[ -n "${COSIGN_KEY:-}" ] || refuse "COSIGN_KEY is not set: name the private half of cardpay-cosign.pub"
	cosign public-key --key "$COSIGN_KEY" | cmp -s - cardpay-cosign.pub ||
		refuse "COSIGN_KEY ($COSIGN_KEY) is not the private half of cardpay-cosign.pub"
	tlog=true
	;;
snapshot)
	if [ -z "$gpg_fpr" ] || [ -z "${COSIGN_KEY:-}" ]; then
		throwaway=$(mktemp -d "${TMPDIR:-/tmp}/cardpay-release-keys.XXXXXX")
	fi
	if [ -z "$gpg_fpr" ]; then
		export GNUPGHOME=$throwaway/gnupg
		mkdir -m 700 "$GNUPGHOME"
		# RSA: the Terraform registries take RSA and DSA keys only.
		gpg --batch --quiet --pinentry-mode loopback --passphrase '' \
			--quick-gen-key 'terraform-provider-cardpay snapshot (throwaway) <snapshot@invalid>' rsa4096 sign 1d
		gpg_fpr=$(gpg --batch --with-colons --list-keys | awk -F: '$1 == "fpr" { print $10; exit }')
		echo "signing with a throwaway GPG key, $gpg_fpr (set GPG_FINGERPRINT to sign with yours)"
	fi
	if [ -z "${COSIGN_KEY:-}" ]; then
		(cd "$throwaway" && COSIGN_PASSWORD='' cosign generate-key-pair >/dev/null)
		export COSIGN_KEY=$throwaway/cosign.key COSIGN_PASSWORD=''
		echo "signing with a throwaway cosign key (set COSIGN_KEY to sign with yours)"
	fi
	tlog=false
	;;
*) echo "release-sign: RELEASE_KIND must be snapshot or release, not '$kind'" >&2; exit 2 ;;
esac

dist=$(dirname "$1")
if [ "$kind" = release ]; then
	cp cardpay-release-key.asc cardpay-cosign.pub "$dist/"
else
	gpg --batch --armor --export "$gpg_fpr" >"$dist/cardpay-release-key.asc"
	cosign public-key --key "$COSIGN_KEY" >"$dist/cardpay-cosign.pub"
fi
keyring=$(mktemp "${TMPDIR:-/tmp}/cardpay-release-keyring.XXXXXX")
trap 'rm -f "$keyring"; cleanup' EXIT
gpg --batch --yes --dearmor --output "$keyring" "$dist/cardpay-release-key.asc"

for file in "$@"; do
	# The exclamation mark makes gpg sign with that very key, not a subkey.
	gpg --batch --yes --local-user "$gpg_fpr!" --output "$file.sig" --detach-sign "$file"
	cosign sign-blob --yes --key "$COSIGN_KEY" --tlog-upload="$tlog" --bundle "$file.cosign.bundle" "$file" >/dev/null
	# What partners will check, checked before anything leaves this machine.
	gpgv --keyring "$keyring" "$file.sig" "$file" 2>/dev/null ||
		refuse "the published key $dist/cardpay-release-key.asc does not verify $file.sig"
done
