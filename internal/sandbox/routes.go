// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

// The API routes of the sandbox, as "METHOD /pattern" in net/http.ServeMux
// syntax. These are the names that RequestCounts and RefusedCounts key
// their counts by and that Fault.Route takes, so tests name a route with
// one of these constants rather than spelling its pattern again.
//
// The server registers them in the order below, and that order is part of
// the contract: the fuzz corpus in testdata names routes by index, so new
// routes go at the end.
const (
	// RouteCreateOnlineTerminal creates an online (e-commerce) terminal.
	RouteCreateOnlineTerminal = "POST " + merchantRoutePrefix + "/card-payments/online-terminals"
	// RouteListPaymentMethods lists a merchant's payment methods.
	RouteListPaymentMethods = "GET " + merchantRoutePrefix + "/card-payments/payment-methods"
	// RouteActivatePaymentMethod activates one payment method.
	RouteActivatePaymentMethod = "POST " + merchantRoutePrefix + "/card-payments/payment-methods/{method}/activate"
	// RouteStartOnboarding submits an onboarding application.
	RouteStartOnboarding = "POST " + merchantRoutePrefix + "/card-payments/onboard"
	// RouteCreateOrder creates a payment order.
	RouteCreateOrder = "POST " + merchantRoutePrefix + "/card-payments/orders"
	// RouteCreateInterappCode issues an in-app registration code for a store.
	RouteCreateInterappCode = "POST " + merchantRoutePrefix + "/card-payments/terminals/interapp"
	// RouteUpdateStore replaces a store's fields.
	RouteUpdateStore = "PUT " + merchantRoutePrefix + "/stores/{storeId}"
	// RouteCreateConsent creates an AIS consent.
	RouteCreateConsent = "POST /v1/ais/consents"
	// RouteListAccounts lists a user's bank accounts.
	RouteListAccounts = "POST /v1/ais/accounts"
	// RouteGetBalance reads one account's balance.
	RouteGetBalance = "POST /v1/ais/accounts/balance"
	// RouteListTransactions reads one page of an account's transactions.
	RouteListTransactions = "POST /v1/ais/accounts/transactions"

	// RouteOnboardingStatus reads a merchant's onboarding status.
	RouteOnboardingStatus = "GET " + merchantRoutePrefix + "/card-payments/onboard/status"
	// RouteListTerminals lists a merchant's terminals.
	RouteListTerminals = "GET " + merchantRoutePrefix + "/card-payments/terminals"
	// RouteCreateStore creates a store.
	RouteCreateStore = "POST " + merchantRoutePrefix + "/stores"
	// RouteListStores lists a merchant's stores.
	RouteListStores = "GET " + merchantRoutePrefix + "/stores"
	// RouteGetStore reads one store.
	RouteGetStore = "GET " + merchantRoutePrefix + "/stores/{storeId}"
	// RouteDeactivateStore deactivates a store.
	RouteDeactivateStore = "DELETE " + merchantRoutePrefix + "/stores/{storeId}"
	// RouteGetOrder reads one order.
	RouteGetOrder = "GET " + merchantRoutePrefix + "/card-payments/orders/{orderId}"
	// RouteCreateWebhook creates a webhook endpoint.
	RouteCreateWebhook = "POST /v1/partner/webhooks"
	// RouteListWebhooks lists the partner's webhook endpoints.
	RouteListWebhooks = "GET /v1/partner/webhooks"
	// RouteUpdateWebhook replaces a webhook endpoint's URL and events.
	RouteUpdateWebhook = "PUT /v1/partner/webhooks/{id}"
	// RouteGetConsent reads one AIS consent.
	RouteGetConsent = "GET /v1/ais/consents/{consentId}"
	// RouteConsentAuthorizationURL issues a new authorization URL for a
	// pending consent.
	RouteConsentAuthorizationURL = "POST /v1/ais/consents/{consentId}/authorize"
	// RouteGenerateToken issues a data-API token for one user of one
	// merchant.
	RouteGenerateToken = "POST /v1/auth/generate-token"
	// RouteOAuthToken issues a partner token (OAuth2 client credentials).
	RouteOAuthToken = "POST /oauth/token"

	// The partner book (partner-book.md).

	// RouteCreateMerchant creates a merchant, which then completes its
	// onboarding at the answer's link.
	RouteCreateMerchant = "POST /v1/partner/merchants"
	// RouteCreateFastTrackMerchant creates a merchant with its company
	// details.
	RouteCreateFastTrackMerchant = "POST /v1/partner/merchants/fast-track"
	// RouteCreateTestMerchant creates a pre-activated test merchant; the
	// service offers it on its sandbox only (production answers 404).
	RouteCreateTestMerchant = "POST /v1/partner/merchants/test"
	// RouteGetMerchant reads one merchant.
	RouteGetMerchant = "GET " + merchantRoutePrefix
	// RouteListMerchants lists the partner's merchants.
	RouteListMerchants = "GET /v1/partner/merchants"
	// RouteListCredentials lists the partner's credential pairs.
	RouteListCredentials = "GET /v1/partner/credentials"
	// RouteCreateCredential generates a credential pair.
	RouteCreateCredential = "POST /v1/partner/credentials"
	// RouteRotateCredential gives a pair a new secret.
	RouteRotateCredential = "POST /v1/partner/credentials/{credentialId}/rotate"
	// RouteRevokeCredential revokes a pair.
	RouteRevokeCredential = "DELETE /v1/partner/credentials/{credentialId}"
	// RouteGetProfile reads the partner's profile.
	RouteGetProfile = "GET /v1/partner/profile"
	// RouteCreateSDKToken issues a token for the online payment SDK.
	RouteCreateSDKToken = "POST " + merchantRoutePrefix + "/card-payments/auth-token"
	// RouteCardPaymentStatus reads a card payment's status.
	RouteCardPaymentStatus = "GET " + merchantRoutePrefix + "/card-payments/payments/{paymentId}/status"
	// RouteListPayments reads one page of the account-to-account payments.
	RouteListPayments = "GET /v1/partner/payments"
	// RouteListConsentAccounts lists the accounts a consent covers.
	RouteListConsentAccounts = "GET /v1/ais/consents/{consentId}/accounts"
)

