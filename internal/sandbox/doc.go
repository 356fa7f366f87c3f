// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

// Package sandbox is an in-memory implementation of the partner API that
// the contract api/openapi.yaml describes (the eleven core endpoints, the
// reads, lists, store, webhook and consent endpoints of the service's
// published documentation, its data-API token and OAuth2 token endpoints,
// and the partner book: merchants, credentials, the partner profile, the
// online SDK token, card payment status, account-to-account payments and
// consent accounts), with authentication, validation, state, an admin
// surface and fault injection.
// It is an independent implementation of the service (it does not import
// internal/client) so that client and provider tests exercise a real HTTP
// contract; the client's integration tests and the provider's acceptance
// tests check all its traffic against api/openapi.yaml. cmd/cardpay-sandbox serves it on 127.0.0.1; its -latency flag
// sets Config.Latency (a delay on every API request that survives reset),
// -merchants N calls Fixtures.AddGeneratedMerchants(N, 100001),
// -rate-limit R with -rate-burst B set Config.RateLimit and -auto-advance D
// sets Config.AutoAdvance.
//
// # Choices for what the reference leaves open
//
// The reference says "not shown" in many places. The sandbox follows the
// choices in docs/development/api-notes.md (taken from a comparable Nordic
// card-payment platform) and otherwise does what a careful payment platform
// does. Every such choice is listed here; the code keeps each in one
// place (mostly constants in server.go, partner.go, onboarding.go,
// terminals.go, stores.go, webhooks.go and ais.go).
//
// Status codes and errors:
//   - Success: 201 for the creating POSTs (online terminal, onboard, order,
//     interapp code, store, webhook, consent, merchant of every kind,
//     credential); 200 for everything else, including activate, the store
//     DELETE, the SDK token (nothing is created that could be read back),
//     rotating and revoking a credential.
//   - Errors use the body {"status":"ERROR","message":"..."} on partner and
//     admin routes and {"statusCode":404,"message":"..."} on every path
//     under /v1/ais/, as the AIS pages publish: 401 to 415, 429, 500 and
//     injected faults alike (writeError picks the envelope by path). The
//     message names the field, header, object or permission at fault.
//     Messages never contain a client secret or an access token, except
//     those of a fault with EchoHeaders, which exists to leak them on
//     purpose.
//   - 400 bad input, 401 missing or wrong credentials, 403 a merchant of
//     another partner or a missing/unsuitable consent, 404 unknown merchant,
//     store, payment method, order, onboarding application, account,
//     webhook endpoint, consent, credential, card payment or route
//     (also a path with empty, "." or ".." segments, instead of ServeMux's
//     redirect), 405 wrong method on a known path (a path some route names
//     literally, such as /v1/partner/merchants/test, belongs to it alone:
//     GET there is 405, not a read of merchant "test"), 409 an impossible
//     admin transition, renewing the link of a consent that is not pending
//     or rotating a revoked credential, 413 a body over the limit, 415 a declared Content-Type
//     other than application/json (a missing Content-Type is accepted), 500
//     internal errors, and whatever a fault injects.
//   - Every response carries X-Request-Id: the caller's x-request-id when
//     sent (at most 128 characters), otherwise a generated one.
//
// Order of checks on /v1/partner/ routes: credentials (401), body size and
// type (413, 415), merchantId syntax (400), merchant existence (404),
// ownership (403), then body and query validation (400) and sub-resources
// (404). PUT store looks the store up (404) before validating the body; the
// other routes with a store or order in the path validate the body first.
// PUT /v1/partner/webhooks/{id} does as PUT store: credentials, body size and
// type, id syntax (400), endpoint (404, also for another partner's), body.
// Rotating and revoking a credential do the same, then rotation checks the
// status (409). The payment list checks credentials, body, query (400),
// then the merchant filter (404, 403).
// On /v1/ais/ routes the merchant is named in the body, so the order is:
// bearer token (401), body size and type, body validation (400), merchant
// existence (404), ownership (403), consent (403), account (404). The
// consent read and renewal take no body ("{}" at most) and then look the
// consent up (404), and renewal checks its status last (409).
//
// Authentication:
//   - /v1/partner/: X-Partner-Client-Id and X-Partner-Client-Secret of an
//     active credential pair of the partner: the fixtures' pair (each
//     partner's first credential) or one created through the API. A missing
//     header is named in the 401 message; a wrong pair gets one message that
//     does not say which half was wrong; a revoked pair's secret is told it
//     was revoked. Rotating a pair refuses its old secret at once.
//     Or, as one of the service's guides shows, "Authorization: Bearer" with
//     a token from POST /oauth/token (OAuth2 client credentials, a form;
//     the same fields as JSON are accepted too), optionally with
//     X-Merchant-Client-Id, which must then name the token's client (the
//     pair's client ID). A partner token ends when its pair is rotated or
//     revoked. OAuth2 errors use the OAuth2 body {"error", "error_description"}.
//   - /v1/ais/: Authorization: Bearer <token>: either a partner's static
//     access token from the fixtures, which reads everything of its partner,
//     or a token from POST /v1/auth/generate-token, valid for one user of one
//     merchant and the token permissions asked for (ais:accounts:read,
//     ais:balance:read, ais:transactions:read, for the consent permissions
//     ReadAccountsDetail, ReadBalances, ReadTransactionsDetail). A minted
//     token used for another user or merchant, or without the permission a
//     read needs, gets 401, as does an expired one; consent calls need only
//     the token's user and merchant to match. Each token maps to its
//     partner's AIS client ID (returned as clientId by the accounts
//     endpoint). A token may use the merchants of its own partner only (403
//     otherwise). A 401 on these routes carries WWW-Authenticate: Bearer.
//   - POST /v1/auth/generate-token: the pages show no credentials on it; the
//     sandbox takes the partner's (headers or OAuth2 token), so tokens are
//     issued only for the partner's own merchants. Order: credentials (401),
//     body size and type, body (400: userId, merchantId, a non-empty list of
//     known permissions), merchant (404), ownership (403). It answers 200
//     {"token": "<JWT>"} in the data API's error envelope.
//   - Tokens are HS256 JWTs with the sandbox's own random key; both kinds
//     live Config.TokenLife (one hour by default, -token-life, PUT
//     /_sandbox/tokens) and ExpireTokens (POST /_sandbox/tokens/expire) ends
//     every token issued so far, for tests of tokens expiring mid-apply.
//   - PartnerAPI and DataAPI serve the two APIs apart, as the service does
//     on two hosts (cmd/cardpay-sandbox -ais-addr); each answers 404 for the
//     other's paths.
//
// Bodies:
//   - JSON only, at most Config.MaxBodyBytes (64 KiB by default); larger
//     bodies get 413.
//   - Unknown fields are rejected with 400 naming the field and listing the
//     allowed ones, to catch client bugs early. Wrong JSON types, malformed
//     JSON and trailing data after the object are 400 as well.
//   - Endpoints without a body (every GET, activate, onboard, the store
//     DELETE) accept an empty body or "{}"; anything else is 400 like on the
//     other endpoints. The interapp endpoint accepts an empty body as an empty
//     object. A body of JSON null is 400, as is any other non-object.
//   - JSON null for an optional field means "not sent".
//   - Timestamps leave the sandbox as RFC 3339 in UTC with whole seconds.
//   - Query strings are ignored, except on the terminal list and the
//     payment list (below).
//
// API variants: the service's API reference and its guides publish different
// store shapes and onboarding words, and clients must accept both. Each
// fixture merchant has an apiVariant: "reference" (the default, also "") or
// "guide". It decides every store answer of the merchant, the first status
// of its new applications, and whether order creation answers paymentLink
// and nonce. In the default data merchant 1003 is the guide merchant.
//
// Online terminals: onlineTerminalMode is required and one of
// SelfHostedPage, PaymentPage, MerchantInitiated (exact case). An empty or
// absent storeId means the merchant's default store (400 when the merchant
// has none); a storeId of another merchant is 404; an inactive store,
// default or not, is 400. Terminal IDs ("term_...") and public keys
// ("pk_sandbox_...") are random and unique. New online terminals are ACTIVE.
//
// Terminal list: GET .../card-payments/terminals answers {"terminals": [...],
// "total": n} for the merchant, in registration order, without paging. Each
// entry has terminalId, terminalType, terminalStatus (ACTIVE, REGISTERED or
// INACTIVE), terminalName (only when set) and terminalPublicKey (only online
// terminals have one). The optional query terminalType filters by exact
// match; empty means all and an unknown type matches nothing, because the
// set of types is open. Any other query parameter, a repeated one or a
// malformed query string is 400. There is no single-terminal read.
//
// Payment methods: identifiers are lowercase: visa, mastercard, amex, swish,
// klarna, vipps, mobilepay. The path segment of activate is matched
// case-insensitively; an unknown method is 404 listing the known ones.
// Activate answers 200 with the payment-method entry; activating an active
// method changes nothing (activatedAt is kept) and answers the same way. A
// method only becomes inactive through the admin deactivate operation
// (simulated drift).
//
// Onboarding: every call creates a new application ("app_" + hex) with a
// webKybUrl. It starts PENDING for reference merchants and
// APPLICATION_INITIATED for guide merchants. shortLinkUrl is present only
// for reference merchants whose fixture has shortLinks (in the default data,
// all but 1003). GET .../card-payments/onboard/status answers applicationId,
// applicationStatus and webKybUrl of the merchant's newest application;
// webKybUrl is left out once the status is MERCHANT_CREATED or REJECTED (the
// KYB link is spent), and a merchant without applications gets 404. Statuses
// change only through the admin surface: any word of either vocabulary
// (PENDING, IN_REVIEW, MERCHANT_CREATED, REJECTED, APPLICATION_INITIATED,
// APPLICATION_SUBMITTED, APPLICATION_SIGNED, APPLICATION_COMPLETED) may
// follow any non-final one; MERCHANT_CREATED and REJECTED are final (setting
// the same one again is a no-op, another is 409). Reaching MERCHANT_CREATED
// gives a merchant without a default store a new one ("Default store", DK),
// as the service does.
//
// Orders: amount (JSON integer, must be positive) and currency (DKK, EUR or
// SEK, exact case) are required; reference and description are optional.
// amount is passed through unchanged; the expected unit is the currency's
// minor unit (10 SEK = 1000). The response is {"order": {...}} with orderId,
// status CREATED, amount, currency and reference ("" when not sent); the
// description is stored (see Snapshot) but not returned. For reference
// merchants paymentLink (https://pay.sandbox.cardpay.example/orders/<id>) and
// nonce ("nonce_" + hex) sit next to "order"; guide merchants get neither.
// GET .../card-payments/orders/{orderId} answers {"order": {orderId, status,
// amount, currency, reference, payments}}; payments is always [] (no payment
// is simulated). Another merchant's order is 404 like a missing one. Status
// changes only through the admin surface: CREATED -> PAID or CANCELLED,
// PAID -> REFUNDED; setting the current status is a no-op, any other move
// is 409.
//
// In-app registration: storeId optional, resolved as for online terminals;
// the response always has registrationCode (six characters from an alphabet
// without look-alikes, unique among live codes) and registrationLink
// (cardpay-companion://register?code=...). A code expires 120 seconds after
// creation by Config.Now; Snapshot reports expiresAt and expired. No status
// endpoint is invented. A device pairs only through the admin surface: a
// live, unused code (matched in any letter case) becomes a checkoutX
// terminal, REGISTERED, without public key, on the code's store, listed with
// the merchant's terminals; Snapshot shows its ID as the code's
// pairedTerminalId. A used or expired code is 409.
//
// Stores:
//   - Two shapes. Reference: id, status ("active" or "inactive"), createdAt;
//     the list is a bare JSON array. Guide: storeId, isActive, createdAt and
//     updatedAt (createdAt for a store that never changed); the list is
//     {"stores": [...]}. Both carry name, locationId, streetAddress, city,
//     postalCode, countryCode, phone, email and isDefault.
//   - Formats everywhere: name must not be blank, countryCode must be two
//     upper-case letters (ISO 3166-1 alpha-2), email must be a plain address
//     (so not empty); other strings are free and may be emptied. The whole
//     body is validated before anything changes.
//   - POST creates an active store: name required; countryCode defaults to
//     DK; a missing or empty locationId becomes LOC-YYYYMMDD-XXXX (UTC date,
//     four random upper-case letters or digits, unique within the merchant);
//     sent locationIds are taken as they are; isDefault (default false) true
//     makes it the only default. IDs are "loc_" + 16 hex digits, unlike the
//     fixtures' "<merchant>-main".
//   - GET lists all stores of the merchant, inactive ones included, in
//     creation order, or reads one (404 if unknown or another merchant's).
//   - PUT changes only the fields sent. isDefault true makes the store the
//     merchant's only default (400 if the store is inactive); isDefault false
//     on the current default is 400 ("a merchant must keep one default
//     store"), on another store it is a no-op.
//   - DELETE deactivates (soft delete: the store stays, inactive, and is
//     answered). An inactive store is a no-op 200; the current default store
//     is 400 until another store is made the default.
//   - Every change (create, PUT, DELETE, admin change, a default moving)
//     stamps the store's updatedAt; Snapshot shows it.
//
// AIS consents:
//   - merchantId, userId, permissions (non-empty, each one of
//     ReadAccountsDetail, ReadBalances, ReadTransactionsDetail, no duplicates),
//     expirationDateTime and transactionFromDateTime (RFC 3339 only) are
//     required; expirationDateTime must be after transactionFromDateTime and
//     in the future; callbackUrl, if sent, must be an absolute http or https
//     URL. Any userId is accepted (the identity provider owns users).
//   - Timestamps are echoed exactly as sent. A new consent is pending, with
//     authorizationUrl and without consentId or errorMessage.
//   - Transitions (driven by the admin surface, standing in for the bank):
//     pending -> authorized (fills consentId, of the data provider's
//     "ta:<hex>:<hex>" form, then POSTs the consent JSON to callbackUrl with
//     consentId=<id> appended to its query, as the published browser
//     redirect carries it, with a 5 s timeout; the URL's own query pairs stay
//     as written and in order, a consentId among them is replaced; a failed
//     callback is logged only);
//     pending -> failed (sets errorMessage); authorized -> revoked; pending
//     or authorized -> expired (admin, or automatically once
//     expirationDateTime has passed by Config.Now). Expiring an expired or
//     revoking a revoked consent is a no-op; any other transition is 409.
//   - GET /v1/ais/consents/{consentId} answers the consent as the create
//     answer shapes it, after the expiry check above. The published path
//     takes the consent ID (colons may be sent as %3A); the sandbox also
//     answers for a request ID, which is all a client has before the
//     authorization (its choice: the pages do not say, and tests play a
//     service that refuses the request-ID form with a 404 fault). A consent
//     of another AIS client is 404 like an unknown one.
//   - POST /v1/ais/consents/{consentId}/authorize (same IDs) answers
//     {"authorizationUrl": ...}, a new URL on every call, which later reads
//     return too (updatedAt moves); a consent that is not pending is 409
//     naming its status. The old links are not invalidated: the admin
//     surface, not the link, decides what the bank does.
//   - Data endpoints need an authorized, unexpired consent of the same
//     merchant and user holding ReadAccountsDetail (accounts), ReadBalances
//     (balance) or ReadTransactionsDetail (transactions); the newest such
//     consent is used. Otherwise 403 says why: no consent at all, the newest
//     consent's status (e.g. "consent X is pending"), or the permission the
//     authorized consent lacks.
//   - A user without bank data in the fixtures has no accounts (an empty
//     list); an unknown accountId is 404.
//
// Webhooks (partner credentials, no merchant in the path; each partner sees
// only its own endpoints, another partner's ID is 404 like an unknown one):
//   - POST /v1/partner/webhooks {"url", "events"} answers 201 with id (a
//     JSON number, from 9001 up across partners and again after Reset, so
//     it never looks like a merchant ID), url, events, status "active",
//     secret ("whsec_" + 32 URL-safe base64 characters), lastTriggeredAt
//     null and createdAt. Only this answer carries the secret (Snapshot
//     shows it, with the partner, for tests that check signatures). url
//     must be absolute https, or http for a loopback host (localhost in any
//     letter case, 127.0.0.0/8, ::1), with a host name and a port in
//     1..65535 if any, without user info or fragment (an empty "#" counts);
//     events must be a non-empty list, without duplicates, of
//     merchant.activated, merchant.deactivated, payment.completed,
//     payment.failed, payment.created, payment.processing, payment.expired.
//   - GET /v1/partner/webhooks answers a bare JSON array (the pages do not
//     show a wrapper) in creation order, without secrets; PUT
//     /v1/partner/webhooks/{id} replaces url and events (both required, same
//     rules) and answers the endpoint, without secret; a non-numeric id is
//     400. There is no delete (405), and the status changes only through
//     the admin surface.
//   - A delivery (admin only) POSTs the envelope both docs sites publish,
//     {"event", "timestamp", "data"}, to the URL. timestamp is RFC 3339 UTC
//     with milliseconds ("2026-01-18T14:35:00.000Z"); there is no event ID.
//     data of a payment event invents a new payment of the partner's first
//     merchant: paymentId (a JSON number from 70001 up, again after Reset,
//     so each test delivery is a new payment to a receiver that
//     deduplicates on it), status, amount 149.5 (a JSON number in major
//     units, as the payments pages publish amounts), currency "DKK",
//     referenceNumber "SANDBOX-<paymentId>" and merchantId. The pages do not
//     say which status each event reports; the sandbox sends
//     payment.created "pending", payment.processing "processing",
//     payment.completed "paid" (the payments list's word), payment.failed
//     "failed" and payment.expired "expired". data of a merchant event is
//     that merchant's merchantId and clientId. merchantId is 0 and clientId
//     "" for a partner without merchants. The admin call's "data" replaces
//     or adds fields (JSON values as written), e.g. to send one payment
//     twice.
//   - Both published signatures are sent, since the guides disagree:
//     X-Webhook-Signature, the hex HMAC-SHA256 of the body with the
//     secret, and X-AcountPay-Signature, the same over
//     "<X-AcountPay-Timestamp>.<body>". The pages do not say the
//     timestamp header's format; the sandbox sends Unix seconds (the
//     envelope's instant, truncated). Also Content-Type: application/json
//     and User-Agent: cardpay-sandbox, through the consent callback's
//     client (5 s). The envelope's timestamp, the header and
//     lastTriggeredAt are one instant by Config.Now; lastTriggeredAt
//     records every attempt, whatever the receiver answers and also when it
//     cannot be reached. The sandbox sends events only when asked, never
//     retries, and delivers to an inactive endpoint too: the call is a test
//     event.
//
// Transactions: pageLimit defaults to 200 and must be 1..1000 (400 outside;
// Config.MaxPageLimit raises the bound for benchmarks).
// Transactions have the published example's shape: amount is a positive
// exact decimal string ("100.50") and type its direction, DEBIT for money
// leaving the account and CREDIT for money coming in; bookingDate and
// valueDate are RFC 3339 timestamps in UTC ("2024-01-15T10:30:00Z"); status
// is always BOOKED. fromDate and toDate accept YYYY-MM-DD or RFC 3339 and
// are compared with the booking timestamp, both inclusive: a timestamp is
// that instant, a date its whole UTC day (so a date toDate includes the
// whole day); fromDate after toDate is 400. The consent's
// transactionFromDateTime, to the instant, is a further lower bound.
// Results are newest first. totalTransactions is the number of
// transactions matching all filters before paging; pageLimit in the response
// is the limit used. Fetching beyond the first page is not supported (the
// reference shows no cursor).
//
// Amounts and balances are exact decimal strings; a balance may be negative
// ("-0.10", an overdrawn account), a transaction amount never is.
// accountDetails is an arbitrary JSON object returned as stored (whitespace
// compacted), numbers digit for digit.
//
// The partner book (partner-book.md; the code is in book.go and the files
// it names):
//   - Merchants. POST /v1/partner/merchants {companyName, contactEmail
//     (required; a plain address), contactPhone (digits, spaces, (), - and
//     a leading +), partnerRefId (at most 100 characters; need not be
//     unique)} answers 201 {merchantId, clientId, companyName, contactEmail,
//     onboardingUrl, onboardingToken, status "pending_onboarding",
//     expiresAt} (the link lives 7 days; nothing checks it). merchantId
//     counts from 3001 (or the fixtures' highest ID + 1), clientId is a new
//     random lowercase UUID. /fast-track adds registrationNumber (2 to 30
//     letters, digits, spaces, ".", "/", "-"), website (absolute http or
//     https URL) and iban (required; two letters, two digits, 11 to 30
//     letters or digits, spaces allowed; the checksum is not verified) and
//     bic (optional, 8 or 11 characters); IBAN and BIC are kept compact in
//     upper case. Fields the cut-off page may list further are refused like
//     any unknown field. /test (the service's sandbox only: production
//     answers 404) creates an active merchant shaped like the demo
//     merchants ("<id>-main" default and "<id>-second" stores, their payment
//     methods, a MERCHANT_CREATED application) and answers without an
//     onboarding link.
//   - A merchant's status is "pending" (the create answer's
//     "pending_onboarding"), "active" or "inactive"; it is informational:
//     every merchant route serves a merchant whatever its status. A pending
//     merchant has the demo merchants' payment methods and no store (routes
//     that need a default store answer 400 until it has one) and no
//     application. Fixture merchants are "Merchant <id> ApS",
//     contact@merchant<id>.example, active when onboarded to
//     MERCHANT_CREATED, pending otherwise.
//   - GET /v1/partner/merchants/{merchantId} answers {id, clientId,
//     companyName, contactEmail, contactPhone, status, partnerRefId,
//     createdAt} (null for the optional fields not given) after the
//     merchant routes' checks (400, 404, 403). GET /v1/partner/merchants
//     answers the partner's merchants, fixtures included, in creation order
//     as a bare array (the answer is not published; the partner API's other
//     lists are bare arrays).
//   - Admin: activating (the merchant completed its onboarding form) or
//     deactivating changes the status and sends merchant.activated or
//     merchant.deactivated. Activation gives a merchant without stores the
//     demo merchants' ("<id>-main", the default, and "<id>-second"), and one
//     whose stores include no default a "Default store", as MERCHANT_CREATED
//     does. The same status again changes nothing and sends nothing.
//   - Events the sandbox sends on its own (merchant status, payment status)
//     go to every active endpoint of the partner that subscribes to the
//     event, in the test deliveries' envelope and signatures, once, before
//     the call that caused them returns; the outcome per endpoint (status
//     code, or the error of an unreachable receiver, which is also logged)
//     is in the admin answer. data of a merchant event is {merchantId,
//     clientId}; of a payment event {paymentId, status, amount, currency,
//     referenceNumber, merchantId}.
//   - Credentials. GET /v1/partner/credentials answers the partner's pairs,
//     revoked ones included, in creation order, as a bare array of {id,
//     name, clientId, clientSecretLast4 ("..." and the secret's last four
//     characters), status (active or revoked), createdAt}. IDs count from
//     501 across partners; the fixtures' pairs come first, named "default".
//     POST {"name"} (required, at most 100 characters, need not be unique)
//     answers 201 with the same fields plus clientSecret; client IDs are
//     "partner_" and 16 lowercase letters or digits, secrets 43 URL-safe
//     characters. POST .../{credentialId}/rotate answers 200 with a new
//     clientSecret, same ID, client ID and createdAt; DELETE revokes (200,
//     the pair without secret), also the pair the call uses (the call is
//     answered, the next refused); revoking again changes nothing. Another
//     partner's pair is 404 like an unknown one. Under Config.RateLimit each
//     pair has a bucket of its own, which its OAuth2 tokens share.
//   - GET /v1/partner/profile answers {id, name, companyName,
//     contactEmail, contactPhone, website, registrationNumber, status,
//     createdAt, updatedAt}: Partner.Profile's fields, the empty ones derived
//     from the client ID and the partner's position (demo-partner is "Demo
//     Partner", id 1, active).
//   - POST .../card-payments/auth-token answers 200 {"token":
//     "sdk_sandbox_..."}, new on every call. terminalId, when sent, must
//     name a terminal of the merchant (404) that is not INACTIVE (400).
//   - Card payments: every order has one, "pay_" and the order ID after
//     "ord_", CREATED with the order's amount (passed through) and currency.
//     GET .../card-payments/payments/{paymentId}/status answers {paymentId,
//     status, amount, currency}; another merchant's is 404. Only the admin
//     surface moves it: CREATED -> AUTHORIZED, CAPTURED, CANCELLED or
//     FAILED; AUTHORIZED -> CAPTURED, VOIDED or FAILED; the same status is a
//     no-op, anything else 409. The order's status is not linked to it, and
//     the order read's payments list stays empty.
//   - Account-to-account payments: Merchant.GeneratedPayments
//     deterministic payments per merchant (default data: 45 for 1001, 6 for
//     1002, 4 for 2001), IDs from 50001, referenceNumber INV-<merchant>-NNNN,
//     amounts 50 to 999.99 in major units as JSON numbers (149.5), DKK (every
//     tenth EUR), statuses pending, processing, paid, failed, expired. GET
//     /v1/partner/payments?merchantClientId=&status=&page=&limit= answers
//     {payments, total, page, limit}: the partner's payments newest first
//     (createdAt, then ID), page from 1 (default 1), limit 1..100 (default
//     20), total counting every match; a page past the end is empty. Empty
//     values mean the default; merchantClientId must name a merchant of the
//     partner (404 unknown, 403 another partner's); status matches exactly.
//     Unknown or repeated parameters are 400. Creating or reading one
//     payment is not served. Admin: pending -> processing, paid, failed or
//     expired; processing -> paid or failed; each move sends
//     payment.processing, payment.completed, payment.failed or
//     payment.expired.
//   - GET /v1/ais/consents/{consentId}/accounts (consent ID or request ID,
//     a token of the consent's user and merchant with any permission, as
//     for the other consent calls; another AIS client's consent is 404)
//     answers a bare array of {accountId, iban, accountHolderName, bankId,
//     currency, isActive (true), accountDetails {accountType,
//     accountFeatures ("payments" for CURRENT, none otherwise)}, createdAt,
//     updatedAt (both the authorization time)}: every account of an
//     authorized consent's user. A pending consent covers no account yet
//     ([]); an expired, revoked or failed one is 403. The accounts belong to
//     the consent, so no consent permission is needed.
//   - Auto-advance mode (Config.AutoAdvance, -auto-advance, PUT
//     /_sandbox/auto-advance; off by default, survives Reset): a standard
//     or fast-track merchant created while it is on becomes active (with
//     merchant.activated), and a card onboarding application started while
//     it is on becomes MERCHANT_CREATED, once the delay in force at creation
//     has passed by Config.Now. Changes are made lazily, before the first
//     API request (or Snapshot) at or after their time, stamped with that
//     moment; that request waits for the events they send. A merchant no
//     longer pending or an application already final (the admin surface
//     came first) stays as it is.
//
// # Fixtures
//
// DefaultFixtures: partners DemoPartnerClientID (merchants 1001, 1002, 1003)
// and OtherPartnerClientID (2001, 2002). Each merchant has stores
// "<id>-main" (default) and "<id>-second" with full address data, visa and
// mastercard active and amex, swish, klarna, vipps and mobilepay inactive,
// and is onboarded: one MERCHANT_CREATED application created at the fixture
// time, with a stable opaque ID of 24 hex digits derived from the merchant
// ID (Merchant.Onboarding sets the status; "" means none). 1003 uses the
// guide variant, every other merchant the reference one. A fixture merchant
// may have no stores (not onboarded yet); one with stores, or onboarded to
// MERCHANT_CREATED, needs exactly one default store. Every merchant has a
// client ID, a lowercase UUID as the service publishes them: the fixture's
// clientId, or else the name-based (version 5) UUID of
// "https://sandbox.cardpay.example/merchants/<id>" (merchantClientID), the
// same on every server and after Reset; client IDs must be unique.
// Merchant 1001 has AIS users "user-1001" (accounts acc-1001-dkk, balance
// "1234567.89"; acc-1001-eur, balance "-0.10"; acc-1001-sek, SAVINGS; a few
// dozen transactions each, booked 2025-2026, debits and credits) and
// "user-1001-big" (account acc-1001-big with 5000 deterministic
// transactions). LoadFixtures reads the same structure from JSON and
// requires transactions of the published shape (RFC 3339 times, a positive
// amount, type DEBIT or CREDIT). AddGeneratedMerchants appends any number (up to
// MaxGeneratedMerchants) of merchants shaped like these, owned by the first
// partner, for load tests. Each partner's header pair is its first
// credential; Partner.Profile optionally gives its profile;
// Merchant.GeneratedPayments (0 to MaxGeneratedPayments) its
// account-to-account payments (see the partner book above).
//
// # Rate limit
//
// The reference publishes no rate limits; conventions.md only says to honour
// Retry-After. Config.RateLimit (off by default) stands in for a real API's
// gateway: a token bucket per credential (the partner client ID on
// /v1/partner/ routes, the bearer token on /v1/ais/ routes) that refills
// PerSecond tokens a second up to Burst (default: PerSecond rounded up). It
// is checked before anything else, credentials included: a request that
// finds no token gets 429 with Retry-After, the wait for the next token
// rounded up to whole seconds (at least 1), and the error envelope, after
// Config.Latency but without reaching faults, handlers or state. Refused
// requests are not in RequestCounts; RefusedCounts counts them by route.
// The limit survives Reset, which refills every bucket.
//
// # Admin surface
//
// Unauthenticated, for loopback use only, never counted or faulted:
//
//	POST   /_sandbox/reset                                           fixtures back, counts and faults cleared, rate limit kept
//	GET    /_sandbox/requests                                        {"METHOD /pattern": n, ...}
//	DELETE /_sandbox/requests                                        counts and refusals zeroed; state and faults kept
//	GET    /_sandbox/state                                           State
//	POST   /_sandbox/merchants/{merchantId}/payment-methods/{method}/deactivate
//	POST   /_sandbox/consents/{requestId}/authorize | expire | fail | revoke  (fail body {"errorMessage": "..."} optional)
//	POST   /_sandbox/webhooks/{id}/deliver                           signed test event; body optional: {"event": "...", "data": {...}} (default: the
//	                                                                 first event, generated data); answers {"event", "timestamp", "data",
//	                                                                 "statusCode"}; 400 unsubscribed event, 502 unreachable
//	PATCH  /_sandbox/webhooks/{id}                                   any of "url", "events", "status" ("active" | "inactive")
//	DELETE /_sandbox/webhooks/{id}                                   the endpoint disappears (what cardpay support would do)
//	POST   /_sandbox/applications/{applicationId}/status             {"applicationStatus": "MERCHANT_CREATED"}
//	POST   /_sandbox/interapp/{registrationCode}/pair                201; body {"terminalName": "..."} optional
//	POST   /_sandbox/terminals/{terminalId}/deactivate               terminalStatus INACTIVE (idempotent)
//	PATCH  /_sandbox/merchants/{merchantId}/stores/{storeId}         any of the PUT fields and "status"
//	POST   /_sandbox/orders/{orderId}/status                         {"status": "PAID" | "CANCELLED" | "REFUNDED"}
//	POST   /_sandbox/faults                                          Fault as JSON, e.g. {"route":"POST /v1/ais/consents","status":502,"afterApply":true,"count":1}
//	                                                                 (also "latency":"200ms", "retryAfter", "probability":0.2, "echoHeaders":true)
//	DELETE /_sandbox/faults
//	GET    /_sandbox/rate-limit                                      {"perSecond": 20, "burst": 20, "headers": true}; perSecond 0 means none
//	PUT    /_sandbox/rate-limit                                      same body (burst optional); every bucket starts full
//	DELETE /_sandbox/rate-limit                                      no limit
//	GET    /_sandbox/requests/refused                                {"METHOD /pattern": n, ...} refused by the rate limit
//	POST   /_sandbox/merchants/{merchantId}/activate | deactivate    the merchant completed its onboarding form, or is deactivated;
//	                                                                 answers {"merchant", "deliveries"} (the events sent and their outcome)
//	POST   /_sandbox/card-payments/{paymentId}/status                {"status": "AUTHORIZED" | "CAPTURED" | "CANCELLED" | "VOIDED" | "FAILED"}
//	POST   /_sandbox/payments/{paymentId}/status                     {"status": "processing" | "paid" | "failed" | "expired"};
//	                                                                 answers {"payment", "deliveries"}
//	GET    /_sandbox/auto-advance                                    {"delay": "2s"}; "0s" means off
//	PUT    /_sandbox/auto-advance                                    same body; "0s" turns it off
//	DELETE /_sandbox/auto-advance                                    off
//
// Each has an exported Go method with the same effect: SetApplicationStatus,
// PairDevice, DeactivateTerminal, ChangeStore (with a StoreChange),
// SetOrderStatus, RevokeConsent, DeliverWebhookEvent (DeliverTestEvent with
// data), ChangeWebhook (with a
// WebhookChange), RemoveWebhook, ActivateMerchant, DeactivateMerchant,
// SetCardPaymentStatus, SetPaymentStatus and SetAutoAdvance among them;
// /_sandbox/state (Snapshot) also shows merchants (MerchantRecord),
// credentials with their secrets, card payments and payments. A delivery whose receiver
// cannot be reached is 502 over HTTP. Unknown objects are 404 (ErrNotFound),
// impossible transitions 409 (ErrInvalidTransition), refused arguments 400
// (ErrInvalidInput). The store change stands for the world outside
// Terraform: it validates formats like PUT but may deactivate the default
// store or leave the merchant without one; isDefault true still clears the
// other stores' flag.
//
// Faults are matched in the order added, first hit wins: a fault with
// Probability p (0 < p < 1) hits a matching request with chance p, and a
// request it does not hit falls through to the next fault, so {429, p 0.17}, {503, p 0.2}, {latency 20ms}
// fail about a third of requests and delay the rest. Latency delays before
// answering, Status answers instead of the handler (or, with AfterApply,
// after the handler ran and its answer was discarded), RetryAfter sets
// Retry-After, EchoHeaders appends every request header, credentials
// included, to the message ("...; request headers: Authorization=Bearer
// ..., X-Partner-Client-Secret=...") so clients can test their redaction,
// and Count limits the hits (0 = until cleared; only hits use it up).
// Every answer a fault produces carries the header X-Sandbox-Fault
// (FaultHeader) naming its kind: "status" (the handler did not run),
// "after-apply" (it ran and its answer was replaced) or "echo-headers"
// (either, with the request headers in the message). Contract checks
// (internal/contract) skip such answers, which are broken on purpose; a
// fault's latency alone changes no answer and adds no header.
// Requests are counted whether or not a fault hits them. Config.Latency is
// added to every API request on top of any fault.
package sandbox
