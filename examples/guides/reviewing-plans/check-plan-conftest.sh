#!/usr/bin/env bash
# The same review with conftest, which prints denials (FAIL) and warnings
# (WARN) and fails on a denial.
set -euo pipefail

terraform plan -input=false -out=tfplan
terraform show -json tfplan >plan.json

conftest test --namespace cardpay --policy policies --data cardpay-policy.json plan.json
