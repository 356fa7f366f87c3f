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
	s.adminRoutes()
}
