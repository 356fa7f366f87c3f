terraform plan -var read_accounts=true
