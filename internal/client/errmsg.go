// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Bounds on text taken from response bodies into errors, so a proxy's HTML
// page or a huge dump never floods the user's terminal.
const (
	maxMessageRunes = 500
	maxExcerptRunes = 200
)

// errorMessage extracts the service's explanation from an error body that
// came with HTTP status. The partner pages define no error shape; the
// sandbox answers {"status":"ERROR","message":…}, the data API
// {"statusCode":400,"message":…} where a validation error's message is a
// list of strings beside an "error" word, and proxies or gateways in front
// of a real deployment use the other common JSON shapes or plain text.
// redact masks the configured secrets; see excerpt.
func errorMessage(status int, body []byte, redact func(string) string) string {
	body = bytes.TrimSpace(body)
	if len(body) == 0 {
		return ""
	}
	var doc any
	if json.Unmarshal(body, &doc) == nil {
		msg := messageFrom(doc)
		if obj, ok := doc.(map[string]any); ok {
			msg = withBodyStatus(msg, obj, status)
		}
		if msg != "" {
			return excerpt(msg, maxMessageRunes, redact)
		}
	}
	return excerpt(string(body), maxExcerptRunes, redact)
}

// withBodyStatus adds the body's own statusCode when it differs from the
// HTTP status, as behind a gateway that rewrites statuses.
func withBodyStatus(msg string, obj map[string]any, status int) string {
	code, ok := obj["statusCode"].(float64)
	if !ok || int(code) == status || code != float64(int(code)) {
		return msg
	}
	return joinNonEmpty(" ", msg, fmt.Sprintf("(the body says status %d)", int(code)))
}

func messageFrom(v any) string {
	switch t := v.(type) {
	case string:
		return strings.TrimSpace(t)
	case []any:
		return messagesFromList(t)
	case map[string]any:
		return messageFromObject(t)
	default:
		return ""
	}
}

// messageFromObject tries the common shapes in order of how specific they
// are, then appends itemised errors when they add something.
func messageFromObject(obj map[string]any) string {
	msg := messageOf(obj["message"])
	if word := stringField(obj, "error"); msg != "" && word != "" && !hasPrefixFold(msg, word) {
		msg = word + ": " + msg // {"error":"Bad Request","message":[…]}
	}
	if msg == "" {
		if nested, ok := obj["error"].(map[string]any); ok {
			msg = messageFromObject(nested) // {"error":{"message":…}}
		}
	}
	if msg == "" { // OAuth style: {"error":"invalid_token","error_description":…}
		msg = joinNonEmpty(": ", stringField(obj, "error"), stringField(obj, "error_description"))
	}
	if msg == "" { // RFC 9457 problem details
		msg = joinNonEmpty(": ", stringField(obj, "title"), stringField(obj, "detail"))
	}
	details := itemisedErrors(obj["errors"])
	switch {
	case msg == "":
		return details
	case details == "" || details == msg:
		return msg
	default:
		return msg + " (" + details + ")"
	}
}

// itemisedErrors reads "errors" as a list of strings or objects, or as a
// map from field name to message(s).
func itemisedErrors(v any) string {
	switch t := v.(type) {
	case []any:
		return messagesFromList(t)
	case map[string]any:
		if msg := messageFromObject(t); msg != "" {
			return msg
		}
		return fieldMessages(t)
	default:
		return ""
	}
}

func messagesFromList(items []any) string {
	var parts []string
	for _, item := range items {
		msg := messageFrom(item)
		if obj, ok := item.(map[string]any); ok && msg != "" {
			if field := firstString(obj, "field", "path", "name"); field != "" {
				msg = field + ": " + msg
			}
		}
		if msg != "" {
			parts = append(parts, msg)
		}
	}
	return strings.Join(parts, "; ")
}

func fieldMessages(fields map[string]any) string {
	keys := make([]string, 0, len(fields))
	for k := range fields {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var parts []string
	for _, k := range keys {
		if msg := messageFrom(fields[k]); msg != "" {
			parts = append(parts, k+": "+msg)
		}
	}
	return strings.Join(parts, "; ")
}

// messageOf reads a "message" field: a string, or a list of strings (or
// of objects) joined.
func messageOf(v any) string {
	switch t := v.(type) {
	case string:
		return strings.TrimSpace(t)
	case []any:
		return messagesFromList(t)
	default:
		return ""
	}
}

func stringField(obj map[string]any, key string) string {
	s, _ := obj[key].(string)
	return strings.TrimSpace(s)
}

func firstString(obj map[string]any, keys ...string) string {
	for _, k := range keys {
		if s := stringField(obj, k); s != "" {
			return s
		}
	}
	return ""
}

func joinNonEmpty(sep string, parts ...string) string {
	return strings.Join(slices.DeleteFunc(parts, func(s string) bool { return s == "" }), sep)
}

// excerpt makes text from a response safe to show: one line of valid UTF-8
// without control characters, secrets masked by redact, at most n runes
// plus "…". Masking comes after flattening, which could otherwise join a
// secret back together, and before cutting, which could otherwise leave
// half of one.
func excerpt(s string, n int, redact func(string) string) string {
	s = redact(oneLine(s))
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	runes := []rune(s)
	return string(runes[:n]) + "…"
}

// oneLine replaces invalid UTF-8 and control characters (terminal escapes
// included) and collapses every run of white space to one space.
func oneLine(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, strings.ToValidUTF8(s, "\uFFFD"))
	return strings.Join(strings.Fields(s), " ")
}
