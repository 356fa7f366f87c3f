# Copyright (c) The terraform-provider-cardpay authors
# SPDX-License-Identifier: MPL-2.0

# No root output carries a secret without sensitive = true. Terraform
# itself refuses a root output whose value is marked sensitive ("Output
# refers to sensitive values"), so what reaches a plan is a secret whose
# mark was removed: nonsensitive(...), directly, through a local value, or
# in a child module's output. Two checks find it:
#   - by reference: the output's expression, followed through child module
#     outputs and input variables, refers to an attribute that is sensitive
#     (lib.sensitive_attributes, or marked so in the plan's
#     after_sensitive/before_sensitive). The plan JSON has no local values,
#     so a secret passed through a local is not found this way;
#   - by value: the output's planned value contains the value of a
#     sensitive attribute of a resource or data source in the prior state
#     or the planned values (found once the secret is known, usually from
#     the plan after the apply that created it).
package cardpay.outputs

import data.cardpay.lib

# Secrets shorter than this are not searched for in output values, so that
# short values do not match by chance.
min_secret_length := 8

exposed contains name if {
	some name, out in input.configuration.root_module.outputs
	not out.sensitive
	not object.get(input, ["output_changes", name, "after_sensitive"], false) == true
}

deny contains lib.finding("secret_output", sprintf("output.%s", [name]), msg) if {
	some name in exposed
	some ref in secret_references(name)
	msg := sprintf(
		"the output carries %s, which the provider marks sensitive, but is not marked sensitive = true (nonsensitive() or a module output removed the mark). Set sensitive = true on the output, or output something else.",
		[ref],
	)
}

deny contains lib.finding("secret_output", sprintf("output.%s", [name]), msg) if {
	some name in exposed
	not secret_references(name)
	value := input.planned_values.outputs[name].value
	some s in secrets
	carries(value, s.value)
	msg := sprintf(
		"the output's value contains the value of %s, which is sensitive, but the output is not marked sensitive = true. Set sensitive = true on the output, or output something else.",
		[s.address],
	)
}

carries(value, secret) if {
	walk(value, [_, leaf])
	is_string(leaf)
	contains(leaf, secret)
}

# secret_references(name) is the set of sensitive attributes the root
# output reaches, such as "cardpay_webhook.w.secret" or
# "module.m.cardpay_webhook.w.secret"; undefined when empty.
secret_references(name) := refs if {
	reached := graph.reachable(edges, {sprintf("|output.%s", [name])})
	refs := {r |
		some node in reached
		[module, ref] := split_node(node)
		startswith(ref, "ref:")
		r := sensitive_reference(module, substring(ref, 4, -1))
	}
	count(refs) > 0
}

split_node(node) := [substring(node, 0, i), substring(node, i + 1, -1)] if i := indexof(node, "|")

# --- The configuration as a graph of references -------------------------
#
# Nodes are "<module path>|<item>": the module path is "" for the root and
# "module.a.module.b" below it; the item is "output.NAME", "var.NAME",
# "outputs" (all outputs of the module) or "ref:ADDRESS" for a reference to
# a resource or data source attribute.

modules[path] := mod if {
	walk(input.configuration.root_module, [keys, mod])
	module_keys(keys)
	path := concat(".", [sprintf("module.%s", [keys[i + 1]]) | some i, k in keys; k == "module_calls"])
}

# module_keys(keys) holds for the walk paths of modules: [] or a chain of
# ["module_calls", NAME, "module"].
module_keys(keys) if {
	count(keys) % 3 == 0
	every i, k in keys {
		module_key(i % 3, k)
	}
}

module_key(0, "module_calls")

module_key(1, _)

module_key(2, "module")

node(path, item) := sprintf("%s|%s", [path, item])

child(path, call) := sprintf("module.%s", [call]) if {
	path == ""
} else := sprintf("%s.module.%s", [path, call])

# Each output leads to what its expression refers to.
edge contains [node(path, sprintf("output.%s", [name])), target(path, ref)] if {
	some path, mod in modules
	some name, out in object.get(mod, "outputs", {})
	some ref in uncovered(object.get(out, ["expression", "references"], []))
}

