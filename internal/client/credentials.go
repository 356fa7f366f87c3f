// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
)

// Partner credentials: named client ID and secret pairs of the partner.
// The secret is shown once, when a pair is created or rotated; lists show
// its last four characters.

const credentialsPath = "/v1/partner/credentials"

// PartnerCredential is a partner credential pair. ClientSecret comes with the
// create and rotate answers only; lists carry ClientSecretLast4 instead.
// The create and rotate answers are not published: the client takes the
// list's fields plus clientSecret.
type PartnerCredential struct {
	ID                FlexibleID `json:"id"`
	Name              string     `json:"name"`
	ClientID          string     `json:"clientId"`
	ClientSecret      *string    `json:"clientSecret,omitempty"`
	ClientSecretLast4 string     `json:"clientSecretLast4"`
	Status            string     `json:"status"`
	CreatedAt         string     `json:"createdAt"`
}

func (cr *PartnerCredential) validate() error {
	if cr.ID == "" {
		return errors.New(`the credential has no "id"`)
	}
	return nil
}

// CredentialStatusRevoked is the status of a revoked pair.
const CredentialStatusRevoked = "revoked"

// CreateCredential generates a named credential pair.
func (c *Client) CreateCredential(ctx context.Context, name string) (*PartnerCredential, error) {
	ep := partnerCreate("create partner credential", credentialsPath,
		fmt.Sprintf("the service may have generated a credential named %q; check the partner's credentials before applying again", name))
	return doDecoded[PartnerCredential](ctx, c, ep, struct {
		Name string `json:"name"`
	}{name})
}

// ListCredentials lists the partner's credential pairs, secrets masked.
func (c *Client) ListCredentials(ctx context.Context) ([]PartnerCredential, error) {
	var out credentialList
	if err := c.do(ctx, partnerRead("list partner credentials", credentialsPath), nil, &out); err != nil {
		return nil, err
	}
	return out, nil
}

type credentialList []PartnerCredential

func (l *credentialList) UnmarshalJSON(data []byte) error {
	return decodeList(data, (*[]PartnerCredential)(l), "credentials", "data")
}

func (l credentialList) validate() error {
	for i := range l {
		if err := l[i].validate(); err != nil {
			return fmt.Errorf("credential %d of the list: %w", i, err)
		}
	}
	return nil
}

// RotateCredential issues a new secret for the pair and invalidates the
// old one. Rotating again after an answer was lost only yields another
// secret, which this time arrives, so the call is repeatable.
func (c *Client) RotateCredential(ctx context.Context, id string) (*PartnerCredential, error) {
	const op = "rotate partner credential"
	if err := requireSegment(op, "credential ID", id); err != nil {
		return nil, err
	}
	ep := partnerRepeatable(op, http.MethodPost, credentialsPath+"/"+url.PathEscape(id)+"/rotate")
	return doDecoded[PartnerCredential](ctx, c, ep, nil)
}

// RevokeCredential revokes the pair. Revoking twice leaves it revoked, so
// the call is repeatable.
func (c *Client) RevokeCredential(ctx context.Context, id string) error {
	const op = "revoke partner credential"
	if err := requireSegment(op, "credential ID", id); err != nil {
		return err
	}
	ep := partnerRepeatable(op, http.MethodDelete, credentialsPath+"/"+url.PathEscape(id))
	return c.do(ctx, ep, nil, nil)
}
