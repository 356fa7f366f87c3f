// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflog"
)

// PartnerAuth is how partner calls prove who they are.
type PartnerAuth int

const (
	// PartnerAuthHeaders sends X-Partner-Client-Id and
	// X-Partner-Client-Secret on every call, as the API reference does.
	PartnerAuthHeaders PartnerAuth = iota
	// PartnerAuthOAuth2 trades the same pair for a bearer token with the
	// OAuth2 client-credentials grant (POST /oauth/token), as one of the
	// service's guides does, and sends "Authorization: Bearer" with
	// X-Merchant-Client-Id, the header that guide names, set to the client
	// ID.
	PartnerAuthOAuth2
)

// PartnerAuthNames are the names of the PartnerAuth values, as settings
// spell them.
var PartnerAuthNames = []string{"headers", "oauth2"}

func (a PartnerAuth) String() string {
	if int(a) < len(PartnerAuthNames) {
		return PartnerAuthNames[a]
	}
	return fmt.Sprintf("PartnerAuth(%d)", int(a))
}

// ParsePartnerAuth reads a PartnerAuthNames entry.
func ParsePartnerAuth(name string) (PartnerAuth, error) {
	if i := slices.Index(PartnerAuthNames, strings.ToLower(strings.TrimSpace(name))); i >= 0 {
		return PartnerAuth(i), nil
	}
	return 0, fmt.Errorf("unknown partner authentication %q; use %s", name, strings.Join(PartnerAuthNames, " or "))
}

// Data-API token permissions, as the service names them: each AIS read
// asks for the one it needs.
const (
	PermissionAccountsRead     = "ais:accounts:read"
	PermissionBalanceRead      = "ais:balance:read"
	PermissionTransactionsRead = "ais:transactions:read"
)

// consentTokenPermissions maps a consent's permissions to the token
// permissions the service publishes for them.
var consentTokenPermissions = map[string]string{
	"ReadAccountsDetail":     PermissionAccountsRead,
	"ReadBalances":           PermissionBalanceRead,
	"ReadTransactionsDetail": PermissionTransactionsRead,
}

// DataScope names whose data a data-API call touches: a minted token is
// valid for one merchant, one user and a set of permissions.
type DataScope struct {
	MerchantID  int64
	UserID      string
	Permissions []string // token permissions, such as PermissionAccountsRead
}

// ConsentScope is the scope of the calls about one consent: the consent's
// own user and merchant, with the token permissions its consent
// permissions map to. The pages publish no permission for the consent
// endpoints themselves, so the consent's own are asked for; words the
// client does not know are left out, and a consent with none of the known
// words asks for all three.
func ConsentScope(merchantID int64, userID string, consentPermissions []string) DataScope {
	var perms []string
	for _, p := range consentPermissions {
		if tp, ok := consentTokenPermissions[p]; ok {
			perms = append(perms, tp)
		}
	}
	if len(perms) == 0 {
		perms = []string{PermissionAccountsRead, PermissionBalanceRead, PermissionTransactionsRead}
	}
	return DataScope{MerchantID: merchantID, UserID: userID, Permissions: perms}
}

// normalized sorts and deduplicates the permissions, so one set has one key.
func (s DataScope) normalized() DataScope {
	perms := slices.Clone(s.Permissions)
	slices.Sort(perms)
	s.Permissions = slices.Compact(perms)
	return s
}

func (s DataScope) key() string {
	return strconv.FormatInt(s.MerchantID, 10) + "\x00" + s.UserID + "\x00" + strings.Join(s.Permissions, " ")
}

// TokenError reports that a call could not get the token it needs; the
// call itself was not sent. Err is the token request's error, often an
// *APIError of the token endpoint.
type TokenError struct {
	Op   string // the call that needed the token
	What string // which token, e.g. `a data-API token for user "u1" of merchant 1001`
	Err  error
}

func (e *TokenError) Error() string { return fmt.Sprintf("%s: getting %s: %v", e.Op, e.What, e.Err) }
func (e *TokenError) Unwrap() error { return e.Err }

// credentials is what one attempt sends to prove who it is.
type credentials struct {
	header map[string]string
	// renew drops a token the service refused, so that the next attempt
	// gets a new one; nil for credentials that cannot be renewed.
	renew func()
}

const oauthTokenKey = "partner"

// credentialsFor returns the credentials of ep, minting a token first when
// ep needs one that is missing or due for renewal.
func (c *Client) credentialsFor(ctx context.Context, ep endpoint) (credentials, error) {
	switch {
	case ep.auth == PartnerAPI && c.partnerAuth == PartnerAuthOAuth2:
		tok, err := c.partnerTokens.token(ctx, oauthTokenKey, c.mintPartnerToken)
		if err != nil {
			return credentials{}, &TokenError{Op: ep.op, What: "the partner's OAuth2 token", Err: err}
		}
		return credentials{
			header: map[string]string{"Authorization": "Bearer " + tok, "X-Merchant-Client-Id": c.partnerID},
			renew:  func() { c.partnerTokens.invalidate(oauthTokenKey, tok) },
		}, nil
	case ep.auth == PartnerAPI:
		return credentials{header: map[string]string{"X-Partner-Client-Id": c.partnerID, "X-Partner-Client-Secret": c.partnerKey}}, nil
	case ep.auth == DataAPI && c.accessToken != "":
		return credentials{header: map[string]string{"Authorization": "Bearer " + c.accessToken}}, nil
	case ep.auth == DataAPI:
		return c.dataCredentials(ctx, ep)
	default: // the OAuth2 token endpoint: its credentials travel in the body
		return credentials{}, nil
	}
}

