// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// One method per endpoint: section 4 of the API reference, then the reads,
// lists and deactivation the service's published documentation adds.

func merchantPath(merchantID int64, rest string) string {
	return fmt.Sprintf("/v1/partner/merchants/%d%s", merchantID, rest)
}

// requireSegment rejects an empty path parameter: it would silently change
// the route instead of naming a resource.
func requireSegment(op, name, value string) error {
	if strings.TrimSpace(value) == "" {
		return fmt.Errorf("%s: %s must not be empty", op, name)
	}
	return nil
}

// CreateOnlineTerminal registers an online terminal (4.1).
func (c *Client) CreateOnlineTerminal(ctx context.Context, merchantID int64, req OnlineTerminalRequest) (*OnlineTerminal, error) {
	ep := partnerCreate("create online terminal", merchantPath(merchantID, "/card-payments/online-terminals"),
		fmt.Sprintf("the service may have registered the online terminal; check merchant %d's online terminals before applying again", merchantID),
	).changing(ListTerminals, merchantID)
	return doDecoded[OnlineTerminal](ctx, c, ep, req)
}

// ListPaymentMethods lists a merchant's payment methods and their status (4.2).
func (c *Client) ListPaymentMethods(ctx context.Context, merchantID int64) ([]PaymentMethod, error) {
	var out []PaymentMethod
	if err := c.do(ctx, partnerRead("list payment methods", merchantPath(merchantID, "/card-payments/payment-methods")), nil, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// ActivatePaymentMethod activates a payment method (4.3). The reference
// shows neither body nor response: "{}" is sent and the answer ignored.
// Activating an active method leaves it active, so the call is repeatable.
func (c *Client) ActivatePaymentMethod(ctx context.Context, merchantID int64, method string) error {
	const op = "activate payment method"
	if err := requireSegment(op, "payment method", method); err != nil {
		return err
	}
	path := merchantPath(merchantID, "/card-payments/payment-methods/"+url.PathEscape(method)+"/activate")
	ep := partnerRepeatable(op, http.MethodPost, path).changing(ListPaymentMethods, merchantID)
	return c.do(ctx, ep, nil, nil)
}

// StartOnboarding starts a card-payment onboarding application (4.4).
func (c *Client) StartOnboarding(ctx context.Context, merchantID int64) (*OnboardingApplication, error) {
	ep := partnerCreate("start onboarding", merchantPath(merchantID, "/card-payments/onboard"),
		fmt.Sprintf("the service may have started an onboarding application for merchant %d and e-mailed its verification link; check with the merchant before applying again", merchantID))
	return doDecoded[OnboardingApplication](ctx, c, ep, nil)
}

// GetOnboardingStatus reads the status of the merchant's current
// onboarding application. OnboardingStageOf classifies the status word.
func (c *Client) GetOnboardingStatus(ctx context.Context, merchantID int64) (*OnboardingStatus, error) {
	return doDecoded[OnboardingStatus](ctx, c, partnerRead("get onboarding status", merchantPath(merchantID, "/card-payments/onboard/status")), nil)
}

// ListTerminals lists a merchant's terminals of every kind (online
// terminals and paired tap-to-pay devices), or only those of terminalType
// when it is not empty. The list is not paginated.
func (c *Client) ListTerminals(ctx context.Context, merchantID int64, terminalType string) ([]Terminal, error) {
	path := merchantPath(merchantID, "/card-payments/terminals")
	if terminalType != "" {
		path += "?" + url.Values{"terminalType": {terminalType}}.Encode()
	}
	var out terminalList
	if err := c.do(ctx, partnerRead("list terminals", path), nil, &out); err != nil {
		return nil, err
	}
	return *out.Terminals, nil
}

// CreateOrder creates a card-payment order (4.5). The service wraps the
// order in an "order" object; the order itself is returned.
func (c *Client) CreateOrder(ctx context.Context, merchantID int64, req OrderRequest) (*Order, error) {
	ep := partnerCreate("create order", merchantPath(merchantID, "/card-payments/orders"), orderAdvice(merchantID, req.Reference))
	var out orderEnvelope
	if err := c.do(ctx, ep, req, &out); err != nil {
		return nil, err
	}
	return out.Order, nil
}

func orderAdvice(merchantID int64, reference string) string {
	if reference == "" {
		return fmt.Sprintf("the service may have created the order; check merchant %d's orders before applying again", merchantID)
	}
	return fmt.Sprintf("the service may have created the order; check merchant %d's orders for reference %q before applying again", merchantID, reference)
}

// GetOrder reads an order.
func (c *Client) GetOrder(ctx context.Context, merchantID int64, orderID string) (*Order, error) {
	const op = "get order"
	if err := requireSegment(op, "order ID", orderID); err != nil {
		return nil, err
	}
	var out orderEnvelope
	if err := c.do(ctx, partnerRead(op, merchantPath(merchantID, "/card-payments/orders/"+url.PathEscape(orderID))), nil, &out); err != nil {
		return nil, err
	}
	return out.Order, nil
}

// orderEnvelope is the answer of the order endpoints. The API reference
// wraps the order in "order", with a payment link and nonce perhaps beside
// it; the service's guide sends orderId, paymentLink and nonce at the top
// level. Either way the order ends up in Order, with the link and nonce.
type orderEnvelope struct {
	Order *Order
}

func (e *orderEnvelope) UnmarshalJSON(data []byte) error {
	var wrapped struct {
		Order *Order `json:"order"`
	}
	if err := json.Unmarshal(data, &wrapped); err != nil {
		return err
	}
	var top Order // the top level read as an order: flat answers, and the link and nonce beside a wrapped one
	if err := json.Unmarshal(data, &top); err != nil {
		return err
	}
	switch {
	case wrapped.Order != nil:
		e.Order = wrapped.Order
		e.Order.PaymentLink = cmp.Or(e.Order.PaymentLink, top.PaymentLink)
		e.Order.Nonce = cmp.Or(e.Order.Nonce, top.Nonce)
	case top.OrderID != "":
		e.Order = &top
	}
	return nil
}

func (e *orderEnvelope) validate() error {
	if e.Order == nil {
		return errors.New(`neither an "order" object nor an "orderId"`)
	}
	return nil
}

// CreateInterappRegistration generates an in-app terminal registration
// code (4.6).
func (c *Client) CreateInterappRegistration(ctx context.Context, merchantID int64, req InterappRegistrationRequest) (*InterappRegistration, error) {
	ep := partnerCreate("create in-app registration code", merchantPath(merchantID, "/card-payments/terminals/interapp"),
		"the service may have issued a registration code; it lapses after about 120 seconds, so wait that long before applying again")
	return doDecoded[InterappRegistration](ctx, c, ep, req)
}

// CreateStore creates a store.
func (c *Client) CreateStore(ctx context.Context, merchantID int64, req StoreCreate) (*Store, error) {
	ep := partnerCreate("create store", merchantPath(merchantID, "/stores"),
		fmt.Sprintf("the service may have created the store %q; check merchant %d's stores before applying again", req.Name, merchantID),
	).changing(ListStores, merchantID)
	var out createdStore
	if err := c.do(ctx, ep, req, &out); err != nil {
		return nil, err
	}
	return (*Store)(&out), nil
}

// createdStore is a create answer, which must name the new store.
type createdStore Store

func (s *createdStore) UnmarshalJSON(data []byte) error { return (*Store)(s).UnmarshalJSON(data) }

func (s *createdStore) validate() error {
	if s.ID == "" {
		return errors.New(`the new store has neither "id" nor "storeId"`)
	}
	return nil
}

// ListStores lists a merchant's stores, inactive ones included.
func (c *Client) ListStores(ctx context.Context, merchantID int64) ([]Store, error) {
	var out storeList
	if err := c.do(ctx, partnerRead("list stores", merchantPath(merchantID, "/stores")), nil, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// GetStore reads one store.
func (c *Client) GetStore(ctx context.Context, merchantID int64, storeID string) (*Store, error) {
	const op = "get store"
	if err := requireSegment(op, "store ID", storeID); err != nil {
		return nil, err
	}
	return doDecoded[Store](ctx, c, partnerRead(op, storePath(merchantID, storeID)), nil)
}

// DeactivateStore deactivates a store. The service keeps it, inactive (a
// soft delete); deactivating it again changes nothing, so the call is
// repeatable. The answer's body is not used.
func (c *Client) DeactivateStore(ctx context.Context, merchantID int64, storeID string) error {
	const op = "deactivate store"
	if err := requireSegment(op, "store ID", storeID); err != nil {
		return err
	}
	ep := partnerRepeatable(op, http.MethodDelete, storePath(merchantID, storeID)).changing(ListStores, merchantID)
	return c.do(ctx, ep, nil, nil)
}

func storePath(merchantID int64, storeID string) string {
	return merchantPath(merchantID, "/stores/"+url.PathEscape(storeID))
}

// UpdateStore updates a store (4.7). A PUT of the same fields leaves the
// same result, so the call is repeatable.
func (c *Client) UpdateStore(ctx context.Context, merchantID int64, storeID string, req StoreUpdate) (*Store, error) {
	const op = "update store"
	if err := requireSegment(op, "store ID", storeID); err != nil {
		return nil, err
	}
	ep := partnerRepeatable(op, http.MethodPut, storePath(merchantID, storeID)).changing(ListStores, merchantID)
	return doDecoded[Store](ctx, c, ep, req)
}

// CreateConsent creates an AIS consent (4.8).
func (c *Client) CreateConsent(ctx context.Context, req ConsentRequest) (*Consent, error) {
	scope := ConsentScope(req.MerchantID, req.UserID, req.Permissions)
	ep := endpoint{
		op:           "create AIS consent",
		method:       http.MethodPost,
		path:         "/v1/ais/consents",
		auth:         AreaAIS,
		scope:        &scope,
		maybeCreated: fmt.Sprintf("the service may have created a pending consent for user %q of merchant %d; check that user's consents before applying again", req.UserID, req.MerchantID),
	}
	return doDecoded[Consent](ctx, c, ep, req)
}

// GetConsent reads a consent of scope's user. The published path takes
// the data provider's consent ID, which exists once the user has
// authorized; whether the service also answers for a request ID is not
// published, so id may be either and a 404 for a request ID says nothing
// about the consent.
func (c *Client) GetConsent(ctx context.Context, scope DataScope, id string) (*Consent, error) {
	const op = "get AIS consent"
	if err := requireSegment(op, "consent ID", id); err != nil {
		return nil, err
	}
	ep := aisRepeatable(op, http.MethodGet, consentPath(id), scope)
	return doDecoded[Consent](ctx, c, ep, nil)
}

// AuthorizeConsent asks for a fresh bank authorization URL of a pending
// consent of scope's user. Asking twice only yields another URL, so it is
// repeatable.
func (c *Client) AuthorizeConsent(ctx context.Context, scope DataScope, id string) (string, error) {
	const op = "authorize AIS consent"
	if err := requireSegment(op, "consent ID", id); err != nil {
		return "", err
	}
	ep := aisRepeatable(op, http.MethodPost, consentPath(id)+"/authorize", scope)
	var out consentAuthorization
	if err := c.do(ctx, ep, nil, &out); err != nil {
		return "", err
	}
	return out.AuthorizationURL, nil
}

func consentPath(id string) string { return "/v1/ais/consents/" + url.PathEscape(id) }

// ListAccounts lists an AIS user's bank accounts (4.9). It is a read sent
// as POST, so it is repeatable.
func (c *Client) ListAccounts(ctx context.Context, req AccountsRequest) (*AccountsResponse, error) {
	ep := aisRead("list accounts", "/v1/ais/accounts", req.MerchantID, req.UserID, PermissionAccountsRead)
	return doDecoded[AccountsResponse](ctx, c, ep, req)
}

// GetAccountBalance reads the balance of one account (4.10).
func (c *Client) GetAccountBalance(ctx context.Context, req BalanceRequest) (*BalanceResponse, error) {
	ep := aisRead("get account balance", "/v1/ais/accounts/balance", req.MerchantID, req.UserID, PermissionBalanceRead)
	return doDecoded[BalanceResponse](ctx, c, ep, req)
}

// ListTransactions reads one page of an account's transactions (4.11).
func (c *Client) ListTransactions(ctx context.Context, req TransactionsRequest) (*TransactionsResponse, error) {
	ep := aisRead("list transactions", "/v1/ais/accounts/transactions", req.MerchantID, req.UserID, PermissionTransactionsRead)
	return doDecoded[TransactionsResponse](ctx, c, ep, req)
}

// partnerCreate is a POST under /v1/partner/ that makes something: it is
// never retried after an ambiguous failure, and advice tells the user what
// may exist then and what to check.
func partnerCreate(op, path, advice string) endpoint {
	return endpoint{op: op, method: http.MethodPost, path: path, auth: AreaPartner, maybeCreated: advice}
}

// partnerRepeatable is a call under /v1/partner/ that leaves the same
// result when sent again, so it may be retried.
func partnerRepeatable(op, method, path string) endpoint {
	return endpoint{op: op, method: method, path: path, auth: AreaPartner, repeatable: true}
}

// partnerRead is a GET under /v1/partner/: it changes nothing, so it is
// repeatable.
func partnerRead(op, path string) endpoint {
	return partnerRepeatable(op, http.MethodGet, path)
}

// aisRepeatable is a call of the data API about scope's user that may be
// retried.
func aisRepeatable(op, method, path string, scope DataScope) endpoint {
	return endpoint{op: op, method: method, path: path, auth: AreaAIS, scope: &scope, repeatable: true}
}

// aisRead is a read of the data API sent as POST, with a token of the one
// permission it needs.
func aisRead(op, path string, merchantID int64, userID, permission string) endpoint {
	return aisRepeatable(op, http.MethodPost, path, DataScope{MerchantID: merchantID, UserID: userID, Permissions: []string{permission}})
}

// CreateWebhook creates a webhook endpoint. The answer is the only one that
// carries the signing secret.
func (c *Client) CreateWebhook(ctx context.Context, req WebhookRequest) (*Webhook, error) {
	ep := partnerCreate("create webhook", "/v1/partner/webhooks",
		fmt.Sprintf("the service may have created a webhook endpoint for %q; check the partner's webhooks before applying again", req.URL),
	).changing(ListWebhooks, 0)
	var out createdWebhook
	if err := c.do(ctx, ep, req, &out); err != nil {
		return nil, err
	}
	return (*Webhook)(&out), nil
}

// ListWebhooks lists the partner's webhook endpoints, without secrets.
func (c *Client) ListWebhooks(ctx context.Context) ([]Webhook, error) {
	var out webhookList
	if err := c.do(ctx, partnerRead("list webhooks", "/v1/partner/webhooks"), nil, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// UpdateWebhook replaces an endpoint's URL and events. A PUT of the same
// values leaves the same endpoint, so the call is repeatable.
func (c *Client) UpdateWebhook(ctx context.Context, id string, req WebhookRequest) (*Webhook, error) {
	const op = "update webhook"
	if err := requireSegment(op, "webhook ID", id); err != nil {
		return nil, err
	}
	ep := partnerRepeatable(op, http.MethodPut, "/v1/partner/webhooks/"+url.PathEscape(id)).changing(ListWebhooks, 0)
	return doDecoded[Webhook](ctx, c, ep, req)
}

// SameMethod compares payment-method names case-insensitively: the service
// may answer "VISA" to a request for "visa".
func SameMethod(a, b string) bool {
	return strings.EqualFold(strings.TrimSpace(a), strings.TrimSpace(b))
}
