#!/usr/bin/env bash
# Copyright (c) The terraform-provider-cardpay authors
# SPDX-License-Identifier: MPL-2.0
# make demo: build the provider and the sandbox, start the sandbox on a free
# loopback port in auto-advance mode, apply examples/complete (from a new
# merchant) through dev_overrides, show that a
# second plan is empty, destroy, and clean up — also when a step fails.
set -euo pipefail

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

step() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }

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
# Work on a copy so no state or lock file is left in the repository.
cp -R "$root/examples/complete" "$work/complete"
cd "$work/complete"
rm -rf .terraform terraform.tfstate*

step "terraform apply (a new merchant, waited for until active; card onboarding, waited for until MERCHANT_CREATED; payment methods, store, terminals, order, interapp code, webhook, AIS consent)"
terraform apply -auto-approve -input=false

step "The merchant's user authorizes the AIS consent at the bank (simulated by the sandbox)"
request_id=$(terraform output -raw ais_consent_request_id)
curl -fsS -X POST -H 'Content-Type: application/json' "$base_url/_sandbox/consents/$request_id/authorize" >/dev/null
echo "consent $request_id authorized"

step "terraform apply -var read_accounts=true (reads the accounts the consent unlocks)"
terraform apply -auto-approve -input=false -var read_accounts=true

step "terraform output"
terraform output
echo "bank_accounts (sensitive, shown for the demo's fake data):"
terraform output -json bank_accounts

step "terraform plan -detailed-exitcode (expect no changes)"
terraform plan -detailed-exitcode -input=false -var read_accounts=true

step "terraform destroy"
terraform destroy -auto-approve -input=false -var read_accounts=true

step "Demo finished"
