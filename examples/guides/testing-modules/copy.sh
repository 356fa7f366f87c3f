cp -R examples/modules/merchant ~/merchant-module
cd ~/merchant-module
