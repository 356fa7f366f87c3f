// Command webhook-receiver receives cardpay webhook deliveries: it checks
// their signature, skips payment events it has already handled and prints
// each new event as one line on stdout.
//
//	WEBHOOK_SECRET=whsec_... go run main.go -addr 127.0.0.1:9000
//
// During a secret rotation, set WEBHOOK_SECRET to both secrets, separated
// by a comma.
package main

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// maxClockSkew bounds how far X-AcountPay-Timestamp may be from our clock,
// so a captured delivery cannot be replayed later.
const maxClockSkew = 5 * time.Minute

// event is the envelope the service posts.
type event struct {
	Event     string          `json:"event"`
	Timestamp string          `json:"timestamp"`
	Data      json.RawMessage `json:"data"`
}

func main() {
	addr := flag.String("addr", envOr("LISTEN_ADDR", "127.0.0.1:9000"), "address to listen on (or set LISTEN_ADDR)")
	flag.Parse()
	secrets := strings.Split(os.Getenv("WEBHOOK_SECRET"), ",")
	if secrets[0] == "" {
		log.Fatal("set WEBHOOK_SECRET to the endpoint's signing secret")
	}
	listener, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("listening on http://%s", listener.Addr())
	server := &http.Server{
		Handler:           &receiver{secrets: secrets, seen: map[string]bool{}},
		ReadHeaderTimeout: 10 * time.Second,
	}
	log.Fatal(server.Serve(listener))
}

func envOr(name, fallback string) string {
	if value := os.Getenv(name); value != "" {
		return value
	}
	return fallback
}

// receiver handles deliveries. seen remembers the payment events already
// handled; a real receiver keeps that in its database, to survive restarts.
type receiver struct {
	secrets []string
	mu      sync.Mutex
	seen    map[string]bool
}

func (rc *receiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		http.Error(w, "POST only", http.StatusMethodNotAllowed)
		return
	}
	// The signature covers the raw bytes: verify them before parsing.
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 1<<20))
	if err != nil {
		http.Error(w, "unreadable body", http.StatusBadRequest)
		return
	}
	if !rc.verified(body, r.Header, time.Now()) {
		http.Error(w, "invalid signature", http.StatusUnauthorized)
		return
	}
	var e event
	if err := json.Unmarshal(body, &e); err != nil {
		http.Error(w, "not a JSON event", http.StatusBadRequest)
		return
	}
	if rc.firstTime(e) {
		// Queue the work here: the service wants an answer within 10 seconds.
		var data bytes.Buffer
		_ = json.Compact(&data, e.Data)
		fmt.Printf("event=%s timestamp=%s data=%s\n", e.Event, e.Timestamp, data.Bytes())
	} else {
		log.Printf("skipped a repeated %s", e.Event)
	}
	w.WriteHeader(http.StatusOK) // also for a repeat, so the service stops sending it
}

// verified reports whether one of the secrets signed the delivery.
func (rc *receiver) verified(body []byte, h http.Header, now time.Time) bool {
	for _, secret := range rc.secrets {
		if verify(secret, body, h, now) {
			return true
		}
	}
	return false
}

// verify checks the signature the delivery carries: the timestamped
// X-AcountPay-Signature when present, else X-Webhook-Signature, which
// signs the body alone.
func verify(secret string, body []byte, h http.Header, now time.Time) bool {
	if signature := h.Get("X-AcountPay-Signature"); signature != "" {
		ts := h.Get("X-AcountPay-Timestamp")
		at, ok := parseTimestamp(ts)
		return ok && now.Sub(at).Abs() <= maxClockSkew &&
			validMAC(secret, append([]byte(ts+"."), body...), signature)
	}
	return validMAC(secret, body, h.Get("X-Webhook-Signature"))
}

// parseTimestamp reads X-AcountPay-Timestamp. The service's pages do not
// say its format, so Unix seconds (what the cardpay-sandbox sends), Unix
// milliseconds and RFC 3339 are accepted.
func parseTimestamp(ts string) (time.Time, bool) {
	if n, err := strconv.ParseInt(ts, 10, 64); err == nil {
		if n > 1e11 { // later than the year 5138 in seconds: milliseconds
			return time.UnixMilli(n), true
		}
		return time.Unix(n, 0), true
	}
	t, err := time.Parse(time.RFC3339, ts)
	return t, err == nil
}

// validMAC compares the hex signature with HMAC-SHA256(secret, message) in
// constant time.
func validMAC(secret string, message []byte, signature string) bool {
	got, err := hex.DecodeString(signature)
	if err != nil {
		return false
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(message)
	return hmac.Equal(mac.Sum(nil), got)
}

// firstTime reports whether an event is new. The envelope has no event ID:
// a payment event is a repeat when the same event came for the same
// paymentId (a payment goes through several events). Merchant events carry
// no payment and are always passed on; applying them twice does no harm.
func (rc *receiver) firstTime(e event) bool {
	var data struct {
		PaymentID json.RawMessage `json:"paymentId"`
	}
	if json.Unmarshal(e.Data, &data) != nil || len(data.PaymentID) == 0 || string(data.PaymentID) == "null" {
		return true
	}
	key := e.Event + " " + strings.Trim(string(data.PaymentID), `"`)
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if rc.seen[key] {
		return false
	}
	rc.seen[key] = true
	return true
}
