#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on a free loopback port, for the tests and benchmarks: made
# anew in FOLDER, trusting loopback connections, without fsync (nothing in it outlives the run).
# Run as root, the server runs as the `postgres` user that Debian's package makes.
#   scripts/postgres.sh start FOLDER   prints the maintenance database's address,
#                                      postgres://photolala@127.0.0.1:PORT/postgres
#   scripts/postgres.sh stop FOLDER    stops the server and removes FOLDER
set -euo pipefail
command="${1:-}"; folder="${2:-}"
[[ -n "$command" && -n "$folder" ]] || { sed -n '2,8s/^# \{0,1\}//p' "$0" >&2; exit 2; }
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
[[ -x "$bin/pg_ctl" ]] || { echo "postgres: no PostgreSQL server (install Debian's postgresql package)" >&2; exit 1; }
as_owner() { if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi; }

case "$command" in
  start)
    rm -rf "$folder"; mkdir -p "$folder"
    [[ $(id -u) -eq 0 ]] && chown postgres "$folder"
    port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
    as_owner "$bin/initdb" -D "$folder/data" -U photolala --auth=trust --encoding=UTF8 --locale=C.UTF-8 > "$folder/initdb.log" 2>&1 \
      || { cat "$folder/initdb.log" >&2; exit 1; }
    as_owner "$bin/pg_ctl" -D "$folder/data" -l "$folder/server.log" -w -t 120 start \
      -o "-p $port -k $folder -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=1000" \
      > /dev/null || { cat "$folder/server.log" >&2; exit 1; }
    echo "postgres://photolala@127.0.0.1:$port/postgres"
    ;;
  stop)
    [[ -d "$folder/data" ]] && as_owner "$bin/pg_ctl" -D "$folder/data" -m immediate stop > /dev/null 2>&1 || true
    rm -rf "$folder"
    ;;
  *) echo "postgres: unknown command $command (expected start or stop)" >&2; exit 2 ;;
esac
