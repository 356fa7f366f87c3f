// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"net/http"
	"slices"
	"testing"
	"time"
)

// An area that declares its state with newAreaState keeps it from the
// fixtures, changes it in place, shows it in Snapshot and in the JSON of
// GET /_sandbox/state under its key, and gets it back on Reset.
func TestAreaState(t *testing.T) {
	declared := slices.Clone(areaStates)
	t.Cleanup(func() { areaStates = declared })
	notes := newAreaState("testNotes",
		func(f *Fixtures) *[]string { return &[]string{f.Partners[0].ClientID} },
		func(n *[]string, _ time.Time) any { return slices.Clone(*n) })

	e := newEnv(t)
	e.srv.mu.Lock()
	list := notes.of(e.srv.st)
	*list = append(*list, "added")
	e.srv.mu.Unlock()
	if got, _ := e.srv.Snapshot().Areas["testNotes"].([]string); !slices.Equal(got, []string{DemoPartnerClientID, "added"}) {
		t.Errorf("Snapshot().Areas[testNotes] = %v, want the fixture's partner and the added note", got)
	}
	r := e.do(http.MethodGet, "/_sandbox/state", nil, nil)
	state := r.obj(t)
	expectKeys(t, state, stateKeys()...)
	if got := get[[]any](t, state, "testNotes"); len(got) != 2 || got[1] != "added" {
		t.Errorf("state JSON testNotes = %v", got)
	}
	if _, ok := state["orders"]; !ok {
		t.Errorf("state JSON lost the fields of State: %s", r.raw)
	}
	e.srv.Reset()
	if got, _ := e.srv.Snapshot().Areas["testNotes"].([]string); len(got) != 1 {
		t.Errorf("after Reset: %v, want the fixture's note only", got)
	}
}
