#!/bin/sh
# A self-signed certificate, for a site with no public name (a school intranet, a test machine)
# where Let's Encrypt cannot reach it. Browsers warn until the certificate is trusted by hand.
#   deploy/nginx/self-signed-cert.sh NAME KEY_FILE CERT_FILE [DAYS]
# NAME is the host name (lernhaus.schule.lan) or IP address (192.0.2.10) visitors type.
set -eu
if [ $# -lt 3 ]; then
  echo "usage: $0 NAME KEY_FILE CERT_FILE [DAYS]" >&2
  exit 2
fi
name=$1
key=$2
cert=$3
days=${4:-825}
case $name in
  *[!0-9.]*:* | *:*) san="IP:$name" ;;
  *[!0-9.]*) san="DNS:$name" ;;
  *) san="IP:$name" ;;
esac
umask 077
# openssl prints progress dots while it works: shown only when it fails.
if ! output=$(openssl req -x509 -newkey rsa:2048 -nodes -days "$days" -subj "/CN=$name" \
  -addext "subjectAltName=$san" -keyout "$key" -out "$cert" 2>&1); then
  echo "$output" >&2
  exit 1
fi
chmod 644 "$cert"
echo "wrote $key and $cert ($san, valid $days days)"
