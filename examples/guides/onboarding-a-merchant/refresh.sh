terraform plan -refresh-only
