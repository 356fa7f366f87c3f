. ./start-sandbox.sh                           # section 2: the sandbox runs until this shell exits
terraform test -test-directory=tests/sandbox   # against the sandbox
