terraform output -raw tap_to_pay_registration_code   # type into the companion app
terraform output -raw ais_authorization_url          # bank authorization, for the user
