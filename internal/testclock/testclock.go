// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

// Package testclock is the one fake clock of the tests: a time that moves
// only when a test moves it, and a sleep that moves it instead of waiting,
// so tests of expiry, renewal and pacing never wait on the real clock.
//
// It is an ordinary package, not a _test file, so the tests of every
// package (the sandbox's, the client's, the provider's) share it.
package testclock

import (
	"context"
	"sync"
	"time"
)

// Start is where a clock of New begins unless a test needs another time: a
// fixed instant, so what a test derives from it is the same every run.
var Start = time.Date(2026, 1, 15, 12, 0, 0, 0, time.UTC)

// Clock is a settable clock, safe for concurrent use. Hand its Now method
// (and Sleep, where the code under test sleeps) to the code under test.
type Clock struct {
	mu      sync.Mutex
	t       time.Time
	onSleep func()
}

// New returns a clock that reads start until it is moved.
func New(start time.Time) *Clock {
	return &Clock{t: start}
}

// Now returns the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// Set moves the clock to t, which may be earlier: simulations that run
// events in order of time set the clock to each event's time.
func (c *Clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = t
}

// Sleep advances the clock by d instead of waiting, then runs the function
// given to OnSleep; it fails only when ctx is already done.
func (c *Clock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c.Advance(d)
	c.mu.Lock()
	hook := c.onSleep
	c.mu.Unlock()
	if hook != nil {
		hook()
	}
	return nil
}

// OnSleep sets what runs after each Sleep moved the clock: a test plays
// what happens elsewhere while the code under test sleeps.
func (c *Clock) OnSleep(f func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.onSleep = f
}
