// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"os"
	"slices"
	"strings"
)

// The variables that set log levels, and what the provider makes of them.

// logLevelEnv are the variables with which Terraform users set the log
// level of this provider's own logs, most specific last.
var logLevelEnv = []string{"TF_LOG", "TF_LOG_PROVIDER", "TF_LOG_PROVIDER_CARDPAY"}

// traceLogging reports whether the user asked for this provider's TRACE
// logs. The logger itself always claims TRACE: Terraform filters the
// provider's logs after they are written, so only the environment tells.
func traceLogging(lookupEnv func(string) (string, bool)) bool {
	level := ""
	for _, env := range logLevelEnv {
		if v, ok := lookupEnv(env); ok && v != "" {
			level = v
		}
	}
	return strings.EqualFold(level, "TRACE") || strings.EqualFold(level, "JSON")
}

// everyLogLevelEnv are the variables that set a provider's log levels: the
// provider's own (logLevelEnv) and the plugin SDK's, which logs every
// protocol call at TRACE unless told otherwise; Terraform filters the
// lines only after the provider has formatted them.
var everyLogLevelEnv = append(slices.Clone(logLevelEnv), "TF_LOG_SDK", "TF_LOG_SDK_PROTO", "TF_LOG_SDK_FRAMEWORK")

// quietLogsNobodyReads turns the provider's logging off when no logging
// was asked for: Terraform then discards every line anyway, and writing
// them costs more CPU than the provider's own work.
func quietLogsNobodyReads() {
	for _, env := range everyLogLevelEnv {
		if os.Getenv(env) != "" {
			return
		}
	}
	for _, env := range everyLogLevelEnv[1:] { // all but TF_LOG, which is Terraform's own
		_ = os.Setenv(env, "OFF")
	}
}
