// Copyright (c) The terraform-provider-cardpay authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	dsschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	ephschema "github.com/hashicorp/terraform-plugin-framework/ephemeral/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/cardpay/terraform-provider-cardpay/internal/client"
)

// The three account-information (AIS) reads each exist twice: as a data
// source and as an ephemeral resource with the same arguments and results.
// Each read declares its attributes once, as data source schema literals,
// from which ephemeralAttributes (schema_twins.go) derives the ephemeral
// resource's. The model structs, validation and mapping code are plain Go
// shared by both; aisReadDataSource and aisReadEphemeral are generic over
// the model, so a read is written once as an aisReadDef.

// Attributes every AIS read takes.
func aisReadMerchantAttr() dsschema.Attribute {
	return merchantIDArgument("Numeric ID of the merchant the user belongs to.")
}

func aisReadUserAttr() dsschema.Attribute {
	return dsschema.StringAttribute{Required: true, Validators: notBlank(),
		MarkdownDescription: "Identity-provider ID of the user whose bank data is read. The user needs an " +
			"authorized, unexpired consent of this merchant holding the permission this read needs."}
}

func aisReadAccountAttr() dsschema.Attribute {
	return dsschema.StringAttribute{Required: true, Validators: notBlank(),
		MarkdownDescription: "ID of one of the user's accounts, as `account_id` of `cardpay_ais_accounts` reports it."}
}

// aisReadDef is one AIS read: its type name, descriptions, attributes, the
// checks run before any request, and the call that fills the model M.
type aisReadDef[M any] struct {
	name    string // what follows "cardpay_", e.g. "ais_accounts"
	summary string // first paragraph of both descriptions
	attrs   map[string]dsschema.Attribute
	check   func(m *M) diag.Diagnostics // optional; unknown values must pass
	read    func(ctx context.Context, c *client.Client, m *M) diag.Diagnostics
}

func (def *aisReadDef[M]) dataSourceDescription() string {
	return def.summary + "\n\n~> **Personal data in state.** Terraform stores what a data source reads in the " +
		"state in plain text. IBANs, names, balances, amounts and other personal data are marked sensitive, " +
		"which hides them in plan and CLI output but not in the state. To use them without storing them, use " +
		"the ephemeral resource `cardpay_" + def.name + "` instead (Terraform 1.10 or later)."
}

func (def *aisReadDef[M]) ephemeralDescription() string {
	return def.summary + "\n\nThis ephemeral resource has the same arguments and results as the data source " +
		"`cardpay_" + def.name + "`, but Terraform reads it anew in every plan and apply and never writes " +
		"the result to the plan or the state. Use it to pass balances or IBANs to provider blocks, write-only " +
		"arguments or other ephemeral resources. Needs Terraform 1.10 or later.\n\n" +
		"Terraform never shows an ephemeral value: `terraform console` prints `(known after apply)`, and a " +
		"`local-exec` provisioner that uses one prints only `(output suppressed due to ephemeral value in config)`. " +
		"To look at what a read returns, have the provisioner write it to a file, as the " +
		"[example of `cardpay_ais_accounts`](ais_accounts.md#example-usage) does, and delete the file afterwards; " +
		"or read it once with the data source `cardpay_" + def.name + "`: an apply writes its results to the " +
		"state, where `terraform console` and outputs show them."
}

func (def *aisReadDef[M]) validate(ctx context.Context, config tfsdk.Config) diag.Diagnostics {
	if def.check == nil {
		return nil
	}
	var m M
	diags := config.Get(ctx, &m)
	if diags.HasError() {
		return diags
	}
	return def.check(&m)
}

// run reads the configuration, checks it again (Terraform may skip
// validation of values that were unknown at plan time), then calls the API.
func (def *aisReadDef[M]) run(ctx context.Context, data *providerData, config tfsdk.Config) (*M, diag.Diagnostics) {
	var diags diag.Diagnostics
	m, c, ok := begin[M](ctx, data, client.AreaAIS, config, &diags)
	if ok && def.check != nil {
		diags.Append(def.check(&m)...)
	}
	if diags.HasError() {
		return nil, diags
	}
	diags.Append(def.read(ctx, c, &m)...)
	return &m, diags
}

