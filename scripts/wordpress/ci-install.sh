#!/usr/bin/env bash
# CI: installs what the WordPress tests (test/wordpress/) need, from Debian's
# packages, when something is missing and we are root on Debian. Sourced by
# .ci/run (one line, next to the Chromium step):
#
#   . scripts/wordpress/ci-install.sh
#
# It defines `pubnet_apt_update` (runs `apt-get update` once per CI run; the
# Chromium step can call it too) and installs nothing when all is there.
# Elsewhere the tests fail with one line saying what to install.

pubnet_apt_update() {
  if [ -z "${PUBNET_APT_UPDATED:-}" ]; then
    apt-get update -qq
    PUBNET_APT_UPDATED=1
  fi
}

pubnet_wordpress_missing() {
  local missing=()
  [ -f /usr/share/wordpress/wp-load.php ] || missing+=(wordpress)
  command -v php >/dev/null || missing+=(php-cli)
  if command -v php >/dev/null; then
    local modules
    modules=$(php -m 2>/dev/null)
    grep -qix mysqli <<<"$modules" || missing+=(php-mysql)
    grep -qix curl <<<"$modules" || missing+=(php-curl)
    grep -qix xml <<<"$modules" || missing+=(php-xml)
    grep -qix mbstring <<<"$modules" || missing+=(php-mbstring)
  fi
  [ -x /usr/sbin/mariadbd ] || missing+=(mariadb-server)
  [ -f /usr/share/wordpress/wp-content/themes/twentytwentythree/style.css ] ||
    missing+=(wordpress-theme-twentytwentythree)
  [ -f /usr/share/wordpress/wp-content/themes/twentytwentyone/style.css ] ||
    missing+=(wordpress-theme-twentytwentyone)
  [ -x /usr/bin/unzip ] || missing+=(unzip)
  echo "${missing[@]}"
}

pubnet_wordpress_install() {
  local missing
  missing=$(pubnet_wordpress_missing)
  [ -n "$missing" ] || return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "ci: installing Debian's $missing (WordPress tests)"
    pubnet_apt_update
    # The packages' own services are not wanted: the tests start a private MariaDB.
    # policy-rc.d keeps dpkg from starting mariadb (and apache) during the install.
    local policy=/usr/sbin/policy-rc.d created=
    if [ ! -e "$policy" ]; then
      printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy" && created=1
    fi
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null
    [ -z "$created" ] || rm -f "$policy"
  else
    echo "ci: the WordPress tests will fail: missing $missing (install them as root with apt-get)"
  fi
}

pubnet_wordpress_install
