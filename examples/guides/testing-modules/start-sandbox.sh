# Source this file (. ./start-sandbox.sh) in the shell that runs the tests:
# it starts the cardpay-sandbox on a free port, exports its address and the
# demo credentials, and stops the sandbox when that shell exits.
sandbox_log=$(mktemp)
"$HOME/cardpay-dev/cardpay-sandbox" -addr 127.0.0.1:0 -quiet -auto-advance 1s >"$sandbox_log" 2>&1 &
sandbox_pid=$!
trap 'kill "$sandbox_pid"' EXIT

base_url=""
for _ in $(seq 1 100); do
  base_url=$(sed -n 's/^CARDPAY_BASE_URL=//p' "$sandbox_log" | head -n 1)
  [ -n "$base_url" ] && break
  kill -0 "$sandbox_pid" 2>/dev/null || { cat "$sandbox_log"; return 1; }
  sleep 0.1
done
[ -n "$base_url" ] || { echo "cardpay-sandbox did not start" >&2; return 1; }

export CARDPAY_BASE_URL="$base_url"
export CARDPAY_PARTNER_CLIENT_ID=demo-partner
export CARDPAY_PARTNER_CLIENT_SECRET=demo-partner-secret
