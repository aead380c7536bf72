#!/usr/bin/env bash
# Runs every test: type check, build, unit + contract tests (Vitest; with device data in Debian's Firefox ESR),
# end-to-end tests (Playwright in Debian's Chromium; both browsers installed through apt when missing),
# `npm audit --omit=dev` of the runtime dependencies, then prints the bundle sizes and one closing line
# "tests: N passed, N failed". Exits non-zero when anything failed.
set -uo pipefail
cd "$(dirname "$0")/.."

# Browsers from Debian, installed through apt when missing: Chromium (Playwright's e2e suites) and Firefox ESR
# (test/firefox.test.ts: the device data in Gecko).
missing=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
[ -x "${FIREFOX_PATH:-/usr/bin/firefox-esr}" ] || missing+=(firefox-esr)
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing Debian's ${missing[*]} (apt-get)"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null || {
    echo "could not install ${missing[*]}"; exit 1; }
fi

mkdir -p .reports
rm -f .reports/vitest.json .reports/playwright.json .reports/audit.json
status=0
echo "== typecheck"; npx tsc -p tsconfig.json --noEmit || status=1
echo "== build"; npm run -s build || { echo "build failed"; exit 1; }
echo "== vitest (unit, contract)"
npx vitest run --reporter=default --reporter=json --outputFile=.reports/vitest.json || status=1
echo "== playwright (e2e, Debian chromium)"
npx playwright test || status=1
echo "== npm audit --omit=dev (runtime dependencies)"; node scripts/audit.mjs
echo "== bundle sizes"; node scripts/size.mjs || status=1
node scripts/summary.mjs || status=1
exit $status
