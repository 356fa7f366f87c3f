// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"net/mail"
	"net/url"
	"regexp"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timetypes/timetypes"
	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// merchantIDValidators accept the service's numeric merchant IDs.
func merchantIDValidators() []validator.Int64 {
	return []validator.Int64{int64validator.AtLeast(1)}
}

// methodPattern matches the service's lowercase payment-method identifiers
// such as "visa" or "mobilepay". The full set is not published, so the
// provider checks the form rather than a list.
var methodPattern = regexp.MustCompile(`^[a-z][a-z0-9_-]*$`)

func methodValidators() []validator.String {
	return []validator.String{
		stringvalidator.LengthBetween(1, 64),
		stringvalidator.RegexMatches(methodPattern,
			"must be a lowercase payment-method identifier such as \"visa\", \"amex\" or \"mobilepay\" "+
				"(letters, digits, \"-\" or \"_\", starting with a letter)"),
	}
}

// notBlank rejects empty or whitespace-only strings.
func notBlank() []validator.String {
	return []validator.String{
		stringvalidator.RegexMatches(regexp.MustCompile(`\S`), "must not be empty or only whitespace"),
	}
}

// knownStringValidator checks a configured string once it is known (an
// unknown value is checked again at apply). check returns the error's
// summary and detail, or an empty summary for a valid value.
type knownStringValidator struct {
	description string
	check       func(value string) (summary, detail string)
}

func (v knownStringValidator) Description(context.Context) string { return v.description }

func (v knownStringValidator) MarkdownDescription(context.Context) string { return v.description }

func (v knownStringValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if summary, detail := v.check(req.ConfigValue.ValueString()); summary != "" {
		resp.Diagnostics.AddAttributeError(req.Path, summary, detail)
	}
}

// baseURLValidator applies the client's rule for base URLs to the
// attribute attr at validation.
func baseURLValidator(attr string) validator.String {
	return knownStringValidator{
		description: "must be an absolute https URL with no path, or ending in /v1 or /v1/partner; http only for a loopback host",
		check: func(value string) (string, string) {
			if err := client.ValidateBaseURL(value); err != nil {
				return invalidBaseURL(attr, "", err)
			}
			return "", ""
		},
	}
}

// invalidBaseURL is the one error of a base URL the client refuses (err),
// whether attr's validator finds it or Configure does, for a value from
// the environment or one known only at apply; source then says where the
// value came from, since Terraform points at no line.
func invalidBaseURL(attr, source string, err error) (summary, detail string) {
	detail = strings.TrimSuffix(err.Error(), ".")
	if source != "" {
		detail += " (" + source + ")"
	}
	return "Invalid " + attr, detail + ". Write the service's address as its pages publish it, such as " +
		"\"https://api.acountpay.com\", \"https://sandbox.api.acountpay.com/v1/partner\" or, for the data API, " +
		"\"https://acount-apis-staging-a8cdb2402163.herokuapp.com/v1\"; or \"http://127.0.0.1:8080\" for a local cardpay-sandbox."
}

// positiveDurationValidator requires a Go duration greater than zero.
func positiveDurationValidator() validator.String {
	return knownStringValidator{
		description: "must be a positive Go duration such as \"30s\"",
		check: func(value string) (string, string) {
			if d, err := time.ParseDuration(value); err != nil || d <= 0 {
				return "Invalid duration", fmt.Sprintf("%q is not a positive duration. Write a value such as \"30s\", \"90s\" or \"2m\".", value)
			}
			return "", ""
		},
	}
}

// secureURLValidator accepts a URL the service may safely send data to
// (a consent's authorization callback, webhook deliveries): https anywhere,
// plain http only on loopback. client.ValidateBaseURL does not fit: it
// forbids query strings, which such URLs often carry, and its messages
// speak of the base URL. what names the URL in messages ("callback URL"),
// and example is an https URL to suggest.
func secureURLValidator(what, example string) validator.String {
	return knownStringValidator{
		description: "must be an absolute https URL, or http for a loopback host",
		check: func(value string) (string, string) {
			if problem := secureURLProblem(value); problem != "" {
				return "Invalid " + what, fmt.Sprintf("%s. Write an absolute https URL such as %q; plain http is accepted "+
					"only for a loopback host, such as \"http://127.0.0.1:8080/\".", problem, example)
			}
			return "", ""
		},
	}
}

