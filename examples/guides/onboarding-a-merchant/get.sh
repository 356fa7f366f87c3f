terraform get   # installs the merchant module; with the provider from a registry, terraform init instead
