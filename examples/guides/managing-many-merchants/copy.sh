cp -R examples/layouts/many-merchants ~/cardpay-many-merchants
cd ~/cardpay-many-merchants