// secureURLProblem says what is wrong with raw, or "" when it is usable.
// A URL carrying a password is never echoed back.
func secureURLProblem(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return fmt.Sprintf("%q is not a valid URL", raw)
	}
	shown := u.Redacted()
	switch {
	case !u.IsAbs() || u.Hostname() == "":
		return fmt.Sprintf("%q is not an absolute URL with a host", shown)
	case u.User != nil:
		return fmt.Sprintf("%q contains a user name or password, which would be stored in state and shown in "+
			"plans in clear text", shown)
	case u.Fragment != "" || strings.HasSuffix(raw, "#"):
		return fmt.Sprintf("%q contains a fragment (#...), which is never sent to a server", shown)
	}
	switch strings.ToLower(u.Scheme) {
	case "https":
		return ""
	case "http":
		if client.IsLoopbackHost(u.Hostname()) {
			return ""
		}
		return fmt.Sprintf("%q uses plain http for a host that is not loopback, so the data would travel "+
			"unencrypted", shown)
	default:
		return fmt.Sprintf("%q uses the scheme %q", shown, u.Scheme)
	}
}

// requestRateRule says what max_requests_per_second takes.
const requestRateRule = "must be a number of requests per second above 0 and at most 10000, such as 20 or 0.5 " +
	"(one request every two seconds); leave it unset to let the provider adapt to the service's rate limit"

func validRequestRate(n float64) bool { return n > 0 && n <= maxRequestsPerSecondLimit }

// requestRateValidator checks max_requests_per_second at plan time.
type requestRateValidator struct{}

func (requestRateValidator) Description(context.Context) string { return requestRateRule }

func (v requestRateValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (requestRateValidator) ValidateFloat64(_ context.Context, req validator.Float64Request, resp *validator.Float64Response) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if n := req.ConfigValue.ValueFloat64(); !validRequestRate(n) {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid max_requests_per_second",
			fmt.Sprintf("max_requests_per_second is %v; it %s.", n, requestRateRule))
	}
}

// consentExpiresAfterTransactionFrom mirrors the service's rule so the
// mistake shows at validation rather than as an API error.
func consentExpiresAfterTransactionFrom(expiration, transactionFrom timetypes.RFC3339) diag.Diagnostics {
	var diags diag.Diagnostics
	exp, ok := knownConsentTime(expiration)
	from, ok2 := knownConsentTime(transactionFrom)
	if ok && ok2 && !exp.After(from) {
		diags.AddAttributeError(path.Root(attrConsentExpiration), "Consent expires before its transaction period starts",
			fmt.Sprintf("%s (%s) must be later than %s (%s). Write an expiration after %s, or an earlier %s.",
				attrConsentExpiration, expiration.ValueString(), attrConsentTransactionFrom, transactionFrom.ValueString(),
				transactionFrom.ValueString(), attrConsentTransactionFrom))
	}
	return diags
}

// consentExpirationInFuture rejects creating a consent that is already over.
func consentExpirationInFuture(expiration timetypes.RFC3339, now time.Time) diag.Diagnostics {
	var diags diag.Diagnostics
	if exp, ok := knownConsentTime(expiration); ok && !exp.After(now) {
		diags.AddAttributeError(path.Root(attrConsentExpiration), "Consent expiration is in the past",
			fmt.Sprintf("%s (%s) has already passed (now %s), so the consent would never be usable. Write a "+
				"future instant such as %q.", attrConsentExpiration, expiration.ValueString(),
				now.UTC().Format(time.RFC3339), now.AddDate(0, 0, 90).UTC().Truncate(time.Second).Format(time.RFC3339)))
	}
	return diags
}

// knownConsentTime parses a known timestamp; null, unknown and malformed
// values (reported by the RFC3339 type itself) yield ok false.
func knownConsentTime(v timetypes.RFC3339) (time.Time, bool) {
	if v.IsNull() || v.IsUnknown() {
		return time.Time{}, false
	}
	t, err := time.Parse(time.RFC3339, v.ValueString())
	return t, err == nil
}

