WEBHOOK_SECRET="$(cat old-webhook-secret),$(terraform output -raw next_webhook_secret)" go run ./receiver/main.go
