#!/usr/bin/env bash
# Black-box scan of the built app with Debian's wapiti and sqlmap: the production
# server on a throwaway DATA_DIR with the demo content, scanned once as an anonymous visitor and
# once signed in as an admin. Not part of `npm test` (it takes 10–30 minutes); run it before a
# release and keep the summary it prints.
#
#   apt-get install wapiti sqlmap      # once
#   scripts/security-scan.sh           # SCAN_MINUTES=5 for a quicker pass
#
# Output: .tmp/security-scan/{wapiti-anonymous,wapiti-admin}.json, sqlmap/, summary.txt.
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in wapiti sqlmap curl; do
  command -v "$tool" >/dev/null || { echo "security-scan: $tool is missing (apt-get install $tool)"; exit 1; }
done

PORT=${SCAN_PORT:-3600}
BASE="http://127.0.0.1:${PORT}"
MINUTES=${SCAN_MINUTES:-10}
OUT=.tmp/security-scan
export BUILD_DIR=${BUILD_DIR:-.tmp/build-scan}
DATA_DIR=$(mktemp -d /tmp/lernhaus-scan-XXXXXX)
chmod 755 "$DATA_DIR"
rm -rf "$OUT" && mkdir -p "$OUT/sqlmap"

echo "security-scan: building into $BUILD_DIR when needed"
node scripts/ensure-build.mjs >/dev/null

server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill -TERM "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$DATA_DIR"
}
trap cleanup EXIT

echo "security-scan: starting the server on $BASE (DATA_DIR $DATA_DIR)"
NODE_ENV=production PORT=$PORT HOST=127.0.0.1 DATA_DIR=$DATA_DIR APP_URL=$BASE \
  node "$BUILD_DIR/host/server.js" >"$OUT/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 120); do
  curl -fsS "$BASE/healthz" >/dev/null 2>&1 && break
  kill -0 "$server_pid" 2>/dev/null || { echo "security-scan: the server died"; cat "$OUT/server.log"; exit 1; }
  sleep 1
done

ADMIN_EMAIL=scan-admin@lernhaus.test
ADMIN_PASSWORD="scan-$(openssl rand -hex 12)"
DATA_DIR=$DATA_DIR node "$BUILD_DIR/host/cli.js" user create --email "$ADMIN_EMAIL" \
  --password "$ADMIN_PASSWORD" --name "Scan Admin" --role admin >/dev/null
cookie=$(curl -sS -o /dev/null -D - -X POST "$BASE/login" -H "Origin: $BASE" \
  --data-urlencode "email=$ADMIN_EMAIL" --data-urlencode "password=$ADMIN_PASSWORD" |
  tr -d '\r' | sed -n 's/^[Ss]et-[Cc]ookie: \([^;]*session_token=[^;]*\).*/\1/p' | head -n 1)
[ -n "$cookie" ] || { echo "security-scan: could not sign in as the admin"; exit 1; }

# ssrf and xxe call an outside service (not reachable here); nikto and buster guess paths.
MODULES="sql,blindsql,xss,permanentxss,exec,file,redirect,crlf,csrf,methods,htaccess,backup,http_headers,cookieflags,csp"
# Debian 12's wapiti 3.0.4 crashes on Python 3.11 as soon as an URL is excluded with -x (its
# wildcard regex puts the global flags last); run it with that one function corrected.
wapiti_fixed() {
  /usr/bin/python3 - "$@" <<'PY'
import re, sys
import wapitiCore.net.crawler as crawler
crawler.wildcard_translate = lambda pattern: re.compile(
    "(?ms)" + "".join(".*" if c == "*" else re.escape(c) for c in pattern) + r"\Z")
from wapitiCore.main.wapiti import wapiti_main
sys.argv[0] = "wapiti"
sys.exit(wapiti_main())
PY
}
scan() {
  local name=$1
  shift
  echo "security-scan: wapiti ($name, at most $MINUTES min)"
  # It also asks for brotli without being able to decode it (Debian ships no python3-brotli
  # with it): every page would look empty and nothing past "/" would be crawled.
  wapiti_fixed -u "$BASE/" -H "Accept-Encoding: gzip" --scope folder -m "$MODULES" -d 4 --max-links-per-page 40 \
    --max-scan-time $((MINUTES * 60)) --max-attack-time 120 --flush-session \
    -x "$BASE/logout" -x "$BASE/api/auth/sign-out" -x "$BASE/admin/profile" -x "$BASE/profile" \
    -f json -o "$OUT/wapiti-$name.json" "$@" >"$OUT/wapiti-$name.log" 2>&1 || true
}
scan anonymous
scan admin -H "Cookie: $cookie"

