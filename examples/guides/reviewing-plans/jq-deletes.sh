jq -r '.resource_changes[]
  | select(.type | startswith("cardpay_"))
  | select(.change.actions | index("delete"))
  | "\(.address)\t\(.change.actions | join("+"))\t\((.change.replace_paths // []) | map(map(tostring) | join(".")) | join(", "))"' plan.json
