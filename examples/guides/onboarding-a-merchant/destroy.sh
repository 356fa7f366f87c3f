terraform destroy -var read_accounts=true
