#!/usr/bin/env bash
# Brings the message catalogs up to date with what the gallery says.
#   scripts/messages.sh    rewrites Locales/photolala.pot from the templates' {{#t}}…{{/t}} and the
#                          sources' Phrase("…"), then merges it into every Locales/TAG.po (new
#                          messages come in empty or fuzzy, for a translator to fill in)
# The test suite fails while any catalog lacks a translation (LanguageCatalogTests).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests >/dev/null
PHOTOLALA_UPDATE_DOCS=1 swift test --skip-build --filter "LanguageCatalogTests/theCatalogTemplateListsEveryMessage" >/dev/null
for po in Locales/*.po; do
  msgmerge --quiet --update --backup=none --no-wrap "$po" Locales/photolala.pot
done
echo "messages: Locales/photolala.pot and $(ls Locales/*.po | wc -l) catalogs brought up to date"
