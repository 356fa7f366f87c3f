// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
	"github.com/cardpay/terraform-provider-cardpay/internal/sandbox"
)

// The large scenario plans (with refresh) a configuration of -large
// resources, 5000 by default, next to its terraform_data floor. Applying
// 5000 resources takes Terraform itself over ten minutes, floor included,
// so the bench makes the objects through the API and writes both states
// itself, as an apply would have left them; the plan then refreshes every
// object from the sandbox as usual. A plan that finds changes is flagged.

type largeResult struct {
	n           int
	mix         workload
	ours, floor []sample
}

func (b *bench) runLarge(ctx context.Context, o *options) (*largeResult, error) {
	w := mixedWorkload(o.large)
	r := &largeResult{n: o.large, mix: w}
	b.sb.setLatency(0)
	for run := range o.largeRuns {
		b.sb.reset()
		ours, err := b.sb.makeObjects(ctx, w)
		if err != nil {
			return nil, err
		}
		oursDir, err := writeConfig(b.root, fmt.Sprintf("large%d-cardpay", o.large), w.render(false))
		if err != nil {
			return nil, err
		}
		floorDir, err := writeConfig(b.root, fmt.Sprintf("large%d-floor", o.large), w.render(true))
		if err != nil {
			return nil, err
		}
		if err := writeState(oursDir, b.tfVersion, ours); err != nil {
			return nil, err
		}
		if err := writeState(floorDir, b.tfVersion, floorResources(w)); err != nil {
			return nil, err
		}
		order := []bool{run%2 == 1, run%2 == 0} // floor first in odd runs
		for _, floor := range order {
			dir, what := oursDir, "cardpay"
			if floor {
				dir, what = floorDir, "terraform_data"
			}
			p, tag := b.normal, fmt.Sprintf("large%d-plan-%d", o.large, run+1)
			if b.profile && !floor {
				p = b.profiled(tag)
			}
			s, err := b.plan(ctx, dir, p)
			if err != nil {
				return nil, err
			}
			if floor {
				r.floor = append(r.floor, s)
			} else {
				r.ours = append(r.ours, s)
				if b.profile {
					b.profiles = append(b.profiles, summarizeProfiles(ctx, p.bin, b.root, tag,
						fmt.Sprintf("N=%d plan from a written state, run %d (%.2f s)", o.large, run+1, s.wall.Seconds())))
				}
			}
			logf("large N=%d run %d/%d plan %-14s %6.2fs  provider %s  requests %d  changes %v",
				o.large, run+1, o.largeRuns, what, s.wall.Seconds(), mib(s.providerKiB), total(s.counts), s.changes)
		}
	}
	return r, nil
}

// stateResource is one resource of a state file (format version 4).
type stateResource struct {
	Mode      string          `json:"mode"`
	Type      string          `json:"type"`
	Name      string          `json:"name"`
	Provider  string          `json:"provider"`
	Instances []stateInstance `json:"instances"`
}

type stateInstance struct {
	IndexKey            string         `json:"index_key"`
	SchemaVersion       int            `json:"schema_version"`
	Attributes          map[string]any `json:"attributes"`
	SensitiveAttributes []any          `json:"sensitive_attributes"`
}

func writeState(dir, tfVersion string, resources []stateResource) error {
	state := map[string]any{
		"version": 4, "terraform_version": tfVersion, "serial": 1, "lineage": uuid(),
		"outputs": map[string]any{}, "resources": resources, "check_results": nil,
	}
	data, err := json.Marshal(state)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "terraform.tfstate"), data, 0o644)
}

func uuid() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

const cardpayProvider = `provider["registry.terraform.io/cardpay/cardpay"]`

