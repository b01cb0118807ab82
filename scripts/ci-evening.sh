#!/usr/bin/env bash
# The whole CI (.ci/run) on a clock set to a UTC evening (16:00-24:00, when Singapore is already on
# the next day and dates formatted in the wrong zone show): `bash scripts/ci-evening.sh [HOUR]`.
# Everything that keeps time runs on the shifted clock through Debian's libfaketime: Node (the
# tests, the server, PGlite inside it) and a PostgreSQL started for the run on port 5433, so the
# application and its database agree on the time as they do in production. Chromium keeps the
# machine's clock (e2e/support/browser.ts says why). Needs root (PostgreSQL runs as postgres).
set -euo pipefail
cd "$(dirname "$0")/.."
hour="${1:-17}"
command -v faketime >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq faketime >/dev/null; }
now_h=$((10#$(date -u +%H))); now_m=$((10#$(date -u +%M)))
shift_min=$(( ((hour * 60 - now_h * 60 - now_m) % 1440 + 1440) % 1440 ))
offset="+${shift_min}m"
echo "== clock shifted by $offset: $(faketime -f "$offset" date -u '+%F %H:%M UTC') =="

pg_bin="/usr/lib/postgresql/$(ls /usr/lib/postgresql | sort -V | tail -1)/bin"
pg_dir="$(mktemp -d /tmp/lbs-pg-evening.XXXXXX)"
chown postgres "$pg_dir"
su postgres -c "faketime -f '$offset' $pg_bin/initdb -D $pg_dir/data -A trust -U postgres >/dev/null"
trap 'su postgres -c "$pg_bin/pg_ctl -D $pg_dir/data -m fast stop" >/dev/null 2>&1 || true; rm -rf "$pg_dir"' EXIT
# In the background: the faketime wrapper stays until the server it started ends, and pg_ctl's own
# wait never ends under libfaketime; pg_isready (on the real clock) asks instead.
su postgres -c "faketime -f '$offset' $pg_bin/pg_ctl -D $pg_dir/data -o '-p 5433 -k $pg_dir' -l $pg_dir/log -W start </dev/null >/dev/null 2>&1 &"
for _ in $(seq 1 60); do pg_isready -q -h 127.0.0.1 -p 5433 && break; sleep 1; done
echo "== PostgreSQL on 127.0.0.1:5433 says: $(psql postgres://postgres@127.0.0.1:5433/postgres -qAtc "select now() at time zone 'UTC'") =="

CI_PG_BASE="postgres://postgres@127.0.0.1:5433" faketime -f "$offset" bash .ci/run
