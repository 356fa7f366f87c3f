mkdir -p ~/cardpay-onboarding
cp -R examples/complete examples/modules ~/cardpay-onboarding/
cd ~/cardpay-onboarding/complete
