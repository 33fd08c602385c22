# Shared by the pipelines/ scripts: finds the plugin, or says how to build it.
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

find_plugin() {
  local folder
  for folder in "$repo/.build/release" "$repo/.build/x86_64-unknown-linux-gnu/release"; do
    if [ -f "$folder/libgstdocscan.so" ]; then
      export GST_PLUGIN_PATH="$folder${GST_PLUGIN_PATH:+:$GST_PLUGIN_PATH}"
      return 0
    fi
  done
  if gst-inspect-1.0 docscan >/dev/null 2>&1; then
    return 0 # installed system-wide (plugin/build.sh --install)
  fi
  echo "$(basename "$0"): the docscan plugin is not built: run plugin/build.sh first" >&2
  exit 1
}

run_pipeline() {
  /usr/bin/python3 "$repo/pipelines/lib/run_pipeline.py" "$@"
}
