#!/usr/bin/env bash
# Copyright (c) The terraform-provider-cardpay authors
# SPDX-License-Identifier: MPL-2.0
# Prints a directory holding a `terraform` of version 1.12 or later, for
# tfplugindocs: it reads the provider's schema through the terraform on PATH,
# and only Terraform 1.12+ reports resource identity schemas, which the docs
# render. It takes the newest Terraform (not OpenTofu) among the one
# TF_ACC_TERRAFORM_PATH names, the terraform on PATH, and the Terraform 1.16
# and 1.15 of ../shared/tools/cli-path (CLI_PATH_TOOL) when that exists;
# without one new enough it says in one line how to point at one.
set -euo pipefail
cd "$(dirname "$0")/.."

cli_path=${CLI_PATH_TOOL:-../shared/tools/cli-path}
candidates=()
[ -n "${TF_ACC_TERRAFORM_PATH:-}" ] && candidates+=("$TF_ACC_TERRAFORM_PATH")
on_path=$(command -v terraform || true)
[ -n "$on_path" ] && candidates+=("$on_path")
if [ -x "$cli_path" ]; then
	for name in terraform-1.16 terraform-1.15; do
		bin=$("$cli_path" "$name" 2>/dev/null) && candidates+=("$bin")
	done
fi

# terraform_version prints "1.16.4" for a Terraform binary, nothing for
# OpenTofu or anything else; `version` names the product on its own line.
terraform_version() {
	[ -x "$1" ] || return 0
	"$1" version 2>/dev/null | sed -n 's/^Terraform v\([0-9][0-9.]*\).*/\1/p' | head -n 1
}

# at_least reports whether version $2 is $1 or later.
at_least() { [ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | head -n 1)" = "$1" ]; }

best="" best_version="" found=""
for bin in ${candidates[@]+"${candidates[@]}"}; do
	v=$(terraform_version "$bin")
	case "$v" in "") continue ;; esac
	case "$found" in *" $bin;"*) continue ;; esac
	found+=" $v at $bin;"
	if [ -z "$best_version" ] || at_least "$best_version" "$v"; then
		best=$bin best_version=$v
	fi
done

if [ -z "$best_version" ] || ! at_least 1.12.0 "$best_version"; then
	found=${found%;}
	echo "make generate needs Terraform 1.12 or later to render identity schemas (found:${found:- none}): put one first on PATH, or set TF_ACC_TERRAFORM_PATH=/path/to/terraform" >&2
	exit 1
fi
dir=bin/docs-terraform
mkdir -p "$dir"
ln -sf "$best" "$dir/terraform"
echo "$PWD/$dir"
