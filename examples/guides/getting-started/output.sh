terraform output
