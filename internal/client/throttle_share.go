// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// Processes on one machine that use the same credential of the same
// service (Atlantis' parallel plans, terragrunt run-all, several CI jobs on
// one runner) share their throttle through a small file in the temporary
// directory, locked for each read and update. So the machine learns the
// service's rate once, pauses every process after a 429 and paces all of
// them with one bucket, as a single process paces its own requests. The
// file holds no secret: it is named by a hash of the service and the
// credential and holds rates, times and counts.

// shareStale is how old a shared state may be and still count: older, a
// process starts afresh. Processes that share a credential update it with
// every request, so a state this old belongs to runs that are over.
const shareStale = 10 * time.Second

// stateFile is the machine-wide copy of one throttle's state.
type stateFile struct {
	path string

	mu   sync.Mutex
	file *os.File
}

// shareDir is where the state files are: one directory per user.
func shareDir() string {
	return filepath.Join(os.TempDir(), fmt.Sprintf("terraform-provider-cardpay-%d", os.Getuid()))
}

// newStateFile names the state file of key in dir; nothing is opened yet.
func newStateFile(dir string, key throttleKey) *stateFile {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%d\x00", key.baseURL, key.auth)
	h.Write(key.credential[:])
	return &stateFile{path: filepath.Join(dir, hex.EncodeToString(h.Sum(nil)[:16])+".throttle")}
}

// update reads the shared state into st (unless it is missing, damaged or
// stale), runs f, and writes st back, all under an exclusive lock of the
// file. An error means the file cannot be used; st is then untouched.
func (s *stateFile) update(st *throttleState, f func()) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.file == nil {
		if err := os.MkdirAll(filepath.Dir(s.path), 0o700); err != nil {
			return err
		}
		file, err := os.OpenFile(s.path, os.O_RDWR|os.O_CREATE, 0o600)
		if err != nil {
			return err
		}
		s.file = file
	}
	if err := lockFile(s.file); err != nil {
		return err
	}
	defer func() { _ = unlockFile(s.file) }()
	buf := make([]byte, wireStateSize)
	if n, _ := s.file.ReadAt(buf, 0); n == wireStateSize {
		var w wireState
		if binary.Read(bytes.NewReader(buf), binary.LittleEndian, &w) == nil && w.Magic == wireMagic &&
			time.Since(time.Unix(0, w.Written)) < shareStale {
			*st = w.state()
		}
	}
	f()
	var out bytes.Buffer
	_ = binary.Write(&out, binary.LittleEndian, wireOf(st))
	_, err := s.file.WriteAt(out.Bytes(), 0)
	return err
}

// wireMagic marks a state file of this layout; another layout is ignored
// and overwritten.
const wireMagic = 0xCA4D700B

// wireState is throttleState in fixed-size fields for encoding/binary.
type wireState struct {
	Magic                  uint32
	Written                int64
	Rate, Burst, Tokens    float64
	Last                   int64
	Rate0, WMax, C, K      float64
	CutAt, Epoch           int64
	EpochRate, Refused     float64
	QuotaLimit             int64
	QuotaWindow            time.Duration
	QuotaRate              float64
	QuotaLastSent          int64
	QuotaAnchorAt          int64
	QuotaUpdated, QuotaCut int64
	QuotaGrown             int64
	QuotaAnchorLeft        int64
	QuotaWindowEnd         int64
	QuotaWindowSince       int64
	QuotaLastLeft          int64
	QuotaFixed             bool
	QuotaCeiling           float64
	MeterIndex, MeterCount [meterSlots]int64
}

var wireStateSize = binary.Size(wireState{})

func wireOf(st *throttleState) wireState {
	w := wireState{
		Magic: wireMagic, Written: time.Now().UnixNano(),
		Rate: st.bucket.rate, Burst: st.bucket.burst, Tokens: st.bucket.tokens, Last: st.bucket.last,
		Rate0: st.rate0, WMax: st.wmax, C: st.c, K: st.k, CutAt: st.cutAt, Epoch: st.epoch, EpochRate: st.epochRate, Refused: st.refusedShare,
		QuotaLimit: st.fleet.limit, QuotaWindow: st.fleet.window, QuotaRate: st.fleet.rate, QuotaLastSent: st.fleet.lastSent,
		QuotaAnchorAt: st.fleet.anchorAt, QuotaUpdated: st.fleet.updated, QuotaCut: st.fleet.cutAt, QuotaGrown: st.fleet.grown, QuotaAnchorLeft: st.fleet.anchorLeft,
		QuotaWindowEnd: st.fleet.windowEnd, QuotaWindowSince: st.fleet.windowSince, QuotaLastLeft: st.fleet.lastLeft, QuotaFixed: st.fleet.fixed,
		QuotaCeiling: st.fleet.ceiling,
	}
	for i, s := range st.accepted.slots {
		w.MeterIndex[i], w.MeterCount[i] = s.index, s.n
	}
	return w
}

func (w wireState) state() throttleState {
	st := throttleState{
		bucket: bucket{rate: w.Rate, burst: w.Burst, tokens: w.Tokens, last: w.Last},
		rate0:  w.Rate0, wmax: w.WMax, c: w.C, k: w.K, cutAt: w.CutAt, epoch: w.Epoch, epochRate: w.EpochRate, refusedShare: w.Refused,
		fleet: quotaPace{limit: w.QuotaLimit, window: w.QuotaWindow, rate: w.QuotaRate, lastSent: w.QuotaLastSent,
			anchorAt: w.QuotaAnchorAt, updated: w.QuotaUpdated, cutAt: w.QuotaCut, grown: w.QuotaGrown, anchorLeft: w.QuotaAnchorLeft,
			windowEnd: w.QuotaWindowEnd, windowSince: w.QuotaWindowSince, lastLeft: w.QuotaLastLeft, fixed: w.QuotaFixed,
			ceiling: w.QuotaCeiling},
	}
	for i := range st.accepted.slots {
		st.accepted.slots[i].index, st.accepted.slots[i].n = w.MeterIndex[i], w.MeterCount[i]
	}
	return st
}
