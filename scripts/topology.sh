#!/usr/bin/env bash
# Piquet Academy as N replicas behind a sticky proxy, on one machine, without containers:
# Debian's haproxy (deploy/haproxy.cfg) in front of N Streamlit replicas of app.py on free
# 127.0.0.1 ports, all on one throw-away PostgreSQL (scripts/postgres.sh). compose.yaml and
# the Dockerfile describe the same topology for deployment (the same haproxy.cfg, the same
# Streamlit options, the same deploy/entrypoint.sh): keep them in step
# (tests/test_topology.py compares them).
#
#   bash scripts/topology.sh install   install Debian's haproxy (and postgresql) if missing
#                                      (apt-get as root, else through `sudo -n`; elsewhere it
#                                      says how, and fails under CI=true)
#   bash scripts/topology.sh start N   start PostgreSQL, N replicas (1-8) and haproxy; wait
#                                      until every replica answers /_stcore/health and the
#                                      proxy sees them all up; print the proxy's URL on the
#                                      last line
#   bash scripts/topology.sh status    what runs (pids, ports, haproxy's view of each replica)
#   bash scripts/topology.sh stop      stop all of it and remove the state folder
#   bash scripts/topology.sh freeze    SIGSTOP the PostgreSQL server (a database that hangs:
#                                      it answers nothing, refuses nothing; for fault tests)
#   bash scripts/topology.sh thaw      SIGCONT it: the server carries on where it stopped
#
# The state folder: $PIQUET_TOPOLOGY_DIR, default ${TMPDIR:-/tmp}/piquet-topology. It holds
# the pids (rK.pid, haproxy.pid), the ports, the logs (rK.log, haproxy.log: the proxy's log
# records paths, never query strings), the PostgreSQL cluster (pg/) and the cookie secret
# (cookie_secret: made once, mode 600, never printed; every replica reads it through
# deploy/entrypoint.sh, never from its command line).
#
# Each replica: `python -m streamlit run app.py` with the options below, the environment
# PIQUET_DATABASE_URL (the cluster's, from a file), FORWARDED_ALLOW_IPS=127.0.0.1 (uvicorn
# takes the client's address from the proxy's X-Forwarded-For, and from no other peer's),
# PIQUET_REPLICA=rK. $PIQUET_PYTHON is the interpreter (default: .venv's,
# else python3); $PIQUET_PROXY_PORT the proxy's port (default: a free one).
#
# Exit codes: 0 ok; 1 anything else; status: 3 when nothing runs.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
STATE=${PIQUET_TOPOLOGY_DIR:-${TMPDIR:-/tmp}/piquet-topology}
CONFIG="$ROOT/deploy/haproxy.cfg"
ENTRYPOINT="$ROOT/deploy/entrypoint.sh"
MARK=.piquet-topology  # only a folder holding this file is ever removed
MAX_REPLICAS=8  # deploy/haproxy.cfg names r1 … r8

# The replicas' Streamlit options, as in the Dockerfile's CMD (tests/test_topology.py checks
# that they are the same); the address and the port are added per replica.
STREAMLIT_OPTIONS=(
    --server.headless=true
    --browser.gatherUsageStats=false
    --server.fileWatcherType=none
)

say() { echo "topology.sh: $*"; }
die() { echo "topology.sh: $*" >&2; exit 1; }

python_bin() {
    if [[ -n "${PIQUET_PYTHON:-}" ]]; then
        echo "$PIQUET_PYTHON"
    elif [[ -x "$ROOT/.venv/bin/python" ]]; then
        echo "$ROOT/.venv/bin/python"
    else
        command -v python3
    fi
}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# ----------------------------------------------------------------------------- install

haproxy_bin() {
    local found
    found=$(command -v haproxy 2>/dev/null) || found=""
    [[ -z "$found" && -x /usr/sbin/haproxy ]] && found=/usr/sbin/haproxy
    [[ -n "$found" ]] || return 1
    echo "$found"
}

