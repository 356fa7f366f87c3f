# A new store. Destroying the resource deactivates it at the service
# (a soft delete: the store stays, inactive).
resource "cardpay_store" "harbour" {
  merchant_id    = 1001
  name           = "Nordic Coffee, Harbour"
  street_address = "Havnegade 12"
  city           = "Copenhagen"
  postal_code    = "1058"
  country_code   = "DK"
  email          = "harbour@nordic-coffee.example"
}

# Merchant 1001's existing main store, adopted: only the arguments set here
# are written, and destroying the resource leaves the store as it is.
resource "cardpay_store" "main" {
  merchant_id    = 1001
  store_id       = "1001-main"
  name           = "Nordic Coffee, Vesterbro"
  street_address = "Vesterbrogade 42"
  city           = "Copenhagen"
  postal_code    = "1620"
  phone          = "+4533000000"
}

output "harbour_store_id" {
  value = cardpay_store.harbour.store_id
}
