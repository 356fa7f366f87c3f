#!/usr/bin/env bash
# Copyright (c) The terraform-provider-cardpay authors
# SPDX-License-Identifier: MPL-2.0
# make demo: build the provider and the sandbox, start the sandbox on a free
# loopback port in auto-advance mode, apply examples/complete (from two new
# merchants) through dev_overrides, show that a
# second plan is empty, destroy, and clean up — also when a step fails.
# Each terraform command's output is summarized and the outputs are printed
# once; VERBOSE=1 (make demo VERBOSE=1) prints everything.
set -euo pipefail

# Colour only a terminal, and not even that with NO_COLOR set
# (https://no-color.org): captured logs get plain text.
if [ -t 1 ] && [ -z "${NO_COLOR:-}" ]; then
  bold=$'\033[1m' plain=$'\033[0m' no_color=()
else
  bold="" plain="" no_color=(-no-color)
fi

step() { printf '\n%s==> %s%s\n' "$bold" "$*" "$plain"; }

# tf runs terraform and prints a summary of its output (the plan's totals,
# each object done, each warning once, the result), or all of it with
# VERBOSE=1 or when it fails. Terraform prints the outputs after every
# apply: they are left out, and shown once at the end. The log it reads
# lives in $work.
tf() {
  if [ -n "${VERBOSE:-}" ]; then
    terraform "$@" ${no_color[@]+"${no_color[@]}"}
    return
  fi
  local log="$work/terraform.log" status=0
  terraform "$@" -no-color >"$log" 2>&1 || status=$?
  if [ "$status" -ne 0 ] && [ "$status" -ne 2 ]; then # 2: -detailed-exitcode's "changes"
    cat "$log" >&2
    return "$status"
  fi
  grep -E '^Plan:|: (Creation|Modifications|Destruction) complete' "$log" || true
  # Each warning once, by its title (-compact-warnings lists them as "- title").
  sed -n 's/^- //p; s/^Warning: //p' "$log" | grep -v 'Provider development overrides' | sort -u | sed 's/^/Warning: /' || true
  grep -E '^(Apply|Destroy) complete!|^No changes' "$log" || true
  return "$status"
}

# A test sources this file for step and tf alone (demo_test.go).
if [ "${BASH_SOURCE[0]}" != "$0" ]; then
  return 0
fi

root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/cardpay-demo.XXXXXX")
sandbox_pid=""

cleanup() {
  status=$?
  if [ -n "$sandbox_pid" ] && kill -0 "$sandbox_pid" 2>/dev/null; then
    kill "$sandbox_pid" 2>/dev/null || true
    wait "$sandbox_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
  if [ "$status" -ne 0 ]; then
    echo "demo failed (exit $status)" >&2
  fi
  exit "$status"
}
trap cleanup EXIT INT TERM

step "Building the provider and the sandbox"
(cd "$root" && go build -o "$work/bin/terraform-provider-cardpay" . && go build -o "$work/cardpay-sandbox" ./cmd/cardpay-sandbox)

step "Starting cardpay-sandbox on a free loopback port"
# -auto-advance plays the merchant completing its onboarding form and card
# onboarding finishing, a few seconds after each starts.
"$work/cardpay-sandbox" -addr 127.0.0.1:0 -auto-advance 2s >"$work/sandbox.log" 2>&1 &
sandbox_pid=$!
base_url=""
for _ in $(seq 1 100); do
  base_url=$(sed -n 's/^CARDPAY_BASE_URL=//p' "$work/sandbox.log" | head -n 1)
  [ -n "$base_url" ] && break
  kill -0 "$sandbox_pid" 2>/dev/null || { cat "$work/sandbox.log" >&2; exit 1; }
  sleep 0.1
done
[ -n "$base_url" ] || { echo "sandbox did not report its address" >&2; exit 1; }
echo "sandbox at $base_url"
eval "$(sed -n 's/^export /export /p' "$work/sandbox.log")"

cat >"$work/terraformrc" <<RC
provider_installation {
  dev_overrides {
    "cardpay/cardpay" = "$work/bin"
  }
  direct {}
}
RC
export TF_CLI_CONFIG_FILE="$work/terraformrc"
export TF_IN_AUTOMATION=1
# Work on a copy so no state or lock file is left in the repository; the
# merchant module it calls sits beside it, as in the repository.
mkdir -p "$work/examples"
cp -R "$root/examples/complete" "$root/examples/modules" "$work/examples/"
cd "$work/examples/complete"
rm -rf .terraform terraform.tfstate*

step "terraform get (installs the merchant module; the provider comes from dev_overrides)"
terraform get -no-color

step "terraform apply (two new merchants, each waited for until active; card onboarding, waited for until MERCHANT_CREATED; payment methods, store, terminals, order, interapp code, AIS consent; one partner webhook)"
tf apply -auto-approve -input=false -compact-warnings

step "Each merchant's user authorizes the AIS consent at the bank (simulated by the sandbox)"
# ais_consent_request_ids is a map of merchant name to request ID (req_...).
for request_id in $(terraform output -json ais_consent_request_ids | grep -o '"req_[A-Za-z0-9_-]*"' | tr -d '"'); do
	curl -fsS -X POST -H 'Content-Type: application/json' "$base_url/_sandbox/consents/$request_id/authorize" >/dev/null
	echo "consent $request_id authorized"
done

step "terraform apply -var read_accounts=true (reads the accounts the consent unlocks)"
tf apply -auto-approve -input=false -compact-warnings -var read_accounts=true

step "terraform output"
terraform output
echo "bank_accounts (sensitive, shown for the demo's fake data):"
terraform output -json bank_accounts

step "terraform plan -detailed-exitcode (expect no changes)"
tf plan -detailed-exitcode -input=false -var read_accounts=true

step "terraform destroy"
tf destroy -auto-approve -input=false -compact-warnings -var read_accounts=true

step "Demo finished"