// merchantRoutePrefix is the prefix of the merchant-scoped partner routes.
const merchantRoutePrefix = "/v1/partner/merchants/{merchantId}"

// routes registers every API route with its handler, in the order of the
// constants above, then the admin surface.
func (s *Server) routes() {
	// The order is that of the constants, which the fuzz corpus relies on.
	s.api(RouteCreateOnlineTerminal, s.partner(s.createOnlineTerminal))
	s.api(RouteListPaymentMethods, s.partner(s.listPaymentMethods))
	s.api(RouteActivatePaymentMethod, s.partner(s.activatePaymentMethod))
	s.api(RouteStartOnboarding, s.partner(s.startOnboarding))
	s.api(RouteCreateOrder, s.partner(s.createOrder))
	s.api(RouteCreateInterappCode, s.partner(s.createInterappCode))
	s.api(RouteUpdateStore, s.partner(s.updateStore))
	s.api(RouteCreateConsent, s.ais(s.createConsent))
	s.api(RouteListAccounts, s.ais(s.listAccounts))
	s.api(RouteGetBalance, s.ais(s.getBalance))
	s.api(RouteListTransactions, s.ais(s.listTransactions))
	// The reads of service-reads.md come after the eleven routes above, so
	// the fuzz corpus, which names routes by index, keeps its meaning.
	s.api(RouteOnboardingStatus, s.partner(s.onboardingStatus))
	s.api(RouteListTerminals, s.partner(s.listTerminals))
	s.api(RouteCreateStore, s.partner(s.createStore))
	s.api(RouteListStores, s.partner(s.listStores))
	s.api(RouteGetStore, s.partner(s.getStore))
	s.api(RouteDeactivateStore, s.partner(s.deactivateStore))
	s.api(RouteGetOrder, s.partner(s.getOrder))
	s.api(RouteCreateWebhook, s.partnerWide(s.createWebhook))
	s.api(RouteListWebhooks, s.partnerWide(s.listWebhooks))
	s.api(RouteUpdateWebhook, s.partnerWide(s.updateWebhook))
	s.api(RouteGetConsent, s.ais(s.getConsent))
	s.api(RouteConsentAuthorizationURL, s.ais(s.authorizeConsentURL))
	s.api(RouteGenerateToken, s.generateToken)
	s.api(RouteOAuthToken, s.oauthToken)
	s.api(RouteCreateMerchant, s.partnerWide(s.createMerchant(merchantKindStandard)))
	s.api(RouteCreateFastTrackMerchant, s.partnerWide(s.createFastTrackMerchant))
	s.api(RouteCreateTestMerchant, s.partnerWide(s.createMerchant(merchantKindTest)))
	s.api(RouteGetMerchant, s.partner(s.getMerchant))
	s.api(RouteListMerchants, s.partnerWide(s.listMerchants))
	s.api(RouteListCredentials, s.partnerWide(s.listCredentials))
	s.api(RouteCreateCredential, s.partnerWide(s.createCredential))
	s.api(RouteRotateCredential, s.partnerWide(s.rotateCredential))
	s.api(RouteRevokeCredential, s.partnerWide(s.revokeCredential))
	s.api(RouteGetProfile, s.partnerWide(s.getProfile))
	s.api(RouteCreateSDKToken, s.partner(s.createSDKToken))
	s.api(RouteCardPaymentStatus, s.partner(s.getCardPaymentStatus))
	s.api(RouteListPayments, s.partnerWide(s.listPayments))
	s.api(RouteListConsentAccounts, s.ais(s.listConsentAccounts))
	s.adminRoutes()
}
