#!/bin/sh
# The replicas' entry point, in the container (Dockerfile's ENTRYPOINT) and on one machine
# (scripts/topology.sh): secrets read from files into the variables the app reads, then the
# command (`python -m streamlit run app.py ...`) in this process's place.
#
#   STREAMLIT_SERVER_COOKIE_SECRET_FILE  a file holding Streamlit's server.cookieSecret, the
#                                        same for every replica (default: the compose secret
#                                        /run/secrets/piquet_cookie_secret, when present)
#   PIQUET_DATABASE_URL_FILE             a file holding the app's PIQUET_DATABASE_URL
#                                        (default: /run/secrets/piquet_database_url)
#
# A variable already set wins over its file. Nothing here is printed.
set -eu

read_secret() {  # read_secret VAR FILE: VAR from FILE's first line, unless VAR is set
    eval "current=\${$1:-}"
    if [ -z "$current" ] && [ -n "$2" ] && [ -r "$2" ]; then
        value=$(head -n 1 "$2" | tr -d '\r\n')
        export "$1=$value"
    fi
}

read_secret STREAMLIT_SERVER_COOKIE_SECRET \
    "${STREAMLIT_SERVER_COOKIE_SECRET_FILE:-/run/secrets/piquet_cookie_secret}"
read_secret PIQUET_DATABASE_URL "${PIQUET_DATABASE_URL_FILE:-/run/secrets/piquet_database_url}"
unset STREAMLIT_SERVER_COOKIE_SECRET_FILE PIQUET_DATABASE_URL_FILE

exec "$@"
