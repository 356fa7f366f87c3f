// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// Issuing an in-app registration code, and waiting for a tap-to-pay device
// to pair with it, shared by cardpay_interapp_registration (and its
// wait_for_pairing), the ephemeral resource and the cardpay_interapp_pairing
// action. The API does not say which code a terminal used, so a wait notes
// the merchant's tap-to-pay (checkoutX) terminals before the code is issued
// and then waits for one that was not there.

// issue asks the service for a code and records it, with the expiry counted
// from the moment the answer arrived: for the resource, the ephemeral
// resource and the action alike.
func (d *interappRegistrationData) issue(ctx context.Context, data *providerData) diag.Diagnostics {
	c, diags := data.clientFor(client.PartnerAPI)
	if diags.HasError() {
		return diags
	}
	merchantID := d.MerchantID.ValueInt64()
	reg, err := c.CreateInterappRegistration(ctx, merchantID, client.InterappRegistrationRequest{StoreID: d.StoreID.ValueString()})
	answeredAt := data.now()
	if err != nil {
		addCreateError(&diags, "in-app registration code", merchantOwner(merchantID), err, "")
		return diags
	}
	if reg.RegistrationCode == "" {
		diags.AddError("No registration code in the service's answer",
			fmt.Sprintf("The service answered the request for merchant %d without a registrationCode. "+
				"Try again; if this persists, contact cardpay support.", merchantID))
		return diags
	}
	d.fromAPI(reg, answeredAt.Add(data.poll.codeValidity))
	return diags
}

// errCodeExpired reports that no device paired before the code expired.
var errCodeExpired = errors.New("the registration code expired before a device paired")

// tapToPayTerminals returns the IDs of the merchant's tap-to-pay terminals.
func tapToPayTerminals(ctx context.Context, c *client.Client, merchantID int64) (map[string]bool, error) {
	terminals, err := c.ListTerminals(ctx, merchantID, client.TerminalTypeCheckoutX)
	if err != nil {
		return nil, err
	}
	ids := make(map[string]bool, len(terminals))
	for _, t := range terminals {
		ids[t.TerminalID] = true
	}
	return ids, nil
}

// awaitPairing reads the merchant's tap-to-pay terminals every poll.pairing
// until one that is not in before appears, and returns its ID. It returns
// errCodeExpired when expires passes first. notYet is called after every
// read that found no new terminal.
func (d *providerData) awaitPairing(ctx context.Context, c *client.Client, merchantID int64, before map[string]bool,
	expires time.Time, notYet func(),
) (string, error) {
	waitCtx, cancel := context.WithDeadline(ctx, expires)
	defer cancel()
	var paired string
	err := poll(waitCtx, d.poll.pairing, d.poll.pairing, func(ctx context.Context) (bool, error) {
		terminals, err := c.ListTerminals(ctx, merchantID, client.TerminalTypeCheckoutX)
		if err != nil {
			return false, err
		}
		for _, t := range terminals {
			if !before[t.TerminalID] && t.IsCheckoutX() {
				paired = t.TerminalID
				return true, nil
			}
		}
		notYet()
		return false, nil
	})
	d.terminals.changed(merchantID)
	switch {
	case paired != "":
		return paired, nil
	// The code's deadline wins over a read it cut short; the caller's own
	// deadline or cancellation is not an expiry.
	case ctx.Err() == nil && errors.Is(waitCtx.Err(), context.DeadlineExceeded):
		return "", errCodeExpired
	}
	return "", err
}

// pairingFailed reports a wait that ended without a device: the code
// expired (expired says what to do then), or the wait ended before the
// terminal list could show one (unconfirmed says what to do then: a device
// may have paired, and pairing it again would register it twice). It
// returns false when a device paired.
func pairingFailed(diags *diag.Diagnostics, err error, merchantID int64, expiresAt, expired, unconfirmed string) bool {
	switch {
	case errors.Is(err, errCodeExpired):
		diags.AddAttributeError(path.Root("wait_for_pairing"), "Registration code expired before a device paired",
			fmt.Sprintf("No new tap-to-pay (checkoutX) terminal appeared in merchant %d's terminal list before the "+
				"code expired at %s. %s", merchantID, expiresAt, expired))
	case err != nil:
		diags.AddError(fmt.Sprintf("Could not confirm whether a device paired with merchant %d's code", merchantID),
			apiErrorDetail(err)+fmt.Sprintf("\n\nA device may have paired with the code (valid until %s) since the "+
				"last successful read. Check merchant %d's tap-to-pay (checkoutX) terminals, for example with the "+
				"cardpay_terminals data source, before pairing again, so that the device is not paired twice. %s",
				expiresAt, merchantID, unconfirmed))
	default:
		return false
	}
	return true
}

// addTapToPayListError reports a failed read of the merchant's tap-to-pay
// terminals.
func addTapToPayListError(diags *diag.Diagnostics, merchantID int64, err error) {
	addAPIError(diags, fmt.Sprintf("Could not list the tap-to-pay terminals of merchant %d", merchantID), err)
}
