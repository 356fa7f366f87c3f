// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

// Package client is a typed HTTP client of the partner card-payment and
// account-information (AIS) API that docs/development/api-notes.md
// describes: the core endpoints and the reads, lists, store lifecycle,
// webhooks and consent reads of the service's published documentation. It
// has one method per endpoint and knows nothing of Terraform.
//
// # Published variants
//
// The service's pages disagree in places, and the client accepts every
// published form: a store as {"id", "status"} or {"storeId", "isActive"},
// a store list as a bare array or {"stores": [...]} (and a webhook list
// likewise), an order's payment link and nonce beside the order or inside
// it, or an order answer without the "order" wrapper (orderId,
// paymentLink and nonce at the top level), amounts as integers, decimals
// or strings (Decimal), a webhook ID as a JSON number or string, both
// onboarding status vocabularies (OnboardingStageOf), and the AIS error
// body {"statusCode", "message", "error"} whose message may be a list of
// strings, next to the partner API's. Status words and ID styles are never
// validated: unknown words are kept as sent, and unknown fields are
// ignored. A list answer that lacks its list is an error rather than an
// empty list, so a broken answer cannot read as "everything was deleted".
//
// # Authentication
//
// Calls under /v1/partner/ send X-Partner-Client-Id and
// X-Partner-Client-Secret, or with PartnerAuthOAuth2 a bearer token from
// the OAuth2 client-credentials grant (POST /oauth/token). Calls under
// /v1/ais/ send "Authorization: Bearer <token>": Config.AccessToken when
// set, else a token minted with the partner credentials by POST
// /v1/auth/generate-token for the call's DataScope (merchant, user and
// the one permission a read needs; a consent's own permissions for its
// calls). Tokens are kept per process and credentials (tokenCache),
// minted once however many calls wait for them, renewed before the expiry
// their JWT states (or an hour when it states none) and once after a 401,
// and masked in every log line and error. Credentials are optional in
// Config: a call whose credentials are missing fails before anything is
// sent with a *MissingCredentialsError (errors.Is ErrMissingCredentials)
// that names each missing Credential; a call whose token cannot be had
// fails with a *TokenError wrapping the token request's error.
//
// CheckPartnerCredentials proves the partner credentials early, with one
// read of the partner's profile per process and credential, and none once
// another request with them has had a 2xx answer (or has one on its way).
//
// # Hosts
//
// Config.BaseURL and Config.AISBaseURL take the forms the service
// publishes, with no path or ending in /v1 or /v1/partner
// (NormalizeBaseURL); each names a host's root, to which the /v1/...
// paths are appended. The data API and its token endpoint go to
// AISBaseURL (BaseURL when empty), everything else to BaseURL. A base URL
// must use https, except for loopback hosts where plain http is allowed
// for the sandbox. Redirects are not followed, because net/http would
// forward the partner secret header to any host.
//
// # Requests
//
// Every request carries Content-Type and Accept application/json, the
// configured User-Agent and an x-request-id. One request ID is made per
// call and kept across that call's retries, so the service can recognise a
// repeated attempt and its logs line up with the provider's. POSTs whose
// body the reference leaves out send "{}".
//
// # Retries
//
// Retries use go-retryablehttp with this package's policy, bounded by
// Config.MaxRetries (0 means one attempt) and waiting between
// RetryWaitMin and RetryWaitMax:
//
//   - 429 and 503 mean the request was not processed, so every request is
//     retried, after the Retry-After delay (seconds or HTTP date) when the
//     service gives one, else after exponential backoff with jitter. Waits
//     never exceed RetryWaitMax.
//   - 500, 502, 504, timeouts and other transport errors leave the outcome
//     unknown. They are retried only for requests that cannot create a
//     duplicate when sent twice: every GET (payment methods, terminals,
//     stores, a store, an order, onboarding status, webhooks, a consent),
//     the store and webhook updates (a PUT replaces the same fields), store
//     deactivation (DELETE; deactivating twice leaves it inactive),
//     payment-method activation (activating twice leaves it active), a
//     consent's fresh authorization URL (asking twice only yields another
//     URL) and the three AIS reads (POSTs that change nothing).
//   - The create requests (online terminal, onboarding, order, in-app
//     registration code, store, webhook, consent) are never repeated after such a failure:
//     the caller gets a *MaybeCreatedError saying what may exist and what to
//     check, wrapping the *APIError or transport error.
//   - A connection that could not be opened sent nothing, so it is retried
//     for every request.
//
// Config.Timeout bounds each attempt, body included; the caller's context
// bounds the whole call, including waits between attempts, so a call against
// a stuck service gives up after about (MaxRetries+1) timeouts. IsTimeout
// tells an expired per-attempt timeout ("request timed out after 30s") from
// the caller's own cancellation or deadline, which the error wraps
// (errors.Is context.Canceled or context.DeadlineExceeded) and which ends
// the call at once, even in the middle of a Retry-After wait.
//
// # Rate limits
//
// Every attempt first waits for its turn at a throttle shared by all the
// requests of one credential (the partner pair, or the access token) of
// one base URL in this process: a process-wide registry keyed by base URL,
// credential kind and a SHA-256 hash of the credential, so it survives the
// Clients that Terraform's re-configuration creates and holds no secret.
// It works like the AWS SDKs' adaptive retry mode (a client-side token
// bucket whose rate follows TCP CUBIC):
//
//   - Until the service answers 429, nothing is held back.
//   - A 429 with Retry-After pauses every request of that credential for
//     that long (at most RetryWaitMax, plus up to a tenth more at random,
//     so that clients refused together do not return in step), and cuts
//     the rate to 0.9 times the rate the service refused. The first time,
//     that is what went through in the last second (answers still on their
//     way when the 429 came back add to it as they arrive); refused again
//     2 s or more after a cut, what went through between the two cuts;
//     sooner, the rate in force. The bucket restarts empty and out of debt
//     (the turns given at the old rate are void, and their requests take
//     new ones), holds one second's worth and refills during the pause, so
//     a service that allows N requests a second gets the requests held up
//     by the pause at its end, then one every 1/N s: a pause costs no
//     throughput. A refusal within 2 s of a cut says others the throttle
//     does not see (processes on other machines) take what a pause saves:
//     from then on the bucket starts filling when a pause ends. Only the
//     first 429 of a burst cuts the rate: requests cleared to go before
//     the cut teach nothing new.
//   - Good answers grow the rate back along the CUBIC curve: back at the
//     refused rate 4 s after the 429, near it for a while, then probing
//     faster; once it reaches four times the refused rate without another
//     429, the throttle lets go (a probe that high drains what the service
//     saved meanwhile and meets its limit first, if it still has one). 5xx
//     answers and transport errors change nothing.
//   - The processes of one machine that use the same credential and base
//     URL share one throttle: its state (rate, pause, bucket, the count
//     of what went through) lives in a file of the temporary directory
//     (os.TempDir()/terraform-provider-cardpay-<uid>/<hash>.throttle,
//     named by a hash of the base URL and credential, holding no secret),
//     read and written under an exclusive file lock (flock) for each
//     turn and answer. So a fleet of Terraform runs on one machine
//     (Atlantis, terragrunt run-all, parallel CI jobs on one runner)
//     learns the service's rate once and paces itself as one client. A
//     state not written for 10 s is ignored (its runs are over); where
//     the file cannot be used (no file locks, a read-only directory) each
//     process keeps its own throttle. Processes on different machines
//     share nothing: each learns alone, which is why the guide on many
//     merchants tells such fleets to set MaxRequestsPerSecond to a share.
//     Config.DisableHostSharing keeps the throttle to the process; it
//     exists to measure that case.
//   - An answer that went through but says the quota is used up (the
//     IETF RateLimit field with r=0, its earlier drafts' remaining=0, or
//     X-RateLimit-Remaining: 0) counts as a 429 would, without the
//     refusal: it pauses every request until the reset it names and cuts
//     the rate. The API publishes no such header, so nothing depends on
//     it; answers without one are paced from 429s alone.
//   - Config.MaxRequestsPerSecond is a ceiling of this process alone, one
//     request every 1/N s, whatever was learned. Config.DisableAdaptiveThrottle turns the
//     learning off (the ceiling still applies); it exists to measure the
//     throttle.
//
// The wait is not part of an attempt's Timeout, and the caller's context
// ends it. The retry policy is unchanged: the refused request itself waits
// its Retry-After as before. Decisions (rate learned, pauses, release) and
// each wait are logged at DEBUG. Each credential's usage in this process
// (attempts sent, refused, retried, and the time spent waiting for a turn)
// is counted; UsageSummary returns it, named by the partner's client ID or
// a short hash of an access token, for the provider's summary at the end
// of a run.
//
// # Errors
//
// A non-2xx answer becomes an *APIError with the status, method, path,
// request ID, attempt count and the service's message. The message is read
// from the common JSON error shapes (the {"status":"ERROR","message":…}
// envelope, message, error, error_description, detail, title, errors[],
// error.message) or, failing that, is a short one-line excerpt of the body.
// The configured secret and token are masked in every error text,
// transport and decoding errors included. When retries run out, the last
// answer's APIError is returned; for 429 (IsRateLimited) and 503 it reads
// "rate limited by the service" or "service unavailable", with the attempts
// made and APIError.RetryAfter, the wait the service asked for. Advice that
// names provider settings is left to the caller.
//
// # Logging
//
// Each attempt is logged through terraform-plugin-log with the caller's
// context: method, path, status, duration, attempt and request ID at DEBUG,
// request and response bodies at TRACE. Headers are never logged, and the
// secret and token are masked in every message and field. Logged bodies
// also mask the values of the keys in sensitiveKeys (in-app registration
// code and link, an order's SDK nonce, a webhook's signing secret, bank
// authorization URL, IBANs,
// account numbers and holder names, accountDetails, counterparty); a body
// that is not JSON is logged
// by length only.
package client
