#!/usr/bin/env bash
# Review a cardpay plan with the policy pack, in the Terraform working
# directory: the pack in ./policies (a copy of the provider repository's
# policies/ directory), your settings in ./cardpay-policy.json, opa on PATH.
set -euo pipefail

terraform plan -input=false -out=tfplan
terraform show -json tfplan >plan.json

# Warnings: what the pack could not check because the plan does not know it yet.
opa eval --format raw -d policies -d cardpay-policy.json -i plan.json 'data.cardpay.warn[_].msg'

# Denials: the script fails when there is any.
opa eval --fail-defined --format raw -d policies -d cardpay-policy.json -i plan.json 'data.cardpay.deny[_].msg'