const aisReadDateHint = `an RFC 3339 timestamp such as "2025-01-31T00:00:00Z" or a date such as "2025-01-31"`

// aisReadDateValidator accepts an RFC 3339 timestamp or a YYYY-MM-DD date.
func aisReadDateValidator() validator.String {
	return knownStringValidator{
		description: "must be " + aisReadDateHint,
		check: func(value string) (string, string) {
			if _, _, err := aisReadParseDate(value); err != nil {
				return "Invalid date", fmt.Sprintf("%q is not a valid date. Write %s.", value, aisReadDateHint)
			}
			return "", ""
		},
	}
}

// orderCurrencies are the currencies section 4.5 of the API reference allows.
var orderCurrencies = []string{"DKK", "EUR", "SEK"}

func orderCurrencyValidators() []validator.String {
	return []validator.String{stringvalidator.OneOf(orderCurrencies...)}
}

// orderAmountValidators require a positive amount; the attribute's
// description says which unit.
func orderAmountValidators() []validator.Int64 {
	return []validator.Int64{int64validator.AtLeast(1)}
}

// Patterns of the store inputs. The service validates country code and
// e-mail the same way; the other fields are free text at the service, so
// the provider only rejects what is surely a mistake.
var (
	storeCountryCodePattern = regexp.MustCompile(`^[A-Z]{2}$`)
	storeSingleLinePattern  = regexp.MustCompile(`^(\S(.*\S)?)?$`)
	storePhonePattern       = regexp.MustCompile(`^(\+?[0-9 ()./-]*[0-9][0-9 ()./-]*)?$`)
	storeIDPattern          = regexp.MustCompile(`^[^/]+$`)
)

func storeIDValidators() []validator.String {
	return append(notBlank(), stringvalidator.RegexMatches(storeIDPattern,
		"must be a store ID without \"/\", for example \"1001-main\""))
}

func storeSingleLineValidators() []validator.String {
	return []validator.String{stringvalidator.RegexMatches(storeSingleLinePattern,
		"must be a single line without leading or trailing spaces, or \"\" to clear the value")}
}

// emailValidator accepts a plain e-mail address, the form the service
// accepts: no display name, and a domain with a dot.
func emailValidator() validator.String {
	return knownStringValidator{
		description: "must be a plain e-mail address such as shop@example.com",
		check: func(value string) (string, string) {
			addr, err := mail.ParseAddress(value)
			_, domain, _ := strings.Cut(value, "@")
			if err != nil || addr.Name != "" || addr.Address != value || !strings.Contains(domain, ".") {
				return "Invalid e-mail address", fmt.Sprintf("%q is not a plain e-mail address. Write an address such as "+
					"\"name@example.com\", without a display name or angle brackets.", value)
			}
			return "", ""
		},
	}
}

func onlineTerminalModeValidators() []validator.String {
	names := make([]string, len(onlineTerminalModes))
	for i, m := range onlineTerminalModes {
		names[i] = m.name
	}
	return []validator.String{stringvalidator.OneOf(names...)}
}

// phoneValidators accept a phone number of digits and the usual
// separators, or "" (which clears a store's phone).
func phoneValidators() []validator.String {
	return []validator.String{stringvalidator.RegexMatches(storePhonePattern,
		"must be a phone number of digits, spaces and + ( ) - . / such as \"+4533000000\", or \"\" to clear it")}
}

var (
	// ibanPattern is an IBAN's shape (country, check digits, up to 30
	// letters and digits) without spaces; the service checks the rest.
	ibanPattern = regexp.MustCompile(`^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$`)
	bicPattern  = regexp.MustCompile(`^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$`)
)

func ibanValidators() []validator.String {
	return []validator.String{stringvalidator.RegexMatches(ibanPattern,
		"must be an IBAN in upper case without spaces, such as \"DK5000400440116243\"")}
}

func bicValidators() []validator.String {
	return []validator.String{stringvalidator.RegexMatches(bicPattern,
		"must be a BIC of 8 or 11 upper-case letters and digits, such as \"DABADKKK\"")}
}