# A module's input variable leads to what the calling module passes in.
edge contains [node(child(path, call), sprintf("var.%s", [name])), target(path, ref)] if {
	some path, mod in modules
	some call, mc in object.get(mod, "module_calls", {})
	some name, expr in object.get(mc, "expressions", {})
	is_object(expr)
	some ref in uncovered(object.get(expr, "references", []))
}

# A reference to a whole module object leads to each of its outputs.
edge contains [node(path, "outputs"), node(path, sprintf("output.%s", [name]))] if {
	some path, mod in modules
	some name, _ in object.get(mod, "outputs", {})
}

# graph.reachable needs every node as a key, leaves too.
edges[n] := {to | some [from, to] in edge; from == n} if {
	some e in edge
	some n in e
}

target(path, ref) := node(child(path, parts[1]), sprintf("output.%s", [parts[2]])) if {
	parts := split(ref, ".")
	parts[0] == "module"
	count(parts) >= 3
} else := node(child(path, parts[1]), "outputs") if {
	parts := split(ref, ".")
	parts[0] == "module"
} else := node(path, sprintf("var.%s", [parts[1]])) if {
	parts := split(ref, ".")
	parts[0] == "var"
} else := node(path, sprintf("ref:%s", [ref]))

# unindexed drops instance keys, so that cardpay_webhook.w["a"].secret and
# module.m[0] read as cardpay_webhook.w.secret and module.m.
unindexed(ref) := regex.replace(ref, `\[[^\]]*\]`, "")

# uncovered keeps the most precise references: Terraform lists
# cardpay_webhook.w next to cardpay_webhook.w.secret, and only the latter
# says what the expression uses.
uncovered(refs) := {r |
	some r in all
	not covered(r, all)
} if {
	all := {unindexed(r) | some r in refs}
}

covered(r, all) if {
	some other in all
	startswith(other, sprintf("%s.", [r]))
}

# --- Which references are secret ----------------------------------------

# sensitive_reference(module, ref) returns the full address of the
# attribute ref refers to in module when the attribute is sensitive.
sensitive_reference(module, ref) := full if {
	[resource, attr] := split_reference(ref)
	full := qualified(module, ref)
	sensitive_attribute(qualified(module, resource), resource, attr)
}

qualified(module, ref) := ref if {
	module == ""
} else := sprintf("%s.%s", [module, ref])

# split_reference splits "cardpay_webhook.w.secret" into
# ["cardpay_webhook.w", ["secret"]], and likewise for data sources.
split_reference(ref) := [concat(".", array.slice(parts, 0, 3)), array.slice(parts, 3, count(parts))] if {
	parts := split(ref, ".")
	parts[0] == "data"
} else := [concat(".", array.slice(parts, 0, 2)), array.slice(parts, 2, count(parts))] if {
	parts := split(ref, ".")
	count(parts) >= 2
}

resource_type(resource) := parts[1] if {
	parts := split(resource, ".")
	parts[0] == "data"
} else := split(resource, ".")[0]

# By the provider's schema.
sensitive_attribute(_, resource, attr) if {
	some s in lib.sensitive_attributes[resource_type(resource)]
	overlaps(split(s, "."), attr)
}

# By the plan's marks, for any provider's resources.
sensitive_attribute(address, _, attr) if {
	some rc in input.resource_changes
	unindexed(rc.address) == address
	some marks in [rc.change.after_sensitive, rc.change.before_sensitive]
	walk(marks, [path, true])
	overlaps([p | some p in path; is_string(p)], attr)
}

# overlaps(a, b): one attribute path lies within the other, such as
# ["fast_track", "iban"] and ["fast_track"] (the whole object holds the
# secret) or [] (the whole resource).
overlaps(a, b) if array.slice(a, 0, count(b)) == b

overlaps(a, b) if array.slice(b, 0, count(a)) == a

# --- Secret values ---------------------------------------------------------

# secrets are the values of sensitive attributes in the prior state and
# the planned values, with the attribute's address.
secrets contains {"address": address, "value": leaf} if {
	some doc in [object.get(input, ["prior_state", "values"], {}), object.get(input, "planned_values", {})]
	walk(doc, [_, res])
	is_object(res)
	is_string(res.address)
	walk(res.sensitive_values, [path, true])
	walk(res.values, [path, value])
	walk(value, [_, leaf])
	is_string(leaf)
	count(leaf) >= min_secret_length
	address := concat(".", array.concat([res.address], [sprintf("%v", [p]) | some p in path]))
}
