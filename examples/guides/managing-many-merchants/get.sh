for shard in nordics benelux; do terraform -chdir=shards/$shard get; done