cmd_install() {
    if haproxy_bin >/dev/null; then
        say "haproxy already installed ($("$(haproxy_bin)" -v | head -n 1))"
    else
        local sudo=()
        if [[ "$(id -u)" -ne 0 ]]; then
            if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
                sudo=(sudo -n)
            else
                sudo=(none)
            fi
        fi
        if [[ "${sudo[*]}" != none ]] && command -v apt-get >/dev/null 2>&1; then
            say "installing Debian's haproxy with apt-get"
            "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
            "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
                apt-get install -y -qq --no-install-recommends haproxy >/dev/null
            haproxy_bin >/dev/null || die "apt-get finished but haproxy is still missing"
            say "installed $("$(haproxy_bin)" -v | head -n 1)"
        else
            echo "topology.sh: haproxy not found and it cannot be installed automatically" \
                 "(needs root or passwordless sudo, and apt-get): sudo apt-get install -y haproxy." \
                 "Without it tests/test_topology.py is skipped (it fails when CI=true)." >&2
            [[ "${CI:-}" == "true" ]] && exit 1
            return 0
        fi
    fi
    bash "$ROOT/scripts/postgres.sh" install
}

# ----------------------------------------------------------------------------- processes

# alive PIDFILE WORD: the pid in PIDFILE runs and its command line holds WORD (a pid reused
# by another program is not ours)
alive() {
    local pid
    [[ -f "$1" ]] || return 1
    pid=$(cat "$1")
    [[ "$pid" =~ ^[0-9]+$ ]] || return 1
    [[ -r "/proc/$pid/cmdline" ]] || return 1
    tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q -- "$2"
}

# halt PIDFILE WORD: TERM, up to 10 s, then KILL; the pid file removed
halt() {
    local pid i
    if alive "$1" "$2"; then
        pid=$(cat "$1")
        kill -TERM "$pid" 2>/dev/null || true
        for ((i = 0; i < 100; i++)); do
            alive "$1" "$2" || break
            sleep 0.1
        done
        if alive "$1" "$2"; then
            kill -KILL "$pid" 2>/dev/null || true
        fi
    fi
    rm -f "$1"
}

# wait_health URL SECONDS [PIDFILE]: until URL/_stcore/health answers "ok"
wait_health() {
    local url=$1 seconds=$2 pidfile=${3:-}
    python3 - "$url" "$seconds" "$pidfile" <<'PY'
import os, sys, time, urllib.request
url, seconds, pidfile = sys.argv[1], float(sys.argv[2]), sys.argv[3]
deadline = time.monotonic() + seconds
while time.monotonic() < deadline:
    if pidfile:
        try:
            os.kill(int(open(pidfile).read()), 0)
        except (OSError, ValueError):
            sys.exit(f"the process of {pidfile} is gone")
    try:
        with urllib.request.urlopen(url + "/_stcore/health", timeout=2) as r:
            if r.read().strip() == b"ok":
                sys.exit(0)
    except OSError:
        pass
    time.sleep(0.25)
sys.exit(f"{url} did not answer /_stcore/health within {seconds:.0f} s")
PY
}

# stats: haproxy's `show stat` (CSV) through its socket, or nothing
stats() {
    [[ -S "$STATE/haproxy.sock" ]] || return 0
    python3 - "$STATE/haproxy.sock" <<'PY'
import socket, sys
with socket.socket(socket.AF_UNIX) as s:
    s.settimeout(2)
    s.connect(sys.argv[1])
    s.sendall(b"show stat\n")
    data = b""
    while chunk := s.recv(65536):
        data += chunk
print(data.decode(errors="replace"), end="")
PY
}

# wait_servers N SECONDS: until haproxy's checks see the N replicas up
wait_servers() {
    local n=$1 seconds=$2 i up
    for ((i = 0; i < seconds * 4; i++)); do
        up=$(stats | awk -F, '$1 == "replicas" && $2 ~ /^r[0-9]+$/ && $18 == "UP"' | wc -l)
        ((up >= n)) && return 0
        sleep 0.25
    done
    return 1
}

tail_log() {
    [[ -f "$1" ]] || return 0
    echo "--- last lines of $1:" >&2
    tail -n 25 "$1" >&2
}

# ----------------------------------------------------------------------------- start