func (c *Client) dataCredentials(ctx context.Context, ep endpoint) (credentials, error) {
	if ep.scope == nil {
		return credentials{}, fmt.Errorf("%s: no data scope to ask a token for (a bug in the client)", ep.op)
	}
	scope := ep.scope.normalized()
	key := scope.key()
	tok, err := c.dataTokens.token(ctx, key, func(ctx context.Context) (string, time.Time, error) {
		return c.mintDataToken(ctx, scope)
	})
	if err != nil {
		return credentials{}, &TokenError{Op: ep.op, What: fmt.Sprintf("a data-API token for user %q of merchant %d", scope.UserID, scope.MerchantID), Err: err}
	}
	return credentials{
		header: map[string]string{"Authorization": "Bearer " + tok},
		renew:  func() { c.dataTokens.invalidate(key, tok) },
	}, nil
}

// TokenPath is the data API's token endpoint.
const TokenPath = "/v1/auth/generate-token"

type tokenRequest struct {
	UserID      string   `json:"userId"`
	MerchantID  int64    `json:"merchantId"`
	Permissions []string `json:"permissions"`
}

type tokenAnswer struct {
	Token string `json:"token"`
}

func (a *tokenAnswer) validate() (err error) {
	a.Token, err = trimmedToken(a.Token)
	return err
}

// IssuedToken is a bearer token and when it expires (zero: not stated).
type IssuedToken struct {
	Value     string
	ExpiresAt time.Time
}

// GenerateDataToken asks the data API for a token of scope. The pages show
// the call without credentials; the client sends the partner's, which a
// service that needs none ignores. Asking again only yields another token,
// so the call is repeatable. The expiry is the JWT's exp claim.
func (c *Client) GenerateDataToken(ctx context.Context, scope DataScope) (*IssuedToken, error) {
	ep := endpoint{op: "get data-API token", method: http.MethodPost, path: TokenPath, auth: PartnerAPI, dataHost: true, repeatable: true}
	var out tokenAnswer
	if err := c.do(ctx, ep, tokenRequest{UserID: scope.UserID, MerchantID: scope.MerchantID, Permissions: scope.Permissions}, &out); err != nil {
		return nil, err
	}
	return &IssuedToken{Value: out.Token, ExpiresAt: jwtExpiry(out.Token)}, nil
}

// mintDataToken gets a token of scope for the cache, and logs that it did.
func (c *Client) mintDataToken(ctx context.Context, scope DataScope) (string, time.Time, error) {
	tok, err := c.GenerateDataToken(ctx, scope)
	if err != nil {
		return "", time.Time{}, err
	}
	tflog.Debug(ctx, "cardpay data-API token issued", map[string]any{
		"merchant_id": scope.MerchantID, "user_id": scope.UserID, "permissions": scope.Permissions, "expires_at": formatExpiry(tok.ExpiresAt),
	})
	return tok.Value, tok.ExpiresAt, nil
}

// OAuthTokenPath is the partner API's OAuth2 token endpoint.
const OAuthTokenPath = "/oauth/token"

type oauthAnswer struct {
	AccessToken string `json:"access_token"`
	TokenType   string `json:"token_type"`
	ExpiresIn   int64  `json:"expires_in"`
}

func (a *oauthAnswer) validate() (err error) {
	if a.TokenType != "" && !strings.EqualFold(a.TokenType, "Bearer") {
		return fmt.Errorf("token_type %q is not Bearer", a.TokenType)
	}
	a.AccessToken, err = trimmedToken(a.AccessToken)
	return err
}

// RequestOAuthToken runs the OAuth2 client-credentials grant with the
// partner credentials. Asking again only yields another token, so the call
// is repeatable. The expiry comes from expires_in.
func (c *Client) RequestOAuthToken(ctx context.Context) (*IssuedToken, error) {
	if c.partnerID == "" || c.partnerKey == "" {
		return nil, &MissingCredentialsError{Op: "get partner OAuth2 token", Missing: missingOf(PartnerAPI, c.credential)}
	}
	ep := endpoint{op: "get partner OAuth2 token", method: http.MethodPost, path: OAuthTokenPath, repeatable: true}
	form := url.Values{"grant_type": {"client_credentials"}, "client_id": {c.partnerID}, "client_secret": {c.partnerKey}}
	issued := c.partnerTokens.now()
	var out oauthAnswer
	if err := c.do(ctx, ep, form, &out); err != nil {
		return nil, err
	}
	tok := &IssuedToken{Value: out.AccessToken}
	if out.ExpiresIn > 0 {
		tok.ExpiresAt = issued.Add(time.Duration(out.ExpiresIn) * time.Second)
	}
	return tok, nil
}

// mintPartnerToken gets the OAuth2 token for the cache, and logs that it did.
func (c *Client) mintPartnerToken(ctx context.Context) (string, time.Time, error) {
	tok, err := c.RequestOAuthToken(ctx)
	if err != nil {
		return "", time.Time{}, err
	}
	tflog.Debug(ctx, "cardpay partner OAuth2 token issued", map[string]any{"expires_at": formatExpiry(tok.ExpiresAt)})
	return tok.Value, tok.ExpiresAt, nil
}

func formatExpiry(t time.Time) string {
	if t.IsZero() {
		return "not stated"
	}
	return t.UTC().Format(time.RFC3339)
}
