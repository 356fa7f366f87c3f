terraform get -test-directory=tests/sandbox