start_replica() {
    local k=$1 py=$2 port
    port=$(free_port)
    echo "$port" >"$STATE/r$k.port"
    (
        cd "$ROOT"
        export STREAMLIT_SERVER_COOKIE_SECRET_FILE="$STATE/cookie_secret"
        export PIQUET_DATABASE_URL_FILE="$STATE/database_url"
        unset STREAMLIT_SERVER_COOKIE_SECRET PIQUET_DATABASE_URL
        # uvicorn applies X-Forwarded-For from the proxy's address only (haproxy connects
        # from 127.0.0.1; the replicas listen on 127.0.0.1 alone): docs/security.md
        export FORWARDED_ALLOW_IPS=127.0.0.1 PIQUET_REPLICA="r$k"
        # its own session: a signal to the caller's process group does not reach it
        exec setsid "$ENTRYPOINT" "$py" -m streamlit run app.py "${STREAMLIT_OPTIONS[@]}" \
            --server.address=127.0.0.1 --server.port="$port" \
            >"$STATE/r$k.log" 2>&1 </dev/null
    ) &
    echo $! >"$STATE/r$k.pid"
}

cmd_start() {
    local n=${1:-}
    [[ "$n" =~ ^[0-9]+$ ]] && ((n >= 1 && n <= MAX_REPLICAS)) \
        || die "usage: topology.sh start N (N replicas, 1-$MAX_REPLICAS)"
    if [[ -f "$STATE/$MARK" ]]; then
        local f
        for f in "$STATE/haproxy.pid" "$STATE"/r*.pid; do
            if alive "$f" haproxy || alive "$f" streamlit; then
                die "a topology already runs in $STATE (topology.sh status; topology.sh stop)"
            fi
        done
        cmd_stop >/dev/null  # the remains of one that died
    elif [[ -d "$STATE" && -n "$(ls -A "$STATE")" ]]; then
        die "$STATE exists and is not a topology's state folder (stop would remove it)"
    fi
    cmd_install >/dev/null
    haproxy_bin >/dev/null || die "haproxy is not installed (bash scripts/topology.sh install)"
    local py haproxy
    py=$(python_bin)
    haproxy=$(haproxy_bin)
    "$py" -c 'import streamlit' 2>/dev/null \
        || die "$py has no streamlit (make run, or set PIQUET_PYTHON)"

    umask 077  # the secrets, the logs, the pids: this user's alone
    mkdir -p "$STATE"
    STATE=$(cd "$STATE" && pwd)
    chmod 711 "$STATE"  # others may pass through (the cluster's owner, as root), not list
    touch "$STATE/$MARK"
    trap 'echo "topology.sh: start failed; stopping what it started" >&2; cmd_stop >/dev/null 2>&1 || true' ERR
    if [[ ! -s "$STATE/cookie_secret" ]]; then
        (umask 077 && python3 -c 'import secrets; print(secrets.token_urlsafe(48))' \
            >"$STATE/cookie_secret")
    fi

    local url
    url=$(bash "$ROOT/scripts/postgres.sh" start "$STATE/pg" | tail -n 1) \
        || { echo "topology.sh: scripts/postgres.sh start failed" >&2; false; }
    (umask 077 && printf '%s\n' "$url" >"$STATE/database_url")
    say "PostgreSQL on 127.0.0.1:$(cat "$STATE/pg/port") ($STATE/pg)"

    local k
    for ((k = 1; k <= n; k++)); do
        start_replica "$k" "$py"
    done
    for ((k = 1; k <= n; k++)); do
        if ! wait_health "http://127.0.0.1:$(cat "$STATE/r$k.port")" 180 "$STATE/r$k.pid"; then
            tail_log "$STATE/r$k.log"
            false
        fi
        say "replica r$k on 127.0.0.1:$(cat "$STATE/r$k.port") (pid $(cat "$STATE/r$k.pid"))"
    done

    local port=${PIQUET_PROXY_PORT:-}
    [[ -n "$port" ]] || port=$(free_port)
    echo "$port" >"$STATE/haproxy.port"
    local servers=()
    for ((k = 1; k <= n; k++)); do
        servers+=("PIQUET_R$k=127.0.0.1:$(cat "$STATE/r$k.port")")
    done
    local proxy_env=(PIQUET_PROXY_BIND="127.0.0.1:$port" PIQUET_STATS_SOCKET="$STATE/haproxy.sock"
                     "${servers[@]}")
    if ! env "${proxy_env[@]}" "$haproxy" -c -q -f "$CONFIG" >"$STATE/haproxy.log" 2>&1; then
        tail_log "$STATE/haproxy.log"
        false
    fi
    (
        exec env "${proxy_env[@]}" setsid "$haproxy" -db -f "$CONFIG" \
            >>"$STATE/haproxy.log" 2>&1 </dev/null
    ) &
    echo $! >"$STATE/haproxy.pid"
    if ! wait_health "http://127.0.0.1:$port" 30 "$STATE/haproxy.pid" || ! wait_servers "$n" 30; then
        tail_log "$STATE/haproxy.log"
        false
    fi
    trap - ERR
    say "haproxy on 127.0.0.1:$port (pid $(cat "$STATE/haproxy.pid")), $n replicas up"
    echo "http://127.0.0.1:$port" | tee "$STATE/url"
}