// aisReadDataSourceOf and aisReadEphemeralOf build a read's two forms.
func aisReadDataSourceOf[M any](def *aisReadDef[M]) *aisReadDataSource[M] {
	return &aisReadDataSource[M]{dataSourceBase{name: def.name}, def}
}

func aisReadEphemeralOf[M any](def *aisReadDef[M]) *aisReadEphemeral[M] {
	return &aisReadEphemeral[M]{ephemeralBase{name: def.name}, def}
}

// runInto runs the read and stores its result, of schemaType, with set (the
// data source's state or the ephemeral resource's result), or in raw.
func (def *aisReadDef[M]) runInto(ctx context.Context, data *providerData, config tfsdk.Config, schemaType attr.Type,
	raw *tftypes.Value, set func(context.Context, any) diag.Diagnostics) diag.Diagnostics {
	m, diags := def.run(ctx, data, config)
	if diags.HasError() {
		return diags
	}
	diags.Append(setReadResult(ctx, m, schemaType, raw, func() diag.Diagnostics { return set(ctx, m) })...)
	return diags
}

// aisReadDataSource is the data source form of an AIS read.
type aisReadDataSource[M any] struct {
	dataSourceBase
	def *aisReadDef[M]
}

func (d *aisReadDataSource[M]) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = dsschema.Schema{MarkdownDescription: d.def.dataSourceDescription(), Attributes: d.def.attrs}
}

func (d *aisReadDataSource[M]) ValidateConfig(ctx context.Context, req datasource.ValidateConfigRequest, resp *datasource.ValidateConfigResponse) {
	resp.Diagnostics.Append(d.def.validate(ctx, req.Config)...)
}

func (d *aisReadDataSource[M]) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	resp.Diagnostics.Append(d.def.runInto(ctx, d.data, req.Config, resp.State.Schema.Type(), &resp.State.Raw, resp.State.Set)...)
}

// aisReadEphemeral is the ephemeral-resource form of an AIS read.
type aisReadEphemeral[M any] struct {
	ephemeralBase
	def *aisReadDef[M]
}

func (e *aisReadEphemeral[M]) Schema(_ context.Context, _ ephemeral.SchemaRequest, resp *ephemeral.SchemaResponse) {
	resp.Schema = ephschema.Schema{MarkdownDescription: e.def.ephemeralDescription(),
		Attributes: ephemeralAttributes(e.def.attrs, &resp.Diagnostics)}
}

func (e *aisReadEphemeral[M]) ValidateConfig(ctx context.Context, req ephemeral.ValidateConfigRequest, resp *ephemeral.ValidateConfigResponse) {
	resp.Diagnostics.Append(e.def.validate(ctx, req.Config)...)
}

func (e *aisReadEphemeral[M]) Open(ctx context.Context, req ephemeral.OpenRequest, resp *ephemeral.OpenResponse) {
	resp.Diagnostics.Append(e.def.runInto(ctx, e.data, req.Config, resp.Result.Schema.Type(), &resp.Result.Raw, resp.Result.Set)...)
}

// terraformValuer is implemented by read models that build their Terraform
// value directly. For thousands of nested objects the framework's
// reflection (model to attr values to tftypes) costs several times the
// memory of the result itself.
type terraformValuer interface {
	terraformValue(typ tftypes.Object) (tftypes.Value, error)
}

