for shard in nordics benelux; do
  (cd shards/$shard && TF_LOG_PROVIDER=INFO TF_LOG_PATH=apply.log terraform apply -input=false -no-color tfplan >apply.txt) &
done
wait
grep -H '^Apply complete' shards/*/apply.txt
