#!/usr/bin/env bash
# Copyright (c) The terraform-provider-cardpay authors
# SPDX-License-Identifier: MPL-2.0
# make test-matrix: the tests that drive a Terraform-compatible CLI, once per
# CLI that ../shared/tools/cli-path can produce (offline). A CLI it cannot
# produce is reported and skipped; a CLI whose tests fail fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."

cli_path=${CLI_PATH_TOOL:-../shared/tools/cli-path}
# MATRIX_CLIS: the GNUmakefile names the CLIs.
read -r -a clis <<<"${MATRIX_CLIS:?set MATRIX_CLIS, as make test-matrix does}"

# Only the tests that depend on the CLI: the acceptance tests of
# internal/provider (TestAcc*, through terraform-plugin-testing or
# internal/tfcli) and the examples' validate and `terraform test` in the root
# package (TestExamples*). Unit tests, fuzz seeds and the other packages do
# not start a CLI, so `make test` runs them once.
packages=(. ./internal/provider)
cli_tests='^(TestAcc|TestExamples)'

# failure_reports prints what each failing test logged: go test -v streams
# a parallel test's output under "=== RUN/CONT/NAME <test>" before its
# "--- FAIL" line. Without any "--- FAIL" (a build error, a panic), the end
# of the log.
failure_reports() {
	if ! grep -q -- '--- FAIL' "$1"; then
		tail -n 40 "$1"
		return
	fi
	awk 'NR == FNR { if (match($0, /--- FAIL: [^ ]+/)) failed[substr($0, RSTART + 10, RLENGTH - 10)] = 1; next }
		/^=== (RUN|CONT|NAME|PAUSE) / { test = $3; next }
		/^(ok|FAIL|PASS)([[:space:]]|$)/ { test = ""; next }
		/^ *--- (PASS|SKIP)/ { next }
		test in failed || /^ *--- FAIL/ { print }' "$1" "$1"
}

logs=bin/test-matrix
mkdir -p "$logs"
summary=()
failed=0

for cli in "${clis[@]}"; do
	if [ ! -x "$cli_path" ]; then
		summary+=("$cli: not found (no $cli_path)")
		continue
	fi
	if ! bin=$("$cli_path" "$cli" 2>"$logs/$cli.err") || [ ! -x "$bin" ]; then
		summary+=("$cli: not found ($cli_path: $(paste -sd' ' "$logs/$cli.err"))")
		continue
	fi
	# "Terraform v1.11.4" -> "terraform 1.11.4"; "OpenTofu v1.11.0" -> "tofu 1.11.0".
	# The version line, not the first line: OpenTofu 1.12 prints warnings
	# about its CLI configuration (such as a TF_CLI_CONFIG_FILE that does not
	# exist) on stdout before it.
	if ! read -r product version _ < <("$bin" version 2>/dev/null | grep -m1 -E '^(Terraform|OpenTofu) v'); then
		summary+=("$cli: FAILED ($bin version did not run or printed no version line)")
		failed=1
		continue
	fi
	case $product in
	OpenTofu) name="tofu ${version#v}" host=registry.opentofu.org ;;
	*) name="terraform ${version#v}" host=registry.terraform.io ;;
	esac

	printf '\n==> %s (%s)\n' "$name" "$bin"
	log=$logs/$cli.log
	start=$SECONDS
	status=passed
	if ! TF_ACC=1 TF_ACC_TERRAFORM_PATH=$bin TF_ACC_PROVIDER_HOST=$host \
		go test -count=1 -v -timeout "${TEST_TIMEOUT:-20m}" -run "$cli_tests" "${packages[@]}" >"$log" 2>&1; then
		status=FAILED
		failed=1
		failure_reports "$log"
	fi
	grep -E '^(ok|FAIL)[[:space:]]' "$log" || true
	elapsed=$((SECONDS - start))
	skipped=$(sed -n 's/^ *--- SKIP: \([^ ]*\).*/\1/p' "$log" | paste -sd, - | sed 's/,/, /g')
	line="$name: $status in ${elapsed}s"
	if [ -n "$skipped" ]; then
		line+=" ($(grep -c -- '--- SKIP' "$log") tests skipped: $skipped)"
	fi
	summary+=("$line (log: $log)")
done

printf '\n==> test matrix\n'
printf '  %s\n' "${summary[@]}"
exit "$failed"
