WEBHOOK_SECRET="$(terraform output -raw webhook_secret)" go run ./receiver/main.go
