// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"bufio"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox/sandboxtest"
)

// The program as a partner runs it, fed by a real sandbox: a delivery is
// accepted and logged once, a repeated payment is acknowledged but not
// logged again, and a delivery signed with another secret is refused.
func TestReceiverProcessWithSandbox(t *testing.T) {
	api := sandboxtest.Start(t)
	addr := freeLoopbackAddr(t)
	url := "http://" + addr + "/events"
	endpoint, secret := createEndpoint(t, api.URL, url)
	lines := startReceiver(t, buildReceiver(t), addr, secret)

	first := deliver(t, api.URL, endpoint, `{"event": "payment.completed"}`, http.StatusOK)
	expectLogLine(t, lines, "payment.completed", first.paymentID)

	// The same payment again: 200, so the service stops, but no new line.
	deliver(t, api.URL, endpoint, `{"event": "payment.completed", "data": {"paymentId": `+first.paymentID+`}}`, http.StatusOK)
	// Another endpoint on the same URL signs with its own secret.
	other, _ := createEndpoint(t, api.URL, url)
	deliver(t, api.URL, other, `{"event": "payment.completed"}`, http.StatusUnauthorized)

	next := deliver(t, api.URL, endpoint, `{"event": "payment.completed"}`, http.StatusOK)
	if next.paymentID == first.paymentID {
		t.Fatalf("the sandbox sent payment %s twice", next.paymentID)
	}
	expectLogLine(t, lines, "payment.completed", next.paymentID) // nothing was logged in between
}

