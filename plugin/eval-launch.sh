# Sourced by the evaluation wrappers (plugin/mrz-eval.sh,
# plugin/guidance-eval.sh) from the repository root:
#   launch_eval plugin/SCRIPT.py "$@"
# takes --plugin-dir DIR (default .build/release) out of the arguments, stops
# when DIR holds no libgstdocscan.so, and execs the Python evaluation with
# GST_PLUGIN_PATH pointing at DIR. -h/--help prints the wrapper's header
# comment, then the Python's own help.
launch_eval() {
  local script="$1" wrapper="plugin/$(basename "$0")" plugin_dir=".build/release"
  local args=()
  shift
  while [ $# -gt 0 ]; do
    case "$1" in
      -h | --help)
        awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
        echo
        exec /usr/bin/python3 "$script" --help
        ;;
      --plugin-dir)
        [ $# -ge 2 ] || { echo "$wrapper: --plugin-dir needs a folder" >&2; exit 2; }
        plugin_dir="$2"
        shift 2
        ;;
      --plugin-dir=*) plugin_dir="${1#--plugin-dir=}"; shift ;;
      *) args+=("$1"); shift ;;
    esac
  done

  if [ ! -f "$plugin_dir/libgstdocscan.so" ]; then
    echo "$wrapper: no libgstdocscan.so in $plugin_dir:" \
      "build it with plugin/build.sh (or pass --plugin-dir DIR)" >&2
    exit 2
  fi
  GST_PLUGIN_PATH="$(cd "$plugin_dir" && pwd)"
  export GST_PLUGIN_PATH
  exec /usr/bin/python3 "$script" "${args[@]+"${args[@]}"}"
}
