#!/bin/sh
# test-deps: make sure the Debian tools the test suite runs are installed; as root with apt-get, install the missing.
#
# npm has no package that ships these binaries (the `shellcheck` package downloads at install time, which fails
# offline), so they come from Debian. Nothing is skipped when a tool is missing: the suite stops here, naming it.
# Add a tool: one "command:package" pair below.

# redis-server: the shared-state tests start a real one; chromium: the review page's browser test.
TOOLS='shellcheck:shellcheck dash:dash curl:curl systemd-analyze:systemd promtool:prometheus xmllint:libxml2-utils redis-server:redis-server chromium:chromium caddy:caddy'

say() {
    printf 'test-deps: %s\n' "$1" >&2
}

missing_packages() {
    _pkgs=''
    for _pair in $TOOLS; do
        command -v "${_pair%%:*}" >/dev/null 2>&1 || _pkgs="$_pkgs ${_pair#*:}"
    done
    printf '%s' "${_pkgs# }"
}

# Factory Droid's CLI, for its end-to-end test: @factory/cli pins platform packages that were never published, so npm ci
# cannot hold it in package.json; its Linux x64 binary is installed beside the project (.agent-clis/, git-ignored).
DROID_PKG='@factory/cli-linux-x64@0.225.2'
DROID_BIN='.agent-clis/node_modules/@factory/cli-linux-x64/bin/droid'

droid_cli() {
    [ -x "$DROID_BIN" ] && return 0
    say "installing the Droid CLI for its end-to-end test ($DROID_PKG into .agent-clis/)"
    if ! npm install --prefix .agent-clis --no-save --no-package-lock --no-audit --no-fund "$DROID_PKG" >/dev/null; then
        say "npm could not install $DROID_PKG (it runs on Linux x64 only)"
        exit 1
    fi
}

main() {
    cd "$(dirname "$0")/.." || exit 1
    droid_cli
    _missing=$(missing_packages)
    [ -z "$_missing" ] && exit 0
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        say "installing $_missing (apt-get)"
        # Another process may hold the dpkg lock for a while: apt waits for it rather than failing.
        _apt='apt-get -o DPkg::Lock::Timeout=300 -qq'
        # shellcheck disable=SC2086 # $_apt and $_missing are word lists, split on purpose
        if ! DEBIAN_FRONTEND=noninteractive $_apt update || ! DEBIAN_FRONTEND=noninteractive $_apt install -y --no-install-recommends $_missing >/dev/null; then
            say "apt-get failed; install by hand: apt-get install $_missing"
            exit 1
        fi
        _missing=$(missing_packages)
        [ -z "$_missing" ] && exit 0
        say "still missing after apt-get: $_missing"
        exit 1
    fi
    say "the tests need tools that are not installed: $_missing"
    say "install them with: sudo apt-get install -y --no-install-recommends $_missing"
    exit 1
}

main "$@"
