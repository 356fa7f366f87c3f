// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
)

// errAttemptTimeout is the cancellation cause of an attempt that outlived
// Config.Timeout. Owning the per-attempt deadline (instead of using
// http.Client.Timeout) lets a timeout be told apart from the caller's own
// deadline or cancellation, and from the transport's internal timeouts.
var errAttemptTimeout = errors.New("attempt timed out")

// timeoutError reports that an attempt outlived Config.Timeout. It wraps
// what the transport reported, so a dial that timed out still counts as
// "nothing sent".
type timeoutError struct {
	after time.Duration
	err   error
}

func (e *timeoutError) Error() string {
	return fmt.Sprintf("request timed out after %s", e.after)
}

func (e *timeoutError) Unwrap() error { return e.err }

// Timeout and Temporary make it a net.Error, like net/http's own timeouts.
func (e *timeoutError) Timeout() bool   { return true }
func (e *timeoutError) Temporary() bool { return true }

// IsTimeout reports whether err comes from a call whose last attempt
// outlived the per-request timeout (Config.Timeout). It is false when the
// caller's context was cancelled or reached its own deadline.
func IsTimeout(err error) bool {
	var te *timeoutError
	return errors.As(err, &te)
}

// timeoutTransport bounds each attempt, headers and body, by timeout.
type timeoutTransport struct {
	next    http.RoundTripper
	timeout time.Duration
}

func (t *timeoutTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx, cancel := context.WithTimeoutCause(req.Context(), t.timeout, errAttemptTimeout)
	resp, err := t.next.RoundTrip(req.WithContext(ctx))
	if err != nil {
		cancel()
		return nil, t.check(ctx, err)
	}
	// The deadline keeps running while the body is read; Close releases it.
	resp.Body = &timeoutBody{ReadCloser: resp.Body, ctx: ctx, cancel: cancel, t: t}
	return resp, nil
}

// check turns err into a *timeoutError when the attempt's own deadline
// ended it.
func (t *timeoutTransport) check(ctx context.Context, err error) error {
	if errors.Is(context.Cause(ctx), errAttemptTimeout) {
		return &timeoutError{after: t.timeout, err: err}
	}
	return err
}

type timeoutBody struct {
	io.ReadCloser
	ctx    context.Context
	cancel context.CancelFunc
	t      *timeoutTransport
}

func (b *timeoutBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err != nil && err != io.EOF {
		err = b.t.check(b.ctx, err)
	}
	return n, err
}

func (b *timeoutBody) Close() error {
	err := b.ReadCloser.Close()
	b.cancel()
	return err
}
