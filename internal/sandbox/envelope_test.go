package sandbox

import (
	"encoding/json"
	"net/http"
	"testing"
)

// An answer that cannot be encoded (here hand-built fixtures with broken
// accountDetails) is a 500 in the envelope of the route's API area.
func TestUnencodableAnswerUsesTheAreaEnvelope(t *testing.T) {
	f := DefaultFixtures()
	f.AISUsers[0].Accounts[0].AccountDetails = json.RawMessage(`{"broken":`)
	e := newEnvWith(t, Config{Fixtures: f})
	e.authorizedConsent(consentBody())
	r := e.ais("/v1/ais/accounts", map[string]any{"merchantId": 1001, "userId": "user-1001"})
	expectMessage(t, r, http.StatusInternalServerError, "internal sandbox error")
	if problem := envelopeProblem("/v1/ais/accounts", r.status, r.raw); problem != "" {
		t.Error(problem)
	}
}
