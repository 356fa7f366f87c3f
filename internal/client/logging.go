package client

import (
	"bytes"
	"io"
	"net/http"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflog"
)

// loggingTransport sits under retryablehttp so each attempt is logged with
// the request's own context, which carries the provider's logger and the
// masks for the configured secrets. Headers are never logged: two of them
// carry credentials.
type loggingTransport struct {
	next http.RoundTripper
}

func (t *loggingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	st := callStateFrom(ctx)
	if st == nil { // not one of ours; nothing to add
		return t.next.RoundTrip(req)
	}
	// A context that is already done means nothing will be sent.
	cancelledBefore := ctx.Err() != nil
	fields := map[string]any{
		"http_method": req.Method,
		"http_path":   st.ep.path,
		"attempt":     int(st.attempts.Add(1)),
		"request_id":  st.requestID,
	}
	tflog.Debug(ctx, "cardpay API request", fields)
	if len(st.body) > 0 {
		tflog.Trace(ctx, "cardpay API request body", withField(fields, "http_request_body", string(st.body)))
	}

	start := time.Now()
	resp, err := t.next.RoundTrip(req)
	fields["duration_ms"] = time.Since(start).Milliseconds()
	st.ambiguous.Store(err != nil && !cancelledBefore && !notSent(err))
	if err != nil {
		tflog.Debug(ctx, "cardpay API request failed", withField(fields, "error", err.Error()))
		return nil, err
	}
	fields["http_status"] = resp.StatusCode
	if ra := resp.Header.Get("Retry-After"); ra != "" {
		fields["retry_after"] = ra
	}
	tflog.Debug(ctx, "cardpay API response", fields)
	if tflog.IsTrace(ctx) {
		logResponseBody(req, resp, fields)
	}
	return resp, nil
}

// logResponseBody logs up to maxResponseBytes of the body and puts the
// bytes back so the caller still reads the whole body.
func logResponseBody(req *http.Request, resp *http.Response, fields map[string]any) {
	head, err := io.ReadAll(io.LimitReader(resp.Body, maxResponseBytes))
	resp.Body = readCloser{Reader: io.MultiReader(bytes.NewReader(head), resp.Body), Closer: resp.Body}
	if err != nil {
		return // the caller will meet the same error when it reads on
	}
	tflog.Trace(req.Context(), "cardpay API response body", withField(fields, "http_response_body", string(head)))
}

type readCloser struct {
	io.Reader
	io.Closer
}

// withField returns a copy of fields plus one more; tflog masks the maps it
// is given in place, so shared maps must not be reused after masking.
func withField(fields map[string]any, key string, value any) map[string]any {
	out := make(map[string]any, len(fields)+1)
	for k, v := range fields {
		out[k] = v
	}
	out[key] = value
	return out
}
