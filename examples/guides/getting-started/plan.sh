terraform plan
