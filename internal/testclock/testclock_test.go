// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package testclock

import (
	"context"
	"testing"
	"time"
)

// The clock moves only when told: Advance and Set move it, Sleep moves it
// and runs the hook instead of waiting, and a done context stops Sleep.
func TestClockMovesOnlyWhenTold(t *testing.T) {
	c := New(Start)
	if got := c.Now(); !got.Equal(Start) {
		t.Fatalf("Now = %s, want the start %s", got, Start)
	}
	c.Advance(time.Minute)
	if got := c.Now(); !got.Equal(Start.Add(time.Minute)) {
		t.Errorf("after Advance(1m): %s", got)
	}
	c.Set(Start)
	if got := c.Now(); !got.Equal(Start) {
		t.Errorf("after Set(start): %s", got)
	}

	var seen time.Time
	c.OnSleep(func() { seen = c.Now() })
	began := time.Now()
	if err := c.Sleep(t.Context(), time.Hour); err != nil {
		t.Fatal(err)
	}
	if !seen.Equal(Start.Add(time.Hour)) || time.Since(began) > time.Second {
		t.Errorf("the hook saw %s after a Sleep of an hour that took %s; want the moved clock at once", seen, time.Since(began))
	}

	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if err := c.Sleep(ctx, time.Hour); err == nil || !c.Now().Equal(Start.Add(time.Hour)) {
		t.Errorf("Sleep on a done context = %v and moved the clock to %s; want an error and no move", err, c.Now())
	}
}
