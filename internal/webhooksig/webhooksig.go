// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

// Package webhooksig signs webhook deliveries and checks their signatures,
// in the two schemes the service's pages publish (they disagree, so a
// delivery carries both):
//
//   - X-Webhook-Signature: the lowercase hex of HMAC-SHA256 of the body,
//     keyed with the endpoint's secret.
//   - X-AcountPay-Signature: the same over "<timestamp>.<body>", where the
//     timestamp is the X-AcountPay-Timestamp header as sent (the
//     cardpay-sandbox sends Unix seconds). Receivers should also refuse a
//     timestamp more than five minutes from their clock; that check needs
//     a clock, so it is the receiver's, not this package's.
//
// The sandbox signs its deliveries with it, and the provider's functions
// webhook_signature and verify_webhook_signature compute the same.
// examples/webhook-receiver keeps its own copy on purpose: it is a
// standard-library program for partners to copy, and its tests check it
// against the sandbox's deliveries.
package webhooksig

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
)

// The headers of a delivery.
const (
	HeaderSignature            = "X-Webhook-Signature"
	HeaderTimestampedSignature = "X-AcountPay-Signature"
	HeaderTimestamp            = "X-AcountPay-Timestamp"
)

// Message is what a signature covers: the body alone when timestamp is
// empty (X-Webhook-Signature), else "<timestamp>.<body>"
// (X-AcountPay-Signature).
func Message(timestamp string, body []byte) []byte {
	if timestamp == "" {
		return body
	}
	return append([]byte(timestamp+"."), body...)
}

// Sign is the lowercase hex of HMAC-SHA256(secret, message).
func Sign(secret string, message []byte) string {
	return hex.EncodeToString(mac(secret, message))
}

// Valid reports, in constant time, whether signature is the hex (either
// case) of HMAC-SHA256(secret, message). A signature that is not hex is
// not valid.
func Valid(secret string, message []byte, signature string) bool {
	got, err := hex.DecodeString(signature)
	return err == nil && hmac.Equal(mac(secret, message), got)
}

func mac(secret string, message []byte) []byte {
	h := hmac.New(sha256.New, []byte(secret))
	h.Write(message)
	return h.Sum(nil)
}
