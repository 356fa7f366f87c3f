// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"errors"
	"time"
)

// pollIntervals pace the provider's waits for something that happens
// outside Terraform: a merchant passing onboarding, a device pairing.
// Users bound a wait through the resources' timeouts; tests shorten the
// intervals through newWithPollIntervals.
type pollIntervals struct {
	// onboarding is the first pause between onboarding status reads; it
	// doubles up to onboardingMax, since verification takes hours or days
	// rather than seconds.
	onboarding, onboardingMax time.Duration
	// pairing is the pause between terminal list reads while a tap-to-pay
	// device pairs.
	pairing time.Duration
	// pairingProgress is how often the cardpay_interapp_pairing action
	// says that it still waits for a device.
	pairingProgress time.Duration
	// codeValidity is how long an in-app registration code can be used
	// after the service issues it, and so how long a pairing wait lasts.
	codeValidity time.Duration
}

func defaultPollIntervals() pollIntervals {
	return pollIntervals{
		onboarding:      5 * time.Second,
		onboardingMax:   time.Minute,
		pairing:         3 * time.Second,
		pairingProgress: 15 * time.Second,
		codeValidity:    interappCodeValidity,
	}
}

// now reads the provider's clock, which every check and wait against the
// time of day uses (consent expiry, code expiry, progress reports); tests
// may fix it (providerData.clock). Before the provider is configured, or
// with no clock set, it is the system clock.
func (d *providerData) now() time.Time {
	if d == nil || d.clock == nil {
		return time.Now()
	}
	return d.clock()
}

// pollOnboarding polls check at the pace of onboarding, which takes hours,
// for at most timeout. timedOut says the time ran out; err is otherwise
// check's error, or that of ctx.
func (d *providerData) pollOnboarding(ctx context.Context, timeout time.Duration, check func(context.Context) (bool, error)) (timedOut bool, err error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	err = poll(ctx, d.poll.onboarding, d.poll.onboardingMax, check)
	return errors.Is(ctx.Err(), context.DeadlineExceeded), err
}

// poll calls check until it reports done or fails, pausing between calls:
// first pause, then doubling up to max. It returns ctx's error when ctx
// ends first, so a caller's deadline becomes a clear timeout.
func poll(ctx context.Context, pause, maxPause time.Duration, check func(context.Context) (bool, error)) error {
	for {
		done, err := check(ctx)
		if err != nil || done {
			return err
		}
		timer := time.NewTimer(pause)
		select {
		case <-ctx.Done():
			timer.Stop()
			return ctx.Err()
		case <-timer.C:
		}
		pause = min(2*pause, maxPause)
	}
}
