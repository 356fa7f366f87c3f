terraform output -raw webhook_id > old-webhook-id
terraform output -raw webhook_secret > old-webhook-secret
