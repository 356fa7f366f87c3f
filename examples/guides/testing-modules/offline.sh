terraform test   # offline: tests/*.tftest.hcl, no sandbox needed
