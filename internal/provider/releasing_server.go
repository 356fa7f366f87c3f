// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"sync"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// frameworkServer is every protocol service the framework's server offers;
// tf6server finds the list, action and state-store services by type
// assertion, so the wrapper must offer them all too.
type frameworkServer interface {
	tfprotov6.ProviderServer
	tfprotov6.ListResourceServer
	tfprotov6.ActionServer
	tfprotov6.StateStoreServer
}

func newReleasingServer(s tfprotov6.ProviderServer) tfprotov6.ProviderServer {
	fs, ok := s.(frameworkServer)
	if !ok { // a framework without those services: nothing to release
		return s
	}
	return releasingServer{fs}
}

// releasingServer hands the framework, for each call made once per object
// (validate, upgrade, read, plan, apply of every resource, data source,
// ephemeral resource and action), a context whose values are dropped when
// the call returns.
//
// The framework keeps the cancel function of every call's context until
// Terraform sends StopProvider, which it does only when interrupted. Each
// context holds the loggers terraform-plugin-go builds for the call (about
// 12 KiB), so a plan of N resources kept 4N of them: the provider's live
// heap grew with N (about 120 MiB at N = 2000), and past the soft memory
// limit the garbage collector took 80% of its CPU. What the framework keeps
// now is an empty shell per call. The list and invoke calls are passed
// through: their answers stream after the call returns.
type releasingServer struct {
	frameworkServer
}

// released runs call with a context that forgets ctx when call returns.
func released[Req, Resp any](ctx context.Context, req Req, call func(context.Context, Req) (Resp, error)) (Resp, error) {
	rc := newReleasableContext(ctx)
	defer rc.release()
	return call(rc, req)
}

func (s releasingServer) ValidateResourceConfig(ctx context.Context, req *tfprotov6.ValidateResourceConfigRequest) (*tfprotov6.ValidateResourceConfigResponse, error) {
	return released(ctx, req, s.frameworkServer.ValidateResourceConfig)
}

func (s releasingServer) UpgradeResourceState(ctx context.Context, req *tfprotov6.UpgradeResourceStateRequest) (*tfprotov6.UpgradeResourceStateResponse, error) {
	return released(ctx, req, s.frameworkServer.UpgradeResourceState)
}

func (s releasingServer) UpgradeResourceIdentity(ctx context.Context, req *tfprotov6.UpgradeResourceIdentityRequest) (*tfprotov6.UpgradeResourceIdentityResponse, error) {
	return released(ctx, req, s.frameworkServer.UpgradeResourceIdentity)
}

func (s releasingServer) ReadResource(ctx context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	return released(ctx, req, s.frameworkServer.ReadResource)
}

func (s releasingServer) PlanResourceChange(ctx context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	return released(ctx, req, s.frameworkServer.PlanResourceChange)
}

func (s releasingServer) ApplyResourceChange(ctx context.Context, req *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	return released(ctx, req, s.frameworkServer.ApplyResourceChange)
}

func (s releasingServer) ImportResourceState(ctx context.Context, req *tfprotov6.ImportResourceStateRequest) (*tfprotov6.ImportResourceStateResponse, error) {
	return released(ctx, req, s.frameworkServer.ImportResourceState)
}

func (s releasingServer) MoveResourceState(ctx context.Context, req *tfprotov6.MoveResourceStateRequest) (*tfprotov6.MoveResourceStateResponse, error) {
	return released(ctx, req, s.frameworkServer.MoveResourceState)
}

func (s releasingServer) ValidateDataResourceConfig(ctx context.Context, req *tfprotov6.ValidateDataResourceConfigRequest) (*tfprotov6.ValidateDataResourceConfigResponse, error) {
	return released(ctx, req, s.frameworkServer.ValidateDataResourceConfig)
}

func (s releasingServer) ReadDataSource(ctx context.Context, req *tfprotov6.ReadDataSourceRequest) (*tfprotov6.ReadDataSourceResponse, error) {
	return released(ctx, req, s.frameworkServer.ReadDataSource)
}

func (s releasingServer) ValidateEphemeralResourceConfig(ctx context.Context, req *tfprotov6.ValidateEphemeralResourceConfigRequest) (*tfprotov6.ValidateEphemeralResourceConfigResponse, error) {
	return released(ctx, req, s.frameworkServer.ValidateEphemeralResourceConfig)
}

func (s releasingServer) OpenEphemeralResource(ctx context.Context, req *tfprotov6.OpenEphemeralResourceRequest) (*tfprotov6.OpenEphemeralResourceResponse, error) {
	return released(ctx, req, s.frameworkServer.OpenEphemeralResource)
}

func (s releasingServer) RenewEphemeralResource(ctx context.Context, req *tfprotov6.RenewEphemeralResourceRequest) (*tfprotov6.RenewEphemeralResourceResponse, error) {
	return released(ctx, req, s.frameworkServer.RenewEphemeralResource)
}

func (s releasingServer) CloseEphemeralResource(ctx context.Context, req *tfprotov6.CloseEphemeralResourceRequest) (*tfprotov6.CloseEphemeralResourceResponse, error) {
	return released(ctx, req, s.frameworkServer.CloseEphemeralResource)
}

func (s releasingServer) ValidateListResourceConfig(ctx context.Context, req *tfprotov6.ValidateListResourceConfigRequest) (*tfprotov6.ValidateListResourceConfigResponse, error) {
	return released(ctx, req, s.frameworkServer.ValidateListResourceConfig)
}

func (s releasingServer) ValidateActionConfig(ctx context.Context, req *tfprotov6.ValidateActionConfigRequest) (*tfprotov6.ValidateActionConfigResponse, error) {
	return released(ctx, req, s.frameworkServer.ValidateActionConfig)
}

func (s releasingServer) PlanAction(ctx context.Context, req *tfprotov6.PlanActionRequest) (*tfprotov6.PlanActionResponse, error) {
	return released(ctx, req, s.frameworkServer.PlanAction)
}

// releasableContext is a context that answers for another until released,
// and afterwards holds nothing of it: no values, and done when the other
// is (its Done channel is kept, which holds no values).
type releasableContext struct {
	done        <-chan struct{}
	deadline    time.Time
	hasDeadline bool

	mu  sync.RWMutex
	ctx context.Context // nil once released
}

func newReleasableContext(ctx context.Context) *releasableContext {
	rc := &releasableContext{done: ctx.Done(), ctx: ctx}
	rc.deadline, rc.hasDeadline = ctx.Deadline()
	return rc
}

func (c *releasableContext) inner() context.Context {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.ctx
}

func (c *releasableContext) release() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.ctx = nil
}

func (c *releasableContext) Deadline() (time.Time, bool) { return c.deadline, c.hasDeadline }

func (c *releasableContext) Done() <-chan struct{} { return c.done }

func (c *releasableContext) Err() error {
	if ctx := c.inner(); ctx != nil {
		return ctx.Err()
	}
	select {
	case <-c.done:
		return context.Canceled
	default:
		return nil
	}
}

func (c *releasableContext) Value(key any) any {
	if ctx := c.inner(); ctx != nil {
		return ctx.Value(key)
	}
	return nil
}
