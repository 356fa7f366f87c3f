// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/contract"
)

// call runs one client method; the server behind the client answers with
// a published example, so the call decodes that example with the client's
// answer types and their checks.
type call func(ctx context.Context, c *client.Client) error

// decoders maps each operationId of api/openapi.yaml to the client method
// that calls it. Arguments are arbitrary: the server ignores the request.
var decoders = map[string]call{
	"createOnlineTerminal": func(ctx context.Context, c *client.Client) error {
		_, err := c.CreateOnlineTerminal(ctx, 1, client.OnlineTerminalRequest{OnlineTerminalMode: "PaymentPage"})
		return err
	},
	"listPaymentMethods": func(ctx context.Context, c *client.Client) error {
		_, err := c.ListPaymentMethods(ctx, 1)
		return err
	},
	"activatePaymentMethod": func(ctx context.Context, c *client.Client) error {
		_, err := c.ActivatePaymentMethod(ctx, 1, "amex")
		return err
	},
	"startOnboarding": func(ctx context.Context, c *client.Client) error {
		_, err := c.StartOnboarding(ctx, 1)
		return err
	},
	"getOnboardingStatus": func(ctx context.Context, c *client.Client) error {
		_, err := c.GetOnboardingStatus(ctx, 1)
		return err
	},
	"listTerminals": func(ctx context.Context, c *client.Client) error {
		_, err := c.ListTerminals(ctx, 1, "")
		return err
	},
	"createInterappRegistration": func(ctx context.Context, c *client.Client) error {
		_, err := c.CreateInterappRegistration(ctx, 1, client.InterappRegistrationRequest{})
		return err
	},
	"createOrder": func(ctx context.Context, c *client.Client) error {
		_, err := c.CreateOrder(ctx, 1, client.OrderRequest{Amount: 10000, Currency: "DKK"})
		return err
	},
	"getOrder": func(ctx context.Context, c *client.Client) error {
		_, err := c.GetOrder(ctx, 1, "ord_abc123")
		return err
	},
	"createStore": func(ctx context.Context, c *client.Client) error {
		_, err := c.CreateStore(ctx, 1, client.StoreCreate{Name: "Harbour Shop"})
		return err
	},
	"listStores": func(ctx context.Context, c *client.Client) error {
		_, err := c.ListStores(ctx, 1)
		return err
	},
	"getStore": func(ctx context.Context, c *client.Client) error {
		_, err := c.GetStore(ctx, 1, "loc_abc123")
		return err
	},
	"updateStore": func(ctx context.Context, c *client.Client) error {
		_, err := c.UpdateStore(ctx, 1, "loc_abc123", client.StoreUpdate{})
		return err
	},
	"deactivateStore": func(ctx context.Context, c *client.Client) error {
		return c.DeactivateStore(ctx, 1, "loc_abc123")
	},
	"createWebhook": func(ctx context.Context, c *client.Client) error {
		_, err := c.CreateWebhook(ctx, client.WebhookRequest{URL: "https://example.com/hook", Events: []string{"payment.completed"}})
		return err
	},
	"listWebhooks": func(ctx context.Context, c *client.Client) error {
		_, err := c.ListWebhooks(ctx)
		return err
	},
	"updateWebhook": func(ctx context.Context, c *client.Client) error {
		_, err := c.UpdateWebhook(ctx, "1", client.WebhookRequest{URL: "https://example.com/hook", Events: []string{"payment.completed"}})
		return err
	},
	"createConsent": func(ctx context.Context, c *client.Client) error {
		_, err := c.CreateConsent(ctx, client.ConsentRequest{MerchantID: 1, UserID: "user_35100188"})
		return err
	},
	"getConsent": func(ctx context.Context, c *client.Client) error {
		_, err := c.GetConsent(ctx, client.ConsentScope(1, "user_35100188", nil), "ta:9bQx2LmN:Fr7kPz1W")
		return err
	},
	"authorizeConsent": func(ctx context.Context, c *client.Client) error {
		_, err := c.AuthorizeConsent(ctx, client.ConsentScope(1, "user_35100188", nil), "ta:9bQx2LmN:Fr7kPz1W")
		return err
	},
	"listAccounts": func(ctx context.Context, c *client.Client) error {
		_, err := c.ListAccounts(ctx, client.AccountsRequest{UserID: "user_35100188", MerchantID: 1})
		return err
	},
	"getAccountBalance": func(ctx context.Context, c *client.Client) error {
		_, err := c.GetAccountBalance(ctx, client.BalanceRequest{UserID: "user_35100188", MerchantID: 1, AccountID: "a:1:2"})
		return err
	},
	"listTransactions": func(ctx context.Context, c *client.Client) error {
		_, err := c.ListTransactions(ctx, client.TransactionsRequest{UserID: "user_35100188", MerchantID: 1, AccountID: "a:1:2"})
		return err
	},
	"generateDataToken": func(ctx context.Context, c *client.Client) error {
		_, err := c.GenerateDataToken(ctx, client.DataScope{MerchantID: 1, UserID: "user_35100188", Permissions: []string{client.PermissionAccountsRead}})
		return err
	},
	"requestOAuthToken": func(ctx context.Context, c *client.Client) error {
		_, err := c.RequestOAuthToken(ctx)
		return err
	},
	"createMerchant": func(ctx context.Context, c *client.Client) error {
		_, err := c.CreateMerchant(ctx, client.MerchantRequest{CompanyName: "Harbour Coffee ApS", ContactEmail: "owner@harbourcoffee.dk"})
		return err
	},
	"createFastTrackMerchant": func(ctx context.Context, c *client.Client) error {
		_, err := c.FastTrackMerchant(ctx, client.FastTrackRequest{MerchantRequest: client.MerchantRequest{CompanyName: "Harbour Coffee ApS"}})
		return err
	},
	"createTestMerchant": func(ctx context.Context, c *client.Client) error {
		_, err := c.CreateTestMerchant(ctx, client.MerchantRequest{CompanyName: "Test Shop ApS"})
		return err
	},
	"getMerchant": func(ctx context.Context, c *client.Client) error {
		_, err := c.GetMerchant(ctx, 1001)
		return err
	},
	"listMerchants": func(ctx context.Context, c *client.Client) error {
		_, err := c.ListMerchants(ctx)
		return err
	},
	"listCredentials": func(ctx context.Context, c *client.Client) error {
		_, err := c.ListCredentials(ctx)
		return err
	},
	"createCredential": func(ctx context.Context, c *client.Client) error {
		_, err := c.CreateCredential(ctx, "CI pipeline")
		return err
	},
	"rotateCredential": func(ctx context.Context, c *client.Client) error {
		_, err := c.RotateCredential(ctx, "3")
		return err
	},
	"revokeCredential": func(ctx context.Context, c *client.Client) error {
		return c.RevokeCredential(ctx, "3")
	},
	"getProfile": func(ctx context.Context, c *client.Client) error {
		_, err := c.GetProfile(ctx)
		return err
	},
	"createSDKToken": func(ctx context.Context, c *client.Client) error {
		_, err := c.CreateSDKToken(ctx, 1001, "")
		return err
	},
	"getCardPaymentStatus": func(ctx context.Context, c *client.Client) error {
		_, err := c.GetCardPayment(ctx, 1001, "pay_7f3a9c2e")
		return err
	},
	"listPayments": func(ctx context.Context, c *client.Client) error {
		_, err := c.ListPayments(ctx, client.PaymentFilter{}, 1, 20)
		return err
	},
	"listConsentAccounts": func(ctx context.Context, c *client.Client) error {
		_, err := c.ListConsentAccounts(ctx, client.ConsentScope(1, "user_35100188", nil), "ta:9bQx2LmN:Fr7kPz1W")
		return err
	},
}

