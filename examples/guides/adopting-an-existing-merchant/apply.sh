terraform apply
