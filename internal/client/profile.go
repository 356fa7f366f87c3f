// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import "context"

// Profile is the partner's own profile.
type Profile struct {
	ID                 FlexibleID `json:"id"`
	Name               string     `json:"name"`
	CompanyName        string     `json:"companyName"`
	ContactEmail       string     `json:"contactEmail"`
	ContactPhone       string     `json:"contactPhone"`
	Website            string     `json:"website"`
	RegistrationNumber string     `json:"registrationNumber"`
	Status             string     `json:"status"`
	CreatedAt          string     `json:"createdAt"`
	UpdatedAt          string     `json:"updatedAt"`
}

// GetProfile reads the partner's profile.
func (c *Client) GetProfile(ctx context.Context) (*Profile, error) {
	return doDecoded[Profile](ctx, c, partnerRead("get partner profile", "/v1/partner/profile"), nil)
}
