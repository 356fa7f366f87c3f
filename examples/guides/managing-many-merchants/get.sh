# Installs each shard's module; with the provider from a registry, terraform init instead.
for shard in nordics benelux; do terraform -chdir=shards/$shard get; done
