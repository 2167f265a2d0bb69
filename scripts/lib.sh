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

# What building and running cvdcam needs.
RUNTIME_PACKAGES=(libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev fonts-dejavu-core libv4l-dev libturbojpeg0-dev libjpeg62-turbo-dev)
# What the tests need on top: a real X server driven by keys, screenshots, valgrind,
# weston (the Wayland tests), a private D-Bus (the screensaver test).
TEST_PACKAGES=(xvfb xdotool x11-utils openbox imagemagick valgrind weston dbus-daemon dbus-bin)
# What scripts/package needs to build and check the .deb, and scripts/test-package to
# install it in a fresh Debian chroot.
PACKAGE_PACKAGES=(dpkg-dev lintian desktop-file-utils appstream librsvg2-bin debootstrap)

# cpu_ticks STATFILE: utime + stime (clock ticks) from a /proc/PID/stat or
# /proc/PID/task/TID/stat line, read after the command name (which may hold spaces).
cpu_ticks() { sed 's/.*) //' "$1" | awk '{print $12 + $13}'; }