echo "security-scan: sqlmap"
course_id=$(curl -sS "$BASE/courses" | grep -o '/courses/[0-9a-f-]\{36\}' | head -n 1 | cut -d/ -f3)
sqlmap_target() {
  local name=$1
  shift
  sqlmap --batch --dbms=PostgreSQL --level 2 --risk 1 --time-sec 2 --flush-session --output-dir "$OUT/sqlmap" "$@" \
    >"$OUT/sqlmap/$name.log" 2>&1 || true
}
sqlmap_target blog-search -u "$BASE/blog?q=tiếng&category=all&page=1"
sqlmap_target course -u "$BASE/courses/${course_id}*"
sqlmap_target enrol-api -u "$BASE/api/email/enrollment" --method POST \
  --headers "Content-Type: application/json" \
  --data '{"fullName":"Nguyen Van A","phone":"0901234567","email":"a@example.com","course":"a1","schedule":"morning"}'
sqlmap_target admin-students -u "$BASE/admin/students?q=nguyen&status=all&page=1" \
  --headers "Cookie: $cookie"
sqlmap_target admin-posts -u "$BASE/admin/posts?q=tieng&page=1" --headers "Cookie: $cookie"

{
  echo "Lernhaus security scan, $(date -u +%FT%TZ), commit $(git rev-parse --short HEAD)"
  for name in anonymous admin; do
    node -e '
      const fs = require("fs");
      const file = process.argv[1];
      if (!fs.existsSync(file)) { console.log(`wapiti ${process.argv[2]}: no report`); process.exit(); }
      const report = JSON.parse(fs.readFileSync(file, "utf8"));
      const found = Object.entries(report.vulnerabilities ?? {}).filter(([, list]) => list.length);
      const anomalies = Object.entries(report.anomalies ?? {}).filter(([, list]) => list.length);
      const crawled = /found (\d+) URLs and forms/.exec(fs.readFileSync(file.replace(/json$/, "log"), "utf8"))?.[1];
      console.log(`wapiti ${process.argv[2]}: ${crawled ?? "?"} URLs and forms crawled and attacked; ` +
        `vulnerabilities: ${found.length ? found.map(([k, l]) => `${k} ×${l.length}`).join(", ") : "none"}; ` +
        `anomalies (5xx, timeouts): ${anomalies.length ? anomalies.map(([k, l]) => `${k} ×${l.length}`).join(", ") : "none"}`);
      for (const [kind, list] of [...found, ...anomalies])
        for (const item of list.slice(0, 5)) console.log(`  ${kind}: ${item.method} ${item.path} ${item.parameter ?? ""} — ${item.info}`);
    ' "$OUT/wapiti-$name.json" "$name"
  done
  for log in "$OUT"/sqlmap/*.log; do
    name=$(basename "$log" .log)
    if grep -q "is vulnerable\|sqlmap identified the following injection" "$log"; then
      echo "sqlmap $name: INJECTABLE (see $log)"
    else
      echo "sqlmap $name: no injection found ($(grep -c "testing '" "$log") techniques tried)"
    fi
  done
  echo "server log: $(grep -c ' 5[0-9][0-9] ' "$OUT/server.log" || true) responses with status 5xx"
} | tee "$OUT/summary.txt"