// makeObjects makes the workload's objects through the API, as an apply
// would (activations, terminals, adopted stores), and returns the state an
// apply would have written.
func (b *benchSandbox) makeObjects(ctx context.Context, w workload) ([]stateResource, error) {
	c, err := client.New(client.Config{BaseURL: b.url, PartnerClientID: sandbox.DemoPartnerClientID, PartnerClientSecret: sandbox.DemoPartnerClientSecret})
	if err != nil {
		return nil, err
	}
	methods := stateResource{Mode: "managed", Type: "cardpay_payment_method", Name: "this", Provider: cardpayProvider}
	terminals := methods
	terminals.Type = "cardpay_online_terminal"
	stores := methods
	stores.Type = "cardpay_store"

	var mu sync.Mutex
	var firstErr error
	work := make(chan func() error)
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for f := range work {
				if err := f(); err != nil {
					mu.Lock()
					firstErr = err
					mu.Unlock()
				}
			}
		}()
	}
	for _, m := range w.methods {
		work <- func() error {
			if _, err := c.ActivatePaymentMethod(ctx, m.merchant, m.method); err != nil {
				return err
			}
			id := fmt.Sprintf("%d/%s", m.merchant, m.method)
			mu.Lock()
			defer mu.Unlock()
			methods.Instances = append(methods.Instances, instance(id, map[string]any{
				"activated_at": nil, "id": id, "merchant_id": m.merchant, "method": m.method, "status": "active",
			}))
			return nil
		}
	}
	for _, s := range w.stores {
		work <- func() error {
			name, street, city, postal, country, email := "Bench store "+s.storeID, "Vesterbrogade 42", "Copenhagen", "1620", "DK", "shop-"+s.storeID+"@bench.example"
			st, err := c.UpdateStore(ctx, s.merchant, s.storeID, client.StoreUpdate{
				Name: &name, StreetAddress: &street, City: &city, PostalCode: &postal, CountryCode: &country, Email: &email,
			})
			if err != nil {
				return err
			}
			id := fmt.Sprintf("%d/%s", s.merchant, s.storeID)
			mu.Lock()
			defer mu.Unlock()
			stores.Instances = append(stores.Instances, instance(id, map[string]any{
				"adopted": true, "city": city, "country_code": country, "created_at": nilIfEmpty(st.CreatedAt),
				"deactivate_on_destroy": false, "email": email, "id": id, "is_default": st.IsDefault,
				"location_id": nilIfEmpty(st.LocationID), "merchant_id": s.merchant, "name": name, "phone": nilIfEmpty(st.Phone),
				"postal_code": postal, "status": st.Status, "store_id": s.storeID, "street_address": street, "updated_at": st.UpdatedAt,
			}))
			return nil
		}
	}
	for _, t := range w.terminals {
		work <- func() error {
			store := fmt.Sprintf("%d-main", t.merchant)
			term, err := c.CreateOnlineTerminal(ctx, t.merchant, client.OnlineTerminalRequest{OnlineTerminalMode: t.mode, StoreID: store})
			if err != nil {
				return err
			}
			key := fmt.Sprintf("%d/%s-%d", t.merchant, strings.ToLower(t.mode), t.seq)
			mu.Lock()
			defer mu.Unlock()
			terminals.Instances = append(terminals.Instances, stateInstance{IndexKey: key, Attributes: map[string]any{
				"id": term.TerminalID, "merchant_id": t.merchant, "online_terminal_mode": t.mode, "store_id": store,
				"terminal_id": term.TerminalID, "terminal_name": nil, "terminal_public_key": term.TerminalPublicKey,
				"terminal_status": nil, "terminal_type": term.TerminalType,
			}, SensitiveAttributes: []any{}})
			return nil
		}
	}
	close(work)
	wg.Wait()
	if firstErr != nil {
		return nil, fmt.Errorf("making the large scenario's objects: %w", firstErr)
	}
	return []stateResource{terminals, methods, stores}, nil
}

func instance(key string, attrs map[string]any) stateInstance {
	return stateInstance{IndexKey: key, Attributes: attrs, SensitiveAttributes: []any{}}
}

func nilIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// floorResources is the state of the floor's configuration after apply:
// terraform_data whose input and output are each value.
func floorResources(w workload) []stateResource {
	data := func(name string) stateResource {
		return stateResource{Mode: "managed", Type: "terraform_data", Name: name, Provider: `provider["terraform.io/builtin/terraform"]`}
	}
	pm, st, ot := data("payment_methods"), data("stores"), data("online_terminals")
	dynamic := func(value map[string]any) map[string]any {
		types := map[string]any{}
		for k, v := range value {
			if _, ok := v.(int64); ok {
				types[k] = "number"
			} else {
				types[k] = "string"
			}
		}
		return map[string]any{"value": value, "type": []any{"object", types}}
	}
	add := func(r *stateResource, key string, value map[string]any) {
		r.Instances = append(r.Instances, instance(key, map[string]any{
			"id": uuid(), "input": dynamic(value), "output": dynamic(value), "triggers_replace": nil,
		}))
	}
	for _, m := range w.methods {
		add(&pm, fmt.Sprintf("%d/%s", m.merchant, m.method), map[string]any{"merchant_id": m.merchant, "method": m.method})
	}
	for _, s := range w.stores {
		add(&st, fmt.Sprintf("%d/%s", s.merchant, s.storeID), map[string]any{
			"merchant_id": s.merchant, "store_id": s.storeID, "name": "Bench store " + s.storeID,
			"street_address": "Vesterbrogade 42", "city": "Copenhagen", "postal_code": "1620", "country_code": "DK",
			"email": "shop-" + s.storeID + "@bench.example",
		})
	}
	for _, t := range w.terminals {
		add(&ot, fmt.Sprintf("%d/%s-%d", t.merchant, strings.ToLower(t.mode), t.seq), map[string]any{
			"merchant_id": t.merchant, "online_terminal_mode": t.mode, "store_id": fmt.Sprintf("%d-main", t.merchant),
		})
	}
	return []stateResource{ot, pm, st}
}

// Targets of the large scenario (issue 23).
const (
	targetLargeSize  = 5000
	targetLargeRatio = 1.5
)

func (r *report) largeTargets(b *strings.Builder) {
	l := r.large
	if l == nil {
		return
	}
	note := paramNote(l.n == targetLargeSize)
	x := ratio(median(l.ours), median(l.floor))
	fmt.Fprintf(b, "| Plan with refresh of %d resources (state written by the bench), cardpay ÷ terraform_data%s | %.2f× (%s vs %s) | ≤ %.1f× | %s |\n",
		l.n, note, x, secs(median(l.ours)), secs(median(l.floor)), targetLargeRatio, passFail(x <= targetLargeRatio))
	kib := peakProvider(l.ours)
	fmt.Fprintf(b, "| Provider peak RSS, that plan%s | %s | < %d MiB | %s |\n", note, mib(kib), targetRSSMiB, passFail(kib > 0 && kib < targetRSSMiB*1024))
}

func (r *report) largeTables(b *strings.Builder) {
	l := r.large
	if l == nil {
		return
	}
	fmt.Fprintf(b, "### Plan of %d resources\n\n"+
		"The mix of the size scenario at N = %d (%d merchants). Applying it takes Terraform itself over ten minutes, so "+
		"the bench makes the objects through the API and writes both states as an apply would have; the plan then "+
		"refreshes every object from the sandbox. %d run(s) (`-large-runs`).\n\n", l.n, l.n, l.mix.merchants(), len(l.ours))
	b.WriteString("| Command | cardpay | terraform_data | Ratio | Provider peak RSS | terraform peak RSS (cardpay / floor) | Requests |\n|---|--:|--:|--:|--:|--:|--:|\n")
	fmt.Fprintf(b, "| plan | %s | %s | %.2f× | %s | %s / %s | %s |\n\n", secs(median(l.ours)), secs(median(l.floor)),
		ratio(median(l.ours), median(l.floor)), rssCell(l.ours), mib(peakTerraform(l.ours)), mib(peakTerraform(l.floor)), totalCell(l.ours))
	for _, s := range append(append([]sample(nil), l.ours...), l.floor...) {
		if s.changes {
			fmt.Fprintf(b, "**Warning:** a plan of the large scenario found changes: the written state does not match what an apply writes.\n\n")
			break
		}
	}
}
