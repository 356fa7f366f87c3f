terraform destroy
