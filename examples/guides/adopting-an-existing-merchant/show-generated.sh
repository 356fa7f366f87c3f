cat generated.tf
