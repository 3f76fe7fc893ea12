#!/bin/sh
# How the workerd runner (workerd-runtime.ts) has miniflare start workerd (MINIFLARE_WORKERD_PATH): it says its process
# id first (miniflare does not tell), then becomes workerd, which the kernel kills when the harness dies, even by
# SIGKILL (a parent-death signal), so that no function outlives the harness. HARNESS_WORKERD is the binary to run.
echo "{\"harnessWorkerdPid\":$$}" >&2
if command -v setpriv >/dev/null 2>&1; then
  exec setpriv --pdeathsig KILL -- "$HARNESS_WORKERD" "$@"
fi
exec "$HARNESS_WORKERD" "$@"
