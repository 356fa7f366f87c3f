#!/usr/bin/env bash
# Copyright (c) The terraform-provider-cardpay authors
# SPDX-License-Identifier: MPL-2.0
# Prints a directory holding a `terraform` of version 1.12 or later, for
# tfplugindocs: it reads the provider's schema through the terraform on PATH,
# and only Terraform 1.12+ reports resource identity schemas, which the docs
# render. Prefers Terraform 1.16 from ../shared/tools/cli-path (offline), else
# the terraform on PATH when it is new enough.
set -euo pipefail
cd "$(dirname "$0")/.."

dir=bin/docs-terraform
mkdir -p "$dir"
cli_path=${CLI_PATH_TOOL:-../shared/tools/cli-path}
if [ -x "$cli_path" ] && bin=$("$cli_path" terraform-1.16 2>/dev/null) && [ -x "$bin" ]; then
	ln -sf "$bin" "$dir/terraform"
	echo "$PWD/$dir"
	exit 0
fi
if path=$(command -v terraform) && "$path" version -json | grep -Eq '"terraform_version": *"1\.(1[2-9]|[2-9][0-9])\.'; then
	dirname "$path"
	exit 0
fi
echo "docs: tfplugindocs needs Terraform 1.12 or later to read resource identity schemas; put one on PATH" >&2
exit 1
