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
// A refusal (429, or 503 with Retry-After) means the request was not
// processed: it waits what the service asked (seconds or HTTP date, in
// full, plus up to a fifth more at random so that requests refused together
// do not come back together; without Retry-After, the backoff below),
// takes its turn at the throttle (Rate limits) and goes again, as often as
// it takes. Refusals do not count against Config.MaxRetries. They are
// bounded by time instead: when a refused request's next try would come
// later than Config.MaxRateLimitWait after its first attempt was sent (10
// minutes by default), or after the deadline of the caller's context where
// it has one (a resource's own timeouts), the call ends with the last
// refusal's *APIError, whose Refusals and RefusedFor say how often and for
// how long the service refused it.
//
// Other failures are retried with go-retryablehttp and this package's
// policy, bounded by Config.MaxRetries (0 means one attempt) and waiting
// between RetryWaitMin and RetryWaitMax (exponential backoff with jitter):
//
//   - 503 without Retry-After means the request was not processed, so
//     every request is retried.
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
// the call at once, even in the middle of a wait after a refusal.
//
// # Rate limits
//
// Every attempt first waits for its turn at a throttle shared by all the
// requests of one credential (the partner pair, or the access token) of
// one base URL in this process: a process-wide registry keyed by base URL,
// credential kind and a SHA-256 hash of the credential, so it survives the
// Clients that Terraform's re-configuration creates and holds no secret.
// It learns the rate the service allows from its refusals alone, the way
// TCP and the AWS SDKs' adaptive retry mode do, so that processes that
// share nothing (a fleet of workspaces on separate machines with one
// credential) each converge to a fair share of it:
//
//   - At first a process sends one request at a time, and one more at once
//     for each answer that goes through (at most one more every 50 ms),
//     until Terraform's parallelism no longer reaches the limit: a process
//     that starts while others use up the service's allowance meets its
//     first refusal with one or two requests, not ten.
//   - A 429 cuts the rate to half the rate in force, or the first time,
//     to half what went through in the last second (at least one request
//     a second). Requests sent before the cut teach nothing new: their
//     429s do not cut again. Turns given before a cut are void (each
//     request takes a new one), and the pacing bucket restarts empty.
//   - The rate then grows back along the CUBIC curve of RFC 9438: quickly
//     towards the rate of the refusal, slowly near it, faster beyond. A cut
//     below the last plateau lowers the plateau further (fast
//     convergence), so that a process that has more than its share gives
//     some up. Each cut draws the curve's scale at random within a quarter
//     either way, so that processes refused together do not probe in
//     step. After one and a half times as long as the curve took to its
//     plateau without another refusal, the memory of the refusal fades and
//     the rate doubles every 2 s, so that a process takes up what others
//     leave when they end; once it would pass 1000 requests a second, the
//     throttle stops pacing. Only answers that went through, or a 429,
//     change anything: 5xx answers and transport errors do not.
//   - In a crowded fleet that curve, tuned for a few processes, would bring
//     every process back to its plateau within a few of its own requests,
//     each return a refusal. Every process of a fleet meets the same
//     service, so the share of refusals among its answers (a running share
//     of about the last 32) tells a crowded fleet from a process alone:
//     from 10% refused on, and in full from 14%, the curve takes at least
//     8 s ÷ plateau^0.8 back to its plateau (plateau in requests a second),
//     though never more than 70 s, so a process is refused about once per
//     a few of its own requests whatever the fleet's size.
//   - A refused request takes its next turn at once, not before its wait:
//     it keeps its place ahead of the requests that ask after it. A
//     waiting request looks again when the curve will have risen enough to
//     give the turns anew (see below), not only at its turn. Below one
//     request a second, each turn goes up to a quarter of its period later
//     at random, so that processes paced alike do not fall into step.
//   - Where the service sends quota fields (the IETF RateLimit and
//     RateLimit-Policy fields, their earlier drafts, or X-RateLimit-*; see
//     ratelimit_headers.go), they pace the fleet instead of the curve
//     (throttle_quota.go). The quota comes back at q/w a second; how much
//     faster the remaining quota falls between two of a process's own
//     answers is what the whole fleet spends. Each process scales its rate
//     by the quota's rate over the fleet's spending (a correction every
//     process applies alike), aiming at half the quota left, so that bursts
//     and late starters find room; and each answer pulls the rate part of
//     the way towards a rate set by the level alone (the quota's rate when
//     it is whole, 1/4096 of it when none is left), the same for every
//     process, so that processes that began unequally draw together. An
//     answer that finds the quota whole doubles the rate every 0.5 s, so a
//     process alone reaches the quota's rate within a second or two; a 429
//     sent after the last cut halves it. A first reading sets the rate
//     from the level alone (an eighth of the quota's when it is whole, as
//     one reading cannot tell a process alone from the first of a fleet,
//     down to 1/128 when none is left) and, like a cut, starts the
//     process's next turn at a random part of its period, so that
//     processes that read together do not send together. Answers to
//     requests sent before the newest reading's are older news and
//     ignored. While they set the pace, a process sends evenly, without a
//     burst of its own after a quiet spell: the quota's room for bursts is
//     the fleet's (throttleState.burst). A fixed window (a quota given
//     anew whole at its end) is told from a bucket by its reset, which
//     stays put while the level falls: within a window the fleet spent what
//     the level fell by, and may spend what is left until the reset. Under
//     a quota whose window is longer than 10 s (a fixed window, or a bucket
//     that takes that long to refill), while more than half of it is left,
//     the fleet may spend what is left within 10 s, and a first reading
//     starts from that rate (a window's unspent quota is lost at its end, a
//     bucket's top half comes back, and a run that needs a fiftieth of an
//     hour's quota need not spread its requests over the hour). A window of
//     one second cannot be told apart
//     (its reset, in whole seconds, always reads 1). Without such fields
//     nothing of this applies.
//   - When the rate in force rises to 1.25 times the rate the queued turns
//     were given at, they are given anew, so that a rise takes effect at
//     once rather than after the queue.
//   - The processes of one machine that use the same credential and base
//     URL share one throttle: its state (the curve, bucket, the count of
//     what went through and the refused share, the quota read) lives in a
//     file of the temporary directory (os.TempDir()/
//     terraform-provider-cardpay-<uid>/<hash>.throttle, named by a hash of the base URL and credential,
//     holding no secret), read and written under an exclusive file lock
//     (flock) for each turn and answer. So a fleet of Terraform runs on one
//     machine (Atlantis, terragrunt run-all, parallel CI jobs on one
//     runner) learns the service's rate once and paces itself as one
//     client. A state not written for 10 s is ignored (its runs are over);
//     where the file cannot be used (no file locks, a read-only directory)
//     each process keeps its own throttle, as processes on separate
//     machines do.
//   - Config.MaxRequestsPerSecond is a ceiling of this process alone, one
//     request every 1/N s, whatever was learned.
//
// The wait is not part of an attempt's Timeout, and the caller's context
// ends it. Decisions (each cut, with the rate) and each wait
// are logged at DEBUG. Each credential's usage in this process (attempts
// sent, refused, retried, and the time spent waiting for a turn) is
// counted; UsageSummary returns it, named by the partner's client ID or a
// short hash of an access token, for the provider's summary at the end of
// a run.
//
// # Errors
//
// A non-2xx answer becomes an *APIError with the status, method, path,
// request ID, attempt count and the service's message. The message is read
// from the common JSON error shapes (the {"status":"ERROR","message":…}
// envelope, message, error, error_description, detail, title, errors[],
// error.message) or, failing that, is a short one-line excerpt of the body.
// The configured secret and token are masked in every error text,
// transport and decoding errors included. When retries or the time for
// refusals run out, the last answer's APIError is returned; for 429
// (IsRateLimited) and 503 it reads "rate limited by the service" or
// "service unavailable", with the attempts made, or the refusals and how
// long they went on, and APIError.RetryAfter, the wait the service asked
// for. Advice that names provider settings is left to the caller.
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
