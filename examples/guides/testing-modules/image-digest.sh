version=0.1.0
awk -v f="cardpay-sandbox_${version}_oci-index.json" '$2 == f { print "sha256:" $1 }' cardpay-release_${version}_SHA256SUMS
