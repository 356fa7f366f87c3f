// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"
	"unsafe"

	"github.com/cardpay/terraform-provider-cardpay/internal/testclock"
)

// sharedPair returns two throttles of one credential as two processes of
// one machine have them: separate objects, one state file.
func sharedPair(t *testing.T) (a, b *throttle, clock *testclock.Clock) {
	t.Helper()
	a, clock = newFakeThrottle(t)
	b = newThrottle()
	b.now, b.sleep, b.rand = clock.Now, fakeSleep(clock), a.rand
	key := throttleKey{baseURL: "https://api.example.com", auth: PartnerAPI, credential: credentialHash("id", "secret")}
	dir := t.TempDir()
	a.share, b.share = newStateFile(dir, key), newStateFile(dir, key)
	return started(a), started(b), clock
}

// Two processes of one machine act as one client: what went through is
// counted across both, a 429 one of them sees slows the other, and one
// bucket paces both.
func TestThrottleSharedByTheProcessesOfAMachine(t *testing.T) {
	a, b, clock := sharedPair(t)
	accept(a, clock, 10, 40*time.Millisecond)
	accept(b, clock, 10, 40*time.Millisecond)
	if c := refuse(a, clock.Now()); !near(c.rate, 10, 1e-9) {
		t.Fatalf("change = %+v, want a cut to 10/s (half the 20/s both processes got through)", c)
	}
	if got := b.currentRate(); !near(got, 10, 1e-9) {
		t.Fatalf("the other process paces at %v/s, want 10", got)
	}
	var got []time.Duration
	for i := range 4 { // alternating processes take turns from one bucket
		th := a
		if i%2 == 1 {
			th = b
		}
		got = append(got, th.reserve().at.Sub(clock.Now()))
	}
	if got[0] != 100*time.Millisecond || got[3] != 400*time.Millisecond {
		t.Errorf("turns of both processes = %v, want 100ms apart", got)
	}
}

// A state older than shareStale belongs to runs that are over: a process
// starts afresh.
func TestThrottleSharedStateGoesStale(t *testing.T) {
	a, b, clock := sharedPair(t)
	accept(a, clock, 20, 40*time.Millisecond)
	refuse(a, clock.Now())
	data, err := os.ReadFile(a.share.path)
	if err != nil {
		t.Fatal(err)
	}
	var w wireState
	if err := binary.Read(bytes.NewReader(data), binary.LittleEndian, &w); err != nil {
		t.Fatal(err)
	}
	w.Written = time.Now().Add(-shareStale - time.Second).UnixNano()
	var buf bytes.Buffer
	_ = binary.Write(&buf, binary.LittleEndian, w)
	if err := os.WriteFile(a.share.path, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	if got := b.currentRate(); got != 0 {
		t.Errorf("a process after a stale state limits itself to %v/s, want no limit", got)
	}
}

// A state file that cannot be made (here a file stands where its directory
// should be) leaves each process on its own throttle.
func TestThrottleWithoutAUsableStateFile(t *testing.T) {
	th, clock := newFakeThrottle(t)
	blocker := filepath.Join(t.TempDir(), "not-a-directory")
	if err := os.WriteFile(blocker, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	th.share = &stateFile{path: filepath.Join(blocker, "x.throttle")}
	accept(started(th), clock, 20, 40*time.Millisecond)
	if c := refuse(th, clock.Now()); !near(c.rate, 10, 1e-9) {
		t.Errorf("change = %+v, want the process to learn 10/s on its own", c)
	}
	if th.share != nil {
		t.Error("the throttle still tries the unusable file")
	}
}

// Every field of the state reaches the file and comes back: a field left
// out would restart at zero in each process that reads the file (the time
// of the last quota reading did, so every reading of a whole quota grew a
// shared pace four times instead of by the time since the last one). The
// state is filled by reflection, so that a field added later is checked
// too.
func TestThrottleStateRoundTripsThroughTheFile(t *testing.T) {
	var st throttleState
	n := 0
	fillDistinct(reflect.ValueOf(&st).Elem(), &n)
	got := wireOf(&st).state()
	if !reflect.DeepEqual(got, st) {
		t.Errorf("state after the file:\n%+v\nwant\n%+v", got, st)
	}
}

// fillDistinct sets every number in v, unexported fields included, to a
// value of its own (1, 2, 3, …), and every flag.
func fillDistinct(v reflect.Value, n *int) {
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			f := v.Field(i)
			fillDistinct(reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem(), n)
		}
	case reflect.Array:
		for i := range v.Len() {
			fillDistinct(v.Index(i), n)
		}
	case reflect.Int, reflect.Int64:
		*n++
		v.SetInt(int64(*n))
	case reflect.Float64:
		*n++
		v.SetFloat(float64(*n))
	case reflect.Bool:
		v.SetBool(true)
	default:
		panic("fillDistinct: a field of kind " + v.Kind().String())
	}
}
