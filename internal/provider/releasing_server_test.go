// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

type heavyKey struct{}

// callContext returns a context holding a value whose collection closes
// the returned channel.
func callContext(t *testing.T) (context.Context, <-chan struct{}) {
	t.Helper()
	collected := make(chan struct{})
	heavy := new([1 << 16]byte)
	runtime.AddCleanup(heavy, func(ch chan struct{}) { close(ch) }, collected)
	return context.WithValue(t.Context(), heavyKey{}, heavy), collected
}

func collectedSoon(done <-chan struct{}) bool {
	for range 20 {
		runtime.GC()
		select {
		case <-done:
			return true
		case <-time.After(10 * time.Millisecond):
		}
	}
	return false
}

func validateStore(ctx context.Context, s tfprotov6.ProviderServer) {
	_, _ = s.ValidateResourceConfig(ctx, &tfprotov6.ValidateResourceConfigRequest{TypeName: "cardpay_store"})
}

// The framework keeps every call's context until StopProvider; through the
// releasing server what a call's context holds is collectable as soon as
// the call returns.
func TestReleasingServerDropsCallContexts(t *testing.T) {
	framework := providerserver.NewProtocol6(New("test")())()
	srv := newReleasingServer(framework)
	if _, ok := srv.(releasingServer); !ok {
		t.Fatalf("the framework's server (%T) no longer offers every service the wrapper passes on: nothing is released", framework)
	}
	ctx, collected := callContext(t)
	validateStore(ctx, srv)
	ctx = nil //nolint:ineffassign,wastedassign // drop the test's own reference
	_ = ctx
	if !collectedSoon(collected) {
		t.Error("a call's context was still reachable after the call returned")
	}

	// Why the wrapper exists: without it the framework keeps the context.
	ctx, collected = callContext(t)
	validateStore(ctx, framework)
	ctx = nil //nolint:ineffassign,wastedassign
	_ = ctx
	if collectedSoon(collected) {
		t.Log("the framework no longer keeps call contexts; releasingServer may be removed")
	}
}

// A released context keeps its Done channel and deadline, answers no
// values, and reports the end of the call once its parent is done.
func TestReleasableContext(t *testing.T) {
	parent, cancel := context.WithTimeout(context.WithValue(t.Context(), heavyKey{}, 1), time.Hour)
	rc := newReleasableContext(parent)
	if rc.Value(heavyKey{}) != 1 || rc.Err() != nil {
		t.Fatalf("before release: value %v, err %v", rc.Value(heavyKey{}), rc.Err())
	}
	child, stop := context.WithCancel(rc)
	defer stop()
	rc.release()
	if rc.Value(heavyKey{}) != nil || rc.Err() != nil {
		t.Errorf("released before the end: value %v, err %v; want none", rc.Value(heavyKey{}), rc.Err())
	}
	if _, ok := rc.Deadline(); !ok {
		t.Error("the deadline was lost")
	}
	cancel()
	select {
	case <-child.Done():
	case <-time.After(time.Second):
		t.Fatal("a child of the released context was not cancelled with the parent")
	}
	if rc.Err() != context.Canceled {
		t.Errorf("Err = %v, want context.Canceled", rc.Err())
	}
}