func buildReceiver(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "webhook-receiver")
	if out, err := exec.CommandContext(t.Context(), "go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// freeLoopbackAddr finds a port nobody listens on. The endpoint needs the
// receiver's URL before the receiver can get the endpoint's secret.
func freeLoopbackAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// createEndpoint creates a webhook endpoint for the demo partner and
// returns its ID and secret.
func createEndpoint(t *testing.T, api, url string) (id, secret string) {
	t.Helper()
	body := `{"url": "` + url + `", "events": ["payment.completed"]}`
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, api+"/v1/partner/webhooks", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	sandboxtest.Demo.SignPartner(req)
	var created struct {
		ID     int64  `json:"id"`
		Secret string `json:"secret"`
	}
	call(t, req, http.StatusCreated, &created)
	return strconv.FormatInt(created.ID, 10), created.Secret
}

// delivered is what the sandbox's admin call reports.
type delivered struct {
	paymentID string
}

// deliver asks the sandbox to send a test event and expects the receiver
// to answer wantStatus.
func deliver(t *testing.T, api, endpoint, body string, wantStatus int) delivered {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, api+"/_sandbox/webhooks/"+endpoint+"/deliver", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var answer struct {
		StatusCode int `json:"statusCode"`
		Data       struct {
			PaymentID json.Number `json:"paymentId"`
		} `json:"data"`
	}
	call(t, req, http.StatusOK, &answer)
	if answer.StatusCode != wantStatus {
		t.Fatalf("the receiver answered %d to %s, want %d", answer.StatusCode, body, wantStatus)
	}
	return delivered{paymentID: answer.Data.PaymentID.String()}
}

func call(t *testing.T, req *http.Request, wantStatus int, answer any) {
	t.Helper()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != wantStatus {
		t.Fatalf("%s %s: HTTP %d %s, want %d", req.Method, req.URL.Path, resp.StatusCode, raw, wantStatus)
	}
	if err := json.Unmarshal(raw, answer); err != nil {
		t.Fatalf("%s %s: %v in %s", req.Method, req.URL.Path, err, raw)
	}
}

// startReceiver runs the program and returns its stdout lines. It waits
// until the program listens, and stops it when the test ends.
func startReceiver(t *testing.T, bin, addr, secret string) <-chan string {
	t.Helper()
	cmd := exec.Command(bin, "-addr", addr)
	cmd.Env = append(os.Environ(), "WEBHOOK_SECRET="+secret)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	lines := make(chan string, 16)
	go func() {
		defer close(lines)
		for s := bufio.NewScanner(stdout); s.Scan(); {
			lines <- s.Text()
		}
	}()
	waitForListening(t, stderr, addr)
	return lines
}

// waitForListening reads the program's log until it says it listens, then
// keeps draining it so the program never blocks on a full pipe.
func waitForListening(t *testing.T, stderr io.Reader, addr string) {
	t.Helper()
	listening := make(chan bool, 1)
	var logged strings.Builder
	go func() {
		s := bufio.NewScanner(stderr)
		for s.Scan() {
			logged.WriteString(s.Text() + "\n")
			if strings.Contains(s.Text(), "listening on http://"+addr) {
				listening <- true
				break
			}
		}
		close(listening)
		_, _ = io.Copy(io.Discard, stderr)
	}()
	select {
	case ok := <-listening:
		if !ok {
			t.Fatalf("the receiver stopped before listening:\n%s", logged.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the receiver did not start listening within 30 s")
	}
}

// expectLogLine waits for the program's next stdout line and checks it
// names the event and the payment.
func expectLogLine(t *testing.T, lines <-chan string, event, paymentID string) {
	t.Helper()
	select {
	case line, ok := <-lines:
		if !ok {
			t.Fatal("the receiver closed its stdout")
		}
		head, data, _ := strings.Cut(line, " data=")
		var payment struct {
			PaymentID json.Number `json:"paymentId"`
		}
		if !strings.HasPrefix(head, "event="+event+" timestamp=20") || json.Unmarshal([]byte(data), &payment) != nil ||
			payment.PaymentID.String() != paymentID {
			t.Errorf("log line %q, want event %s of payment %s", line, event, paymentID)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("no log line for %s of payment %s", event, paymentID)
	}
}

func sign(secret string, message []byte) string {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(message)
	return hex.EncodeToString(mac.Sum(nil))
}

// Each published scheme verifies on its own; anything stale, tampered or
// signed with another secret does not.
func TestVerify(t *testing.T) {
	const secret = "whsec_test"
	now := time.Date(2026, 1, 18, 14, 35, 0, 0, time.UTC)
	body := []byte(`{"event":"payment.completed","timestamp":"2026-01-18T14:35:00.000Z","data":{"paymentId":1}}`)
	timestamped := func(ts string, signed []byte) http.Header {
		h := http.Header{}
		h.Set("X-AcountPay-Timestamp", ts)
		h.Set("X-AcountPay-Signature", sign(secret, append([]byte(ts+"."), signed...)))
		return h
	}
	bodyOnly := func(signer string, signed []byte) http.Header {
		h := http.Header{}
		h.Set("X-Webhook-Signature", sign(signer, signed))
		return h
	}
	unix := strconv.FormatInt(now.Unix(), 10)
	both := timestamped(unix, body)
	both.Set("X-Webhook-Signature", sign(secret, body))
	// Present but wrong, the timestamped signature is not bypassed by the other one.
	badTimestamped := timestamped(unix, []byte("other"))
	badTimestamped.Set("X-Webhook-Signature", sign(secret, body))
	for name, tc := range map[string]struct {
		header http.Header
		want   bool
	}{
		"both, as the sandbox sends":   {both, true},
		"timestamped, Unix seconds":    {timestamped(unix, body), true},
		"timestamped, milliseconds":    {timestamped(strconv.FormatInt(now.UnixMilli(), 10), body), true},
		"timestamped, RFC 3339":        {timestamped("2026-01-18T14:31:00Z", body), true},
		"timestamped, 4 min ahead":     {timestamped(strconv.FormatInt(now.Add(4*time.Minute).Unix(), 10), body), true},
		"timestamped, 6 min old":       {timestamped(strconv.FormatInt(now.Add(-6*time.Minute).Unix(), 10), body), false},
		"timestamped, unreadable time": {timestamped("yesterday", body), false},
		"timestamped, other body":      {timestamped(unix, []byte(`{"event":"payment.failed"}`)), false},
		"timestamped wrong, body fine": {badTimestamped, false},
		"body only":                    {bodyOnly(secret, body), true},
		"body only, other secret":      {bodyOnly("whsec_other", body), false},
		"body only, other body":        {bodyOnly(secret, append(body, ' ')), false},
		"body only, not hex":           {http.Header{"X-Webhook-Signature": {"zz"}}, false},
		"no signature":                 {http.Header{}, false},
	} {
		if got := verify(secret, body, tc.header, now); got != tc.want {
			t.Errorf("%s: verify = %v, want %v", name, got, tc.want)
		}
	}
}

// Over HTTP, in process: 401 for a bad signature, 405 for another method,
// 200 for a good delivery, a repeat and an event without payment; a second
// secret verifies too, as during a rotation.
func TestReceiverAnswers(t *testing.T) {
	rc := &receiver{secrets: []string{"whsec_old", "whsec_new"}, seen: map[string]bool{}}
	post := func(secret, body string) int {
		req := httptest.NewRequest(http.MethodPost, "/events", strings.NewReader(body))
		req.Header.Set("X-Webhook-Signature", sign(secret, []byte(body)))
		w := httptest.NewRecorder()
		rc.ServeHTTP(w, req)
		return w.Code
	}
	payment := `{"event":"payment.completed","timestamp":"2026-01-18T14:35:00.000Z","data":{"paymentId":"p-1"}}`
	for _, tc := range []struct {
		name, secret, body string
		want               int
	}{
		{"new payment", "whsec_new", payment, http.StatusOK},
		{"repeat", "whsec_old", payment, http.StatusOK},
		{"wrong secret", "whsec_guess", payment, http.StatusUnauthorized},
		{"not JSON", "whsec_new", "hello", http.StatusBadRequest},
		{"merchant event", "whsec_new", `{"event":"merchant.activated","data":{"merchantId":1}}`, http.StatusOK},
	} {
		if got := post(tc.secret, tc.body); got != tc.want {
			t.Errorf("%s: HTTP %d, want %d", tc.name, got, tc.want)
		}
	}
	w := httptest.NewRecorder()
	rc.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/events", nil))
	if w.Code != http.StatusMethodNotAllowed {
		t.Errorf("GET: HTTP %d, want 405", w.Code)
	}
}

// A payment is new once per event; merchant events are always new.
func TestFirstTime(t *testing.T) {
	rc := &receiver{seen: map[string]bool{}}
	for i, tc := range []struct {
		event, data string
		want        bool
	}{
		{"payment.created", `{"paymentId":7}`, true},
		{"payment.completed", `{"paymentId":7}`, true},
		{"payment.completed", `{"paymentId":7,"status":"paid"}`, false},
		{"payment.completed", `{"paymentId":"7"}`, false},
		{"payment.completed", `{"paymentId":8}`, true},
		{"merchant.activated", `{"merchantId":1}`, true},
		{"merchant.activated", `{"merchantId":1}`, true},
	} {
		if got := rc.firstTime(event{Event: tc.event, Data: json.RawMessage(tc.data)}); got != tc.want {
			t.Errorf("%d: %s %s: firstTime = %v, want %v", i, tc.event, tc.data, got, tc.want)
		}
	}
}
