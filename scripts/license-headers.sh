#!/usr/bin/env bash
# Copyright (c) The terraform-provider-cardpay authors
# SPDX-License-Identifier: MPL-2.0

# make license-check: every Go, shell and Rego source tracked by git names its
# license (MPL-2.0, see LICENSE) in an SPDX header within its first lines.
# make license-headers adds the header where it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

spdx='SPDX-License-Identifier: MPL-2.0'
copyright='Copyright (c) The terraform-provider-cardpay authors'

# Examples are left out: their text is shown verbatim in the generated docs.
sources() {
	git ls-files '*.go' '*.sh' '*.rego' '.ci/run' ':!:examples/'
}

has_header() { head -n 5 "$1" | grep -q "$spdx"; }

case "${1:-check}" in
check)
	missing=()
	while IFS= read -r f; do
		has_header "$f" || missing+=("$f")
	done < <(sources)
	if ((${#missing[@]})); then
		printf 'missing "%s" (run make license-headers):\n' "$spdx" >&2
		printf '  %s\n' "${missing[@]}" >&2
		exit 1
	fi
	;;
add)
	while IFS= read -r f; do
		has_header "$f" && continue
		tmp=$(mktemp)
		case "$f" in
		*.go)
			printf '// %s\n// %s\n\n' "$copyright" "$spdx" >"$tmp"
			cat "$f" >>"$tmp"
			;;
		*.rego)
			printf '# %s\n# %s\n\n' "$copyright" "$spdx" >"$tmp"
			cat "$f" >>"$tmp"
			;;
		*)
			# Shell: after the shebang line.
			head -n 1 "$f" >"$tmp"
			printf '# %s\n# %s\n' "$copyright" "$spdx" >>"$tmp"
			tail -n +2 "$f" >>"$tmp"
			;;
		esac
		cat "$tmp" >"$f"
		rm -f "$tmp"
	done < <(sources)
	;;
*)
	echo "usage: $0 [check|add]" >&2
	exit 2
	;;
esac
