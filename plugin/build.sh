#!/usr/bin/env bash
# Builds libgstdocscan.so in release mode with the Swift runtime linked in,
# so it loads in any GStreamer process, and docscan-run beside it. Afterwards
#   export GST_PLUGIN_PATH="$(pwd)/.build/release"
# makes gst-launch-1.0 find it. With --install the plugin is also copied into
# the system's GStreamer plugin folder and docscan-run into /usr/local/bin.
set -euo pipefail
cd "$(dirname "$0")/.."

install=false
for arg in "$@"; do
  case "$arg" in
    --install) install=true ;;
    -h | --help)
      sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *) echo "plugin/build.sh: unknown argument '$arg' (try --help)" >&2; exit 2 ;;
  esac
done

# -static-stdlib: the package's --static-swift-stdlib flag is ignored for
# dynamic libraries, the compiler driver's flag is not. exports.map keeps
# every symbol but GStreamer's entry points inside the plugin, so a host
# with its own Swift runtime or the same shims cannot interpose on them.
# SwiftPM warns about pkg-config's -pthread on every target: hidden. A
# failed build fails this script (pipefail), so no stale plugin is used.
quiet() { grep -v 'prohibited flag(s): -pthread' || true; }
swift build -c release --product gstdocscan -Xswiftc -static-stdlib \
  -Xlinker --version-script="$PWD/plugin/exports.map" 2>&1 | quiet \
  || { echo "plugin/build.sh: the plugin did not build" >&2; exit 1; }
bin="$(swift build -c release --show-bin-path)"
plugin="$bin/libgstdocscan.so"
# The same compiler flags as the plugin, so the shared modules are reused
# and docscan-run is self-contained (its own static Swift runtime).
swift build -c release --product docscan-run -Xswiftc -static-stdlib 2>&1 | quiet \
  || { echo "plugin/build.sh: docscan-run did not build" >&2; exit 1; }

# The MRZ model goes beside the plugin, where the element looks for it by
# default (the `tessdata` property).
# (the models MRZModelReader.defaultViews read; StartupProblem wants both)
models=("$PWD/training/mrz/model/mrz.traineddata" "$PWD/training/mrz/model/mrz_small.traineddata")
for model in "${models[@]}"; do
  [ -f "$model" ] || { echo "plugin/build.sh: $model is missing" >&2; exit 1; }
done
mkdir -p "$bin/docscan-tessdata"
install -m 0644 "${models[@]}" "$bin/docscan-tessdata/"

if ! GST_PLUGIN_PATH="$(dirname "$plugin")" GST_REGISTRY_FORK=no \
  gst-inspect-1.0 docscan >/dev/null 2>&1; then
  echo "plugin/build.sh: $plugin was built but GStreamer cannot load it" >&2
  exit 1
fi

if $install; then
  dir="$(pkg-config --variable=pluginsdir gstreamer-1.0)"
  install -m 0644 "$plugin" "$dir/libgstdocscan.so"
  install -d "$dir/docscan-tessdata"
  install -m 0644 "${models[@]}" "$dir/docscan-tessdata/"
  install -m 0755 "$bin/docscan-run" /usr/local/bin/docscan-run
  echo "installed $dir/libgstdocscan.so (models in $dir/docscan-tessdata) and /usr/local/bin/docscan-run"
else
  echo "built $plugin and $bin/docscan-run"
  echo "use it with: export GST_PLUGIN_PATH=$(dirname "$plugin")"
fi