// TestClientDecodesPublishedExamples serves every published answer of the
// contract to the client method of its operation: success examples must
// decode, error examples must become an *client.APIError with the status
// and the service's message.
func TestClientDecodesPublishedExamples(t *testing.T) {
	examples, err := contract.Examples()
	if err != nil {
		t.Fatal(err)
	}
	for _, ex := range examples {
		if !ex.IsAnswer() || ex.Webhook {
			continue // requests are the client's to make; deliveries are not its to read
		}
		t.Run(ex.String(), func(t *testing.T) {
			decode, ok := decoders[ex.OperationID]
			if !ok {
				t.Fatalf("no client method for operation %s: add it to decoders", ex.OperationID)
			}
			status := statusOf(t, ex)
			err := decode(t.Context(), clientAnswering(t, status, ex.Body))
			if status < 300 {
				if err != nil {
					t.Errorf("the client rejects the example: %v\n    body: %s", err, ex.Body)
				}
				return
			}
			checkAPIError(t, err, status, wantMessages(ex.Body))
		})
	}
}

// TestDecodersMatchTheContract keeps decoders honest: every operation the
// contract describes has a client method, and every entry names an
// operation of the contract.
func TestDecodersMatchTheContract(t *testing.T) {
	spec, err := contract.Load()
	if err != nil {
		t.Fatal(err)
	}
	described := map[string]bool{}
	for _, item := range spec.Model.Paths.PathItems.FromOldest() {
		for _, op := range item.GetOperations().FromOldest() {
			described[op.OperationId] = true
			if _, decoded := decoders[op.OperationId]; !decoded {
				t.Errorf("operation %s has no client method in decoders", op.OperationId)
			}
		}
	}
	for id := range decoders {
		if !described[id] {
			t.Errorf("decoders names %s, which api/openapi.yaml does not describe", id)
		}
	}
}

