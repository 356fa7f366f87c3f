// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"maps"
	"net/http"
	"net/url"
	"slices"
)

// Terminal statuses and the type of a paired tap-to-pay device, as the
// terminal list shows them.
const (
	terminalActive     = "ACTIVE"
	terminalRegistered = "REGISTERED"
	terminalInactive   = "INACTIVE"
	terminalCheckoutX  = "checkoutX"

	terminalTypeParam = "terminalType"
)

// listTerminals answers the merchant's terminals in registration order,
// optionally only those of one type.
func (s *Server) listTerminals(c *partnerCall) (int, any, error) {
	if err := decodeJSON(c.body, &struct{}{}, false); err != nil {
		return 0, nil, err
	}
	wantType, err := terminalTypeFilter(c.r.URL.RawQuery)
	if err != nil {
		return 0, nil, err
	}
	out := terminalsResponse{Terminals: []terminalEntry{}}
	for _, t := range c.st.terminals {
		if t.MerchantID == c.merchantID && (wantType == "" || t.TerminalType == wantType) {
			out.Terminals = append(out.Terminals, terminalEntry{
				TerminalID: t.TerminalID, TerminalType: t.TerminalType, TerminalStatus: t.TerminalStatus,
				TerminalName: t.TerminalName, TerminalPublicKey: t.TerminalPublicKey,
			})
		}
	}
	out.Total = len(out.Terminals)
	return http.StatusOK, out, nil
}

// terminalTypeFilter reads the list's only query parameter. The set of
// terminal types is open ("etc." in the guide), so any value filters and
// none is an error; other parameters are refused to catch client typos.
func terminalTypeFilter(rawQuery string) (string, error) {
	q, err := url.ParseQuery(rawQuery)
	if err != nil {
		return "", badRequest("malformed query string: %v", err)
	}
	for _, name := range slices.Sorted(maps.Keys(q)) {
		if name != terminalTypeParam {
			return "", badRequest("unknown query parameter %q; the only allowed one is %s", name, terminalTypeParam)
		}
		if len(q[name]) > 1 {
			return "", badRequest("query parameter %s may be given only once", name)
		}
	}
	return q.Get(terminalTypeParam), nil
}
