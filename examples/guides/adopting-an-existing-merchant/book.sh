terraform query -generate-config-out=generated.tf
terraform plan
