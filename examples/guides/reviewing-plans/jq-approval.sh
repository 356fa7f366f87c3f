n=$(jq '[.resource_changes[] | select(.type | startswith("cardpay_")) | select(.change.actions | index("delete"))] | length' plan.json)
if [ "$n" -gt 0 ]; then echo "plan deletes or replaces $n cardpay object(s): needs approval"; exit 1; fi
