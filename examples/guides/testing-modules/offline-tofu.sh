tofu test -filter=tests/offline.tftest.hcl
