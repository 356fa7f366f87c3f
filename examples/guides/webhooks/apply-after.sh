rm payments.tf
terraform apply
