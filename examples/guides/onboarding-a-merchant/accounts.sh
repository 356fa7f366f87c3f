terraform apply -var read_accounts=true
terraform output -json bank_accounts
