# Write the details of merchant 1001's existing main store. Arguments left
# out keep the service's values; they are recorded from its answer.
resource "cardpay_store" "main" {
  merchant_id    = 1001
  store_id       = "1001-main"
  name           = "Nordic Coffee, Vesterbro"
  street_address = "Vesterbrogade 42"
  city           = "Copenhagen"
  postal_code    = "1620"
  country_code   = "DK"
  phone          = "+4533000000"
  email          = "vesterbro@nordic-coffee.example"
}
