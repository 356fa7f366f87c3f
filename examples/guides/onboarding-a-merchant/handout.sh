terraform output -json tap_to_pay_registration_codes   # type each into its merchant's companion app
terraform output -json ais_authorization_urls          # bank authorization, for each merchant's user