# ----------------------------------------------------------------------------- stop, status

cmd_stop() {
    if [[ ! -d "$STATE" ]]; then
        say "nothing runs ($STATE does not exist)"
        return 0
    fi
    [[ -f "$STATE/$MARK" ]] || die "$STATE is not a topology's state folder: left alone"
    halt "$STATE/haproxy.pid" haproxy
    local f
    for f in "$STATE"/r*.pid; do
        [[ -e "$f" ]] || continue
        halt "$f" streamlit
    done
    if [[ -d "$STATE/pg" ]]; then
        bash "$ROOT/scripts/postgres.sh" stop "$STATE/pg"
    fi
    rm -rf "$STATE"
    say "stopped; $STATE removed"
}

cmd_status() {
    if [[ ! -f "$STATE/$MARK" ]]; then
        say "nothing runs ($STATE)"
        exit 3
    fi
    local running=0 missing=0 f name
    if alive "$STATE/haproxy.pid" haproxy; then
        say "haproxy  pid $(cat "$STATE/haproxy.pid")  $(cat "$STATE/url" 2>/dev/null || echo starting)"
        running=$((running + 1))
    else
        say "haproxy  not running"
        missing=$((missing + 1))
    fi
    for f in "$STATE"/r*.pid; do
        [[ -e "$f" ]] || continue
        name=$(basename "$f" .pid)
        if alive "$f" streamlit; then
            say "$name       pid $(cat "$f")  127.0.0.1:$(cat "$STATE/$name.port")"
            running=$((running + 1))
        else
            say "$name       not running (pid $(cat "$f") gone)"
            missing=$((missing + 1))
        fi
    done
    if [[ -f "$STATE/pg/data/postmaster.pid" ]]; then
        say "postgres pid $(head -n 1 "$STATE/pg/data/postmaster.pid")  127.0.0.1:$(cat "$STATE/pg/port")"
        running=$((running + 1))
    else
        say "postgres not running"
        missing=$((missing + 1))
    fi
    local view
    view=$(stats 2>/dev/null | awk -F, '$1 == "replicas" && $2 ~ /^r[0-9]+$/ {printf " %s=%s", $2, $18}') || view=""
    [[ -n "$view" ]] && say "haproxy sees:$view"
    ((running > 0)) || exit 3
    ((missing == 0)) || exit 1
}

cmd_database_signal() {
    [[ -f "$STATE/$MARK" && -d "$STATE/pg" ]] || die "no topology's database in $STATE"
    bash "$ROOT/scripts/postgres.sh" "$1" "$STATE/pg"
    if [[ $1 == freeze ]]; then say "PostgreSQL stopped (SIGSTOP): it hangs"; else say "PostgreSQL resumed (SIGCONT)"; fi
}

case "${1:-}" in
    install) cmd_install ;;
    start) cmd_start "${2:-}" ;;
    stop) cmd_stop ;;
    status) cmd_status ;;
    freeze | thaw) cmd_database_signal "$1" ;;
    *) echo "usage: bash scripts/topology.sh install | start N | status | stop | freeze | thaw" >&2; exit 1 ;;
esac