// statusOf is the status to serve an example with: its code, or 500 for
// the catch-all "default".
func statusOf(t *testing.T, ex contract.Example) int {
	t.Helper()
	if ex.Status == "default" {
		return http.StatusInternalServerError
	}
	status, err := strconv.Atoi(ex.Status)
	if err != nil {
		t.Fatalf("status %q: %v", ex.Status, err)
	}
	return status
}

// clientAnswering returns a client whose every call gets status and body,
// with no retries.
func clientAnswering(t *testing.T, status int, body []byte) *client.Client {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = w.Write(body)
	}))
	t.Cleanup(srv.Close)
	c, err := client.New(client.Config{
		BaseURL:             srv.URL,
		PartnerClientID:     "partner_abc123",
		PartnerClientSecret: "partner-secret",
		AccessToken:         "data-token",
	})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func checkAPIError(t *testing.T, err error, status int, messages []string) {
	t.Helper()
	var apiErr *client.APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != status {
		t.Fatalf("err = %v, want an APIError with status %d", err, status)
	}
	for _, msg := range messages {
		if !strings.Contains(apiErr.Message, msg) {
			t.Errorf("APIError message %q lacks the service's %q", apiErr.Message, msg)
		}
	}
}

// wantMessages are the texts of an error body the client must pass on:
// "message" as a string or each string of a list, or an OAuth2 error.
func wantMessages(body []byte) []string {
	switch m := messageOf(body).(type) {
	case string:
		return []string{m}
	case []any:
		var out []string
		for _, item := range m {
			if s, ok := item.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	var oauth struct {
		Error       string `json:"error"`
		Description string `json:"error_description"`
	}
	_ = json.Unmarshal(body, &oauth)
	return []string{oauth.Error, oauth.Description}
}

// messageOf returns the "message" of a JSON object body, or nil.
func messageOf(body []byte) any {
	var obj map[string]any
	if json.Unmarshal(body, &obj) != nil {
		return nil
	}
	return obj["message"]
}
