terraform plan -input=false -out=tfplan -json > plan.log
jq -r 'select(.type == "diagnostic" and .diagnostic.severity == "warning") | "\(.diagnostic.address // "-")\t\(.diagnostic.summary)"' plan.log | sort
