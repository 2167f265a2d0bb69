# Shared helpers for scripts/run and scripts/test (sourced, not run).

# Swift from /opt/swift when it is not on PATH yet.
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi
command -v swift >/dev/null 2>&1 || { echo "error: swift is not installed (expected on PATH or in /opt/swift)" >&2; exit 1; }

# ensure_packages PKG… — installs the Debian packages that are missing, with one
# apt-get update. Uses sudo when not root.
ensure_packages() {
    local missing=()
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "==> installing Debian packages: ${missing[*]}"
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null 2>&1 || { echo "error: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
        sudo="sudo"
    fi
    $sudo apt-get update -qq || { echo "error: apt-get update failed" >&2; exit 1; }
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" \
        || { echo "error: could not install ${missing[*]}" >&2; exit 1; }
}

# What building and running cvdcam needs (gettext: msgfmt compiles the translations;
# libepoxy-dev: the GL renderer, which brings GLVND's libGL and libEGL).
RUNTIME_PACKAGES=(libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev fonts-dejavu-core libv4l-dev libturbojpeg0-dev libjpeg62-turbo-dev libepoxy-dev gettext)
# What the tests need on top: a real X server driven by keys, screenshots, valgrind,
# weston (the Wayland tests), a private D-Bus (the screensaver test), ffmpeg (bench --ffmpeg,
# the speed baseline).
# fonts-noto-cjk (the Japanese window), tesseract (reads the German and French windows
# back), locales-all (LANG=de_DE.UTF-8 and friends exist).
TEST_PACKAGES=(xvfb libgl1-mesa-dri xdotool x11-utils openbox imagemagick valgrind weston dbus-daemon dbus-bin ffmpeg
    fonts-noto-cjk tesseract-ocr tesseract-ocr-deu tesseract-ocr-fra tesseract-ocr-jpn locales-all)
# What scripts/package needs to build and check the .deb, and scripts/test-package to
# install it in a fresh Debian chroot.
PACKAGE_PACKAGES=(dpkg-dev lintian desktop-file-utils appstream librsvg2-bin debootstrap)

# compile_catalogues BINDIR — the translations (po/LL.po) compiled to
# BINDIR/locale/LL/LC_MESSAGES/cvdcam.mo, where cvdcam looks next to its binary.
compile_catalogues() {
    local po lang
    for po in po/*.po; do
        lang=$(basename "$po" .po)
        mkdir -p "$1/locale/$lang/LC_MESSAGES"
        msgfmt --check -o "$1/locale/$lang/LC_MESSAGES/cvdcam.mo" "$po" \
            || { echo "error: msgfmt refused $po" >&2; exit 1; }
    done
}

# cpu_ticks STATFILE: utime + stime (clock ticks) from a /proc/PID/stat or
# /proc/PID/task/TID/stat line, read after the command name (which may hold spaces).
cpu_ticks() { sed 's/.*) //' "$1" | awk '{print $12 + $13}'; }

# debian_mirror — the Debian archive this machine's apt itself uses for the main suite
# (a local mirror or a caching proxy's address when the machine is set up so), read from
# apt's own index targets: e.g. http://deb.debian.org/debian. Nothing is hard-coded.
debian_mirror() {
    local suite=${1:-bookworm} uri
    uri=$(apt-get indextargets --format '$(URI)' "Created-By: Packages" 2>/dev/null \
        | grep -m1 "/dists/$suite/main/binary-" | sed 's|/dists/.*||') || true
    [ -n "$uri" ] || { echo "error: apt has no source for Debian $suite main (see /etc/apt/sources.list.d); run apt-get update first" >&2; return 1; }
    echo "$uri"
}

# apt_proxy — the HTTP proxy apt is configured with (Acquire::http::Proxy), or nothing.
apt_proxy() { apt-config dump Acquire::http::Proxy 2>/dev/null | sed -n 's/^Acquire::http::Proxy "\(.*\)";$/\1/p' | head -1; }
