#!/usr/bin/env bash
# Installs the system packages Webfold's OCR and rendering paths need, where missing.
# fra: French scans (the scan corpus's francais.pdf), read with it in auto mode when the
# words of their English reading are French, or with `--ocr-lang fra`.
# Idempotent; quiet when everything is present. Needs root (or sudo) for apt-get.
set -u
want=()
command -v tesseract >/dev/null 2>&1 || want+=(tesseract-ocr)
for lang in osd eng deu fra ara chi-sim rus; do
  dpkg -s "tesseract-ocr-$lang" >/dev/null 2>&1 || want+=("tesseract-ocr-$lang")
done
command -v chromium >/dev/null 2>&1 || want+=(chromium)
# LibreOffice makes the Word-document PDFs of the real-engine corpus (scripts/pdf_engine_corpus.py).
command -v soffice >/dev/null 2>&1 || want+=(libreoffice-writer-nogui)
# DejaVu Sans (Cyrillic, Arabic) embeds into the generated PDF corpus (scripts/pdf_corpus.py).
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || want+=(fonts-dejavu-core)
# Liberation (Times New Roman and Arial metrics) and Amiri (a naskh Arabic face with tall
# lines) set the paper, memo and Arabic report of the real-engine corpus as Word users do.
dpkg -s fonts-liberation2 >/dev/null 2>&1 || want+=(fonts-liberation2)
dpkg -s fonts-hosny-amiri >/dev/null 2>&1 || want+=(fonts-hosny-amiri)
# Carlito and Caladea (Calibri and Cambria metrics) set the Word report, form and CV of the
# real-engine corpus as LibreOffice sets such files; the English patterns hyphenate them.
dpkg -s fonts-crosextra-carlito >/dev/null 2>&1 || want+=(fonts-crosextra-carlito)
dpkg -s fonts-crosextra-caladea >/dev/null 2>&1 || want+=(fonts-crosextra-caladea)
dpkg -s hyphen-en-us >/dev/null 2>&1 || want+=(hyphen-en-us)
[ ${#want[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && sudo="sudo"
if ! command -v apt-get >/dev/null 2>&1; then
  echo "setup_system: no apt-get; install ${want[*]} by hand (tests that need them will skip)" >&2
  exit 0
fi
echo "setup_system: installing ${want[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >/dev/null 2>&1 || true
$sudo apt-get install -y -qq --no-install-recommends "${want[@]}" >/dev/null 2>&1 \
  || echo "setup_system: could not install ${want[*]} (tests that need them will skip)" >&2
exit 0
