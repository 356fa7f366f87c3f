// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client_test

import (
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
			decode, ok := client.Decoders()[ex.OperationID]
			if !ok {
				t.Fatalf("no client method for operation %s: %s", ex.OperationID, addDecoderHint)
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

// addDecoderHint says where an operation's decoder goes.
const addDecoderHint = "add it to the init function of its area's test file (such as stores_test.go), " +
	"addDecoders(map[string]Decoder{...}), or client.AddDecoders from an external test package"

// TestDecodersMatchTheContract keeps the decoders honest: every operation
// the contract describes has a client method, and every entry names an
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
			if _, decoded := client.Decoders()[op.OperationId]; !decoded {
				t.Errorf("operation %s has no client method in the decoders: %s", op.OperationId, addDecoderHint)
			}
		}
	}
	for id := range client.Decoders() {
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
