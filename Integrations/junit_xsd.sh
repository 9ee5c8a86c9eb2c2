#!/usr/bin/env bash
# Prints the path of the JUnit schema check_junit.py validates with: the Jenkins xunit-plugin's
# junit-10.xsd as pytest's source distribution carries it (testing/example_scripts/, what pytest's
# own junitxml tests validate against), fetched once with pip into navrec's cache (~20-100 s: pip
# prepares the sdist's metadata), then read from there.
# Usage: xsd=$(Integrations/junit_xsd.sh) [--cached: only print it when it is cached, else exit 1]
set -euo pipefail
version=8.4.2
xsd="${XDG_CACHE_HOME:-$HOME/.cache}/navrec/pytest-$version-junit-10.xsd"
if [ "${1:-}" = --cached ] && [ ! -s "$xsd" ]; then exit 1; fi
if [ ! -s "$xsd" ]; then
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  mkdir -p "$(dirname "$xsd")"
  python3 -m pip download --quiet --disable-pip-version-check --no-deps --no-binary :all: "pytest==$version" -d "$work" >&2
  tar -xzOf "$work/pytest-$version.tar.gz" "pytest-$version/testing/example_scripts/junit-10.xsd" > "$work/junit-10.xsd"
  grep -q '<xs:schema' "$work/junit-10.xsd"
  mv "$work/junit-10.xsd" "$xsd"
fi
echo "$xsd"
