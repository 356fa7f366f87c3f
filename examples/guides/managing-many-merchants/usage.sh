grep -H 'cardpay API usage' shards/*/apply.log
