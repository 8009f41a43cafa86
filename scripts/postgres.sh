#!/usr/bin/env bash
# A throw-away PostgreSQL for the store's tests (tests/store_fixtures.py), from Debian's
# `postgresql` package.
#
#   bash scripts/postgres.sh install     install Debian's postgresql if missing (apt-get, quiet;
#                                        only as root: elsewhere it says how, and fails under
#                                        CI=true)
#   bash scripts/postgres.sh start DIR   start a cluster in DIR (created with initdb on the
#                                        first start, on a free 127.0.0.1 port; a later start
#                                        of the same DIR restarts it on the same port, data kept)
#                                        and print its SQLAlchemy URL on the last line
#   bash scripts/postgres.sh halt DIR    stop the server, keep DIR (an outage; start it again)
#   bash scripts/postgres.sh stop DIR    stop the server and remove DIR
#   bash scripts/postgres.sh freeze DIR  SIGSTOP the server and every process of it (a server
#                                        that hangs: it answers nothing, refuses nothing)
#   bash scripts/postgres.sh thaw DIR    SIGCONT them: the server carries on where it stopped
#   bash scripts/postgres.sh url DIR     print the URL of the cluster in DIR
#
# Exit codes: 0 ok, 2 PostgreSQL is not installed, 1 anything else. initdb refuses to run as
# root, so as root the server runs as the `postgres` user (runuser -u postgres).
set -euo pipefail

die() { echo "postgres.sh: $*" >&2; exit 1; }

bindir() {
    local dir
    for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
        if [[ -x "$dir/initdb" && -x "$dir/pg_ctl" ]]; then
            echo "$dir"
            return 0
        fi
    done
    if command -v pg_ctl >/dev/null 2>&1 && command -v initdb >/dev/null 2>&1; then
        dirname "$(command -v pg_ctl)"
        return 0
    fi
    return 1
}

as_owner() {  # run a command as the cluster's owner
    if [[ "$(id -u)" -eq 0 ]]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

cmd_install() {
    if bindir >/dev/null; then
        echo "postgres.sh: PostgreSQL already installed ($(bindir))"
        return 0
    fi
    if [[ "$(id -u)" -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
        echo "postgres.sh: installing Debian's postgresql with apt-get"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends postgresql >/dev/null
        bindir >/dev/null || die "apt-get finished but initdb/pg_ctl are still missing"
        echo "postgres.sh: installed $("$(bindir)/pg_ctl" --version)"
        return 0
    fi
    echo "postgres.sh: PostgreSQL not found and it cannot be installed automatically" \
         "(needs root and apt-get): sudo apt-get install -y postgresql." \
         "Without it the PostgreSQL variant of the store tests is skipped (it fails when CI=true)." >&2
    if [[ "${CI:-}" == "true" ]]; then
        exit 1
    fi
}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

cmd_url() {
    local dir=$1
    [[ -f "$dir/url" ]] || die "no cluster in $dir"
    cat "$dir/url"
}

cmd_start() {
    local dir=${1:-}
    [[ -n "$dir" ]] || dir=$(mktemp -d "${TMPDIR:-/tmp}/piquet-pg.XXXXXX")
    local bin
    bin=$(bindir) || { echo "postgres.sh: PostgreSQL is not installed (bash scripts/postgres.sh install)" >&2; exit 2; }
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    if [[ "$(id -u)" -eq 0 ]]; then
        chown postgres: "$dir"
        chmod 700 "$dir"
    fi
    if [[ ! -f "$dir/data/PG_VERSION" ]]; then
        local port password
        port=$(free_port)
        password=$(python3 -c 'import secrets; print(secrets.token_hex(16))')
        as_owner bash -c "umask 077 && printf '%s\n' '$password' > '$dir/pwfile'"
        as_owner "$bin/initdb" --pgdata="$dir/data" --username=piquet --pwfile="$dir/pwfile" \
            --auth=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
            || { cat "$dir/initdb.log" >&2; die "initdb failed"; }
        as_owner rm -f "$dir/pwfile"
        as_owner bash -c "cat >> '$dir/data/postgresql.conf'" <<CONF
# throw-away test cluster (scripts/postgres.sh)
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$dir'
fsync = off
synchronous_commit = off
full_page_writes = off
max_connections = 40
shared_buffers = 32MB
CONF
        echo "$port" > "$dir/port"
        echo "postgresql+psycopg://piquet:$password@127.0.0.1:$port/piquet" > "$dir/url"
        chmod 600 "$dir/url"
        as_owner "$bin/pg_ctl" --pgdata="$dir/data" --log="$dir/server.log" --wait \
            --timeout=60 start >/dev/null || { cat "$dir/server.log" >&2; die "server did not start"; }
        PGPASSWORD=$password as_owner "$bin/createdb" --host=127.0.0.1 --port="$port" \
            --username=piquet piquet || die "createdb failed"
    else
        as_owner "$bin/pg_ctl" --pgdata="$dir/data" --log="$dir/server.log" --wait \
            --timeout=60 start >/dev/null || { tail -20 "$dir/server.log" >&2; die "server did not start"; }
    fi
    cmd_url "$dir"
}

cmd_halt() {
    local dir=${1:?usage: postgres.sh halt DIR}
    local bin
    bin=$(bindir) || exit 2
    if [[ -f "$dir/data/postmaster.pid" ]]; then
        as_owner "$bin/pg_ctl" --pgdata="$dir/data" --mode=fast --wait --timeout=60 stop >/dev/null
    fi
}

cmd_stop() {
    local dir=${1:?usage: postgres.sh stop DIR}
    [[ -d "$dir" ]] || return 0
    if bindir >/dev/null && [[ -f "$dir/data/postmaster.pid" ]]; then
        as_owner "$(bindir)/pg_ctl" --pgdata="$dir/data" --mode=immediate --wait --timeout=60 \
            stop >/dev/null || true
    fi
    rm -rf "$dir"
}

cluster_pids() {
    local dir=$1 main
    [[ -f "$dir/data/postmaster.pid" ]] || die "no running cluster in $dir"
    main=$(head -n 1 "$dir/data/postmaster.pid")
    echo "$main"
    pgrep -P "$main" || true
}

cmd_signal() {
    local signal=$1 dir=${2:?usage: postgres.sh freeze|thaw DIR}
    # shellcheck disable=SC2046 # one word a pid
    kill "-$signal" $(cluster_pids "$dir")
}

case "${1:-}" in
    install) cmd_install ;;
    start) cmd_start "${2:-}" ;;
    halt) cmd_halt "${2:-}" ;;
    stop) cmd_stop "${2:-}" ;;
    url) cmd_url "${2:?usage: postgres.sh url DIR}" ;;
    freeze) cmd_signal STOP "${2:-}" ;;
    thaw) cmd_signal CONT "${2:-}" ;;
    *) echo "usage: bash scripts/postgres.sh install|start [DIR]|halt DIR|stop DIR|url DIR|freeze DIR|thaw DIR" >&2; exit 1 ;;
esac
