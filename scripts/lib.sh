# Shared helpers for scripts/run and scripts/test (sourced, not run).


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

# ensure_swift — Swift 6.0 or newer on PATH: as it is, from /opt/swift (swift.org's
# toolchain unpacked there), or on a Debian that packages it (13 "trixie" and later:
# swiftlang, installed here from the distribution). Debian 12 packages no Swift: one line
# says where to get it.
ensure_swift() {
    if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
        export PATH="/opt/swift/usr/bin:$PATH"
    fi
    if ! command -v swift >/dev/null 2>&1; then
        local id="" version="" name=""
        # shellcheck disable=SC1091
        [ -r /etc/os-release ] && { id=$(. /etc/os-release && echo "${ID:-}"); version=$(. /etc/os-release && echo "${VERSION_ID:-}"); name=$(. /etc/os-release && echo "${NAME:-}"); }
        if [ "$id" = debian ] && { [ -z "$version" ] || [ "${version%%.*}" -ge 13 ]; }; then
            echo "==> no swift on PATH: installing Debian's own Swift toolchain (swiftlang)"
            ensure_packages swiftlang
        else
            echo "error: swift is not installed, and ${name:-this system}${version:+ $version} packages no Swift: unpack swift.org's toolchain for it (https://www.swift.org/install/linux/, 6.0 or newer) into /opt/swift, or use Debian 13, where this script installs swiftlang itself" >&2
            exit 1
        fi
    fi
    command -v swift >/dev/null 2>&1 || { echo "error: swiftlang is installed but swift is not on PATH" >&2; exit 1; }
    local v
    v=$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9][0-9]*\)\..*/\1/p' | head -1)
    [ -n "$v" ] && [ "$v" -ge 6 ] || { echo "error: cvdcam needs Swift 6.0 or newer; $(command -v swift) is $(swift --version 2>&1 | head -1)" >&2; exit 1; }
}

# What building and running cvdcam needs (gettext: msgfmt compiles the translations;
# libepoxy-dev: the GL renderer, which brings GLVND's libGL and libEGL; libxdamage-dev: the
# screen source (the rest of X11 it reads comes with libsdl2-dev); liblcms2-dev and
# zlib1g-dev: pictures' embedded ICC profiles, a PNG's compressed; libpoppler-glib-dev: PDF
# pages, drawn by poppler through cairo, for check, convert and --image; git and
# ca-certificates: SwiftPM fetches swift-argument-parser).
RUNTIME_PACKAGES=(libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev fonts-dejavu-core libv4l-dev libturbojpeg0-dev libjpeg62-turbo-dev libepoxy-dev libxdamage-dev libpipewire-0.3-dev libglib2.0-dev liblcms2-dev zlib1g-dev libpoppler-glib-dev gettext git ca-certificates)
# What the tests need on top: a real X server driven by keys, screenshots, valgrind,
# x11-xserver-utils (xrandr: monitors for the screen tests), weston (the Wayland tests), a private D-Bus (the screensaver test), ffmpeg (bench --ffmpeg,
# the speed baseline).
# fonts-noto-cjk (the Japanese window) and the other CJK fonts Debian ships
# (fonts-wqy-zenhei, fonts-ipafont, fonts-droid-fallback: FontCoverageTests draws every
# catalogue string with each), tesseract (reads the German and French windows
# back), locales-all (LANG=de_DE.UTF-8 and friends exist). The screen-cast portal tests
# (Tests/Portal/run-session): the real xdg-desktop-portal, a private PipeWire with
# WirePlumber (it makes the links), a GStreamer test picture (videotestsrc ! pipewiresink)
# and the Python test backend (python3-dbus, python3-gi); python3-cairo draws the charts of
# scripts/check-agreement and the tests' PDFs (Tests/PDF/make-pdf), and qpdf locks one with
# a password. Pictures with colour profiles and EXIF orientation: colord-data
# (real ICC profiles: ProPhoto, Adobe RGB, sRGB), exiftool (sets the orientation in JPEG,
# PNG, WebP) and liblcms2-utils (tificc: the reference conversion).
TEST_PACKAGES=(xvfb libgl1-mesa-dri xdotool x11-utils x11-xserver-utils openbox imagemagick valgrind weston dbus-daemon dbus-bin ffmpeg
    fonts-noto-cjk fonts-wqy-zenhei fonts-ipafont fonts-droid-fallback tesseract-ocr tesseract-ocr-deu tesseract-ocr-fra tesseract-ocr-jpn locales-all
    xdg-desktop-portal pipewire pipewire-bin wireplumber gstreamer1.0-pipewire gstreamer1.0-tools gstreamer1.0-plugins-base
    python3-dbus python3-gi python3-cairo colord-data libimage-exiftool-perl liblcms2-utils qpdf)
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

# mounted_under DIR — whether anything is mounted at DIR or below it. awk reads findmnt's
# whole list: `grep -q` stops at the first match, and findmnt's SIGPIPE then fails the
# pipeline under pipefail, which would read as "nothing mounted" before an rm -rf.
mounted_under() { findmnt -rn -o TARGET | awk -v d="$1" '$0 == d || index($0, d "/") == 1 { found = 1 } END { exit !found }'; }

# unpack_debian13 ROOT — a Debian 13 (trixie) minbase tree at ROOT (which must not exist),
# from the tarball cached in $CVDCAM_CACHE (default ~/.cache/cvdcam/debian13-minbase.tar.gz,
# as scripts/test-debian13 makes it); when there is none, debootstrap makes it from the
# mirror this machine's apt uses (through its proxy) and it is cached. Needs root.
unpack_debian13() {
    local root=$1 cache=${CVDCAM_CACHE:-$HOME/.cache/cvdcam} proxy mirror
    local tarball=$cache/debian13-minbase.tar.gz
    mkdir -p "$cache"
    if [ -f "$tarball" ]; then
        echo "==> Debian 13 chroot from $tarball"
        mkdir -p "$root" && tar -C "$root" -xzf "$tarball" || { echo "error: could not unpack $tarball" >&2; exit 1; }
        return 0
    fi
    proxy=$(apt_proxy)
    mirror=$(debian_mirror bookworm) || exit 1
    echo "==> debootstrap Debian 13 (minbase) from $mirror, cached in $tarball"
    ${proxy:+env http_proxy="$proxy"} debootstrap --variant=minbase trixie "$root" "$mirror" >"$root.debootstrap.log" 2>&1 \
        || { tail -5 "$root.debootstrap.log" >&2; echo "error: debootstrap failed (log: $root.debootstrap.log)" >&2; exit 1; }
    tar -C "$root" -czf "$tarball.part" . && mv "$tarball.part" "$tarball"
}

ensure_swift

# release_build — builds the optimised cvdcam once for everything that runs it and prints
# the binary's path: the portable build with the Swift runtime linked in (what the .deb
# ships and the VM boots), in .build-static. One release build instead of two saves about
# six minutes of scripts/test. CVDCAM_TARGET_CPU is left out: it would make a binary for
# this CPU only. The compiler's output goes to .build-static/build.log, its end to stderr
# if the build fails.
release_build() {
    mkdir -p .build-static
    if ! env -u CVDCAM_TARGET_CPU swift build -c release --product cvdcam --static-swift-stdlib \
            --scratch-path .build-static > .build-static/build.log 2>&1; then
        tail -30 .build-static/build.log >&2
        echo "error: the release build failed (all of it in .build-static/build.log)" >&2
        exit 1
    fi
    echo "$PWD/.build-static/release/cvdcam"
}