// setReadResult stores m in raw, directly when m is a terraformValuer, else
// through the framework's set.
func setReadResult(ctx context.Context, m any, schemaType attr.Type, raw *tftypes.Value, set func() diag.Diagnostics) diag.Diagnostics {
	tv, ok := m.(terraformValuer)
	if !ok {
		return set()
	}
	var diags diag.Diagnostics
	typ, ok := schemaType.TerraformType(ctx).(tftypes.Object)
	if !ok {
		diags.AddError("Unexpected schema type", "The read's schema is not an object. This is a bug in the provider; please report it.")
		return diags
	}
	v, err := tv.terraformValue(typ)
	if err != nil {
		diags.AddError("Could not store the read's result", err.Error()+"\n\nThis is a bug in the provider; please report it.")
		return diags
	}
	*raw = v
	return diags
}

// AIS consent permissions, named in errors so the user knows what to grant.
const (
	aisReadPermAccounts     = "ReadAccountsDetail"
	aisReadPermBalances     = "ReadBalances"
	aisReadPermTransactions = "ReadTransactionsDetail"
)

// addAISReadError is addAPIError plus, on 403, the permission this read
// needs: the service's message says what is wrong with the consent, the
// hint says what would make the read work.
func addAISReadError(diags *diag.Diagnostics, summary, permission string, err error) {
	detail := apiErrorDetail(err)
	if client.IsForbidden(err) {
		detail += fmt.Sprintf("\n\nThis read needs a consent for this user and merchant that holds the %s "+
			"permission, that the user has authorized at the bank, and that has not expired. Create one (for "+
			"example with the cardpay_ais_consent resource), have the user authorize it, then run Terraform again.",
			permission)
	}
	diags.AddError(summary, detail)
}

// aisReadDecimal keeps an amount digit for digit as the service sent it.
func aisReadDecimal(d client.Decimal) types.String { return stringOrNull(d.String()) }

// aisReadJSONMap turns a JSON object of unknown fields into a map(string):
// string values as they are, every other value (number, boolean, null,
// object, array) as compact JSON text, so HCL can read each field and
// jsondecode() the rest. A missing object is null.
func aisReadJSONMap(ctx context.Context, fields map[string]json.RawMessage) (types.Map, diag.Diagnostics) {
	if fields == nil {
		return types.MapNull(types.StringType), nil
	}
	elems := make(map[string]string, len(fields))
	for name, raw := range fields {
		var s string
		if err := json.Unmarshal(raw, &s); err == nil {
			elems[name] = s
			continue
		}
		var buf bytes.Buffer
		if err := json.Compact(&buf, raw); err != nil {
			var diags diag.Diagnostics
			diags.AddError("Unreadable account details",
				fmt.Sprintf("The service sent field %q of accountDetails that is not valid JSON: %v", name, err))
			return types.MapNull(types.StringType), diags
		}
		elems[name] = buf.String()
	}
	return types.MapValueFrom(ctx, types.StringType, elems)
}

// aisReadParseDate returns the first and last instant a value covers: a
// timestamp covers one instant, a date its whole day in UTC (the day the
// sandbox compares against, inclusive).
func aisReadParseDate(s string) (first, last time.Time, err error) {
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, t, nil
	}
	day, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return time.Time{}, time.Time{}, err
	}
	return day, day.AddDate(0, 0, 1).Add(-time.Nanosecond), nil
}

// aisReadCheckDateRange rejects a from date after the to date, so a range
// that can match nothing fails before any request. Unknown or null values
// pass; the attribute validators report malformed ones.
func aisReadCheckDateRange(from, to types.String, fromPath path.Path) diag.Diagnostics {
	var diags diag.Diagnostics
	if from.IsNull() || from.IsUnknown() || to.IsNull() || to.IsUnknown() {
		return diags
	}
	start, _, err1 := aisReadParseDate(from.ValueString())
	_, end, err2 := aisReadParseDate(to.ValueString())
	if err1 != nil || err2 != nil {
		return diags
	}
	if start.After(end) {
		diags.AddAttributeError(fromPath, "from_date is after to_date",
			fmt.Sprintf("from_date %q is after to_date %q, so no transaction could match. Swap them, or set "+
				"from_date to a date on or before to_date.", from.ValueString(), to.ValueString()))
	}
	return diags
}
