// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package sandbox

import (
	"encoding/json"
	"maps"
	"time"
)

// areaState is what an area keeps in the state, declared in the area's own
// file rather than as a field of state and State (areas.go):
//
//	var registerState = newAreaState("registers", newRegisterBook, (*registerBook).snapshot)
//
// Reset makes it from the fixtures with init; handlers reach it, under
// Server.mu like the rest of the state, with registerState.of(s.st); Snapshot
// shows what snapshot returns under the key, in the JSON of GET
// /_sandbox/state and in State.Areas. T is a pointer (or a map), so that
// handlers change the state in place.
type areaState[T any] struct {
	key      string
	init     func(*Fixtures) T
	snapshot func(T, time.Time) any
}

// areaStates are the declared states, for newState and snapshot.
var areaStates []interface {
	stateKey() string
	initial(*Fixtures) any
	show(any, time.Time) any
}

// newAreaState declares an area's state under key, its key in the JSON of
// a snapshot (such as "registers"); snapshot must copy what it shows.
func newAreaState[T any](key string, init func(*Fixtures) T, snapshot func(T, time.Time) any) *areaState[T] {
	for _, a := range areaStates {
		if a.stateKey() == key {
			panic("sandbox: area state " + key + " declared twice")
		}
	}
	a := &areaState[T]{key: key, init: init, snapshot: snapshot}
	areaStates = append(areaStates, a)
	return a
}

// of is the area's state in st; the caller holds Server.mu.
func (a *areaState[T]) of(st *state) T { return a.typed(st.areas[a.key]) }

// typed is v, which init made, as T.
func (a *areaState[T]) typed(v any) T {
	t, ok := v.(T)
	if !ok {
		panic("sandbox: area state " + a.key + " holds another type")
	}
	return t
}

func (a *areaState[T]) stateKey() string              { return a.key }
func (a *areaState[T]) initial(f *Fixtures) any       { return a.init(f) }
func (a *areaState[T]) show(v any, now time.Time) any { return a.snapshot(a.typed(v), now) }

// initAreas makes every declared area state from the fixtures.
func (st *state) initAreas(f *Fixtures) {
	st.areas = map[string]any{}
	for _, a := range areaStates {
		st.areas[a.stateKey()] = a.initial(f)
	}
}

// areasSnapshot shows every declared area state; the caller holds the lock.
func (st *state) areasSnapshot(now time.Time) map[string]any {
	out := map[string]any{}
	for _, a := range areaStates {
		out[a.stateKey()] = a.show(st.areas[a.stateKey()], now)
	}
	return out
}

// MarshalJSON writes the state with each declared area's key beside the
// fields of the areas that have one.
func (s State) MarshalJSON() ([]byte, error) {
	type fields State // State's fields, without this method
	data, err := json.Marshal(fields(s))
	if err != nil || len(s.Areas) == 0 {
		return data, err
	}
	var merged map[string]json.RawMessage
	if err := json.Unmarshal(data, &merged); err != nil {
		return nil, err
	}
	for key, v := range maps.All(s.Areas) {
		raw, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		merged[key] = raw
	}
	return json.Marshal(merged)
}
