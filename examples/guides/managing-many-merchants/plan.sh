for shard in nordics benelux; do
  terraform -chdir=shards/$shard plan -input=false -no-color -out=tfplan >shards/$shard/plan.txt &
done
wait
grep -H '^Plan:' shards/*/plan.txt
