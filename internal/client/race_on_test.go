// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

//go:build race

package client

// raceEnabled: the race detector slows the simulations about tenfold.
const raceEnabled = true
