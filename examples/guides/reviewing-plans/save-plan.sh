terraform plan -input=false -out=tfplan
terraform show -json tfplan > plan.json
