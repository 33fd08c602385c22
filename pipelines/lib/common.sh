# Shared by the pipelines/ scripts: finding the plugin, reading the
# arguments, and the pieces every pipeline is built from (sources, outputs),
# so file.sh, webcam.sh, rtsp.sh and record.sh build the same pipelines.
# shellcheck shell=bash
# shellcheck disable=SC2034 # the globals below are read by the scripts
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
script="$(basename "$0")"

# Filled by parse_arguments.
positional=()
properties=()
results=""
record=""
device=""
camera_caps=""
latency=""
max_retries=""
no_window=""

fail() {
  echo "$script: $*" >&2
  exit 1
}

usage_error() {
  echo "$script: $* (try $script --help)" >&2
  exit 2
}

# The script's header comment, from its second line to the first line
# that is not a comment.
show_help() {
  awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
}

# Puts the plugin on GST_PLUGIN_PATH: the folder in DOCSCAN_PLUGIN_DIR when
# set (and nothing else), else this checkout's release build, else an
# installed plugin (plugin/build.sh --install).
find_plugin() {
  local folder
  if [ -n "${DOCSCAN_PLUGIN_DIR:-}" ]; then
    [ -f "$DOCSCAN_PLUGIN_DIR/libgstdocscan.so" ] ||
      fail "the docscan plugin is not in DOCSCAN_PLUGIN_DIR=$DOCSCAN_PLUGIN_DIR (no libgstdocscan.so there)"
    export GST_PLUGIN_PATH="$DOCSCAN_PLUGIN_DIR${GST_PLUGIN_PATH:+:$GST_PLUGIN_PATH}"
    return 0
  fi
  for folder in "$repo/.build/release" "$repo/.build/x86_64-unknown-linux-gnu/release"; do
    if [ -f "$folder/libgstdocscan.so" ]; then
      export GST_PLUGIN_PATH="$folder${GST_PLUGIN_PATH:+:$GST_PLUGIN_PATH}"
      return 0
    fi
  done
  if gst-inspect-1.0 docscan >/dev/null 2>&1; then
    return 0
  fi
  fail "the docscan plugin is not built: run plugin/build.sh first"
}

# parse_arguments COUNT "OPTIONS" ARGS...: the first COUNT arguments that
# are not options are the script's own (positional); after them,
# name=value arguments are docscan properties. OPTIONS lists the options
# the script takes, e.g. "-o --record".
parse_arguments() {
  local count="$1" allowed=" $2 " option
  shift 2
  while [ $# -gt 0 ]; do
    case "$1" in
      -h | --help)
        show_help
        exit 0
        ;;
      -*)
        option="$1"
        [[ "$allowed" == *" $option "* ]] || usage_error "unknown option '$option'"
        if [ "$option" = --no-window ]; then
          no_window=1
          shift
          continue
        fi
        [ $# -ge 2 ] || usage_error "$option needs a value"
        case "$option" in
          -o) results="$2" ;;
          --record) record="$2" ;;
          --device) device="$2" ;;
          --caps) camera_caps="$2" ;;
          --latency) latency="$2" ;;
          --max-retries) max_retries="$2" ;;
        esac
        shift 2
        ;;
      *)
        if [ "${#positional[@]}" -lt "$count" ]; then
          positional+=("$1")
        elif [[ "$1" =~ ^[a-z][a-z0-9-]*= ]]; then
          properties+=("$1")
        else
          usage_error "unexpected argument '$1'"
        fi
        shift
        ;;
    esac
  done
  [ "${#positional[@]}" -eq "$count" ] || usage_error "missing arguments"
}

require_number() { # NAME VALUE
  [[ "$2" =~ ^[0-9]+$ ]] || usage_error "$1 needs a whole number, not '$2'"
}

# Fails unless FILE can be created or appended to. WHAT names it.
check_writable() { # WHAT FILE
  local folder
  folder="$(dirname -- "$2")"
  [ -d "$folder" ] || fail "cannot write the $1 $2: there is no folder $folder"
  if [ -e "$2" ]; then
    if ! [ -f "$2" ] || ! [ -w "$2" ]; then fail "cannot write the $1 $2: not a writable file"; fi
  else
    [ -w "$folder" ] || fail "cannot write the $1 $2: the folder $folder is not writable"
  fi
}

check_readable() { # FILE
  [ -e "$1" ] || fail "no such file: $1"
  if ! [ -f "$1" ] || ! [ -r "$1" ]; then fail "cannot read $1"; fi
}

# A window only where there is a display and it was not turned off.
wants_window() {
  [ -z "$no_window" ] && [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]
}

# Sources: each sets source_elements to decoded raw video.

# A video file. Other streams (audio, subtitles) are not decoded, and the
# caps filter links decodebin's video pad, whichever stream comes first.
file_source() { # PATH
  source_elements=(filesrc location="$1" '!' decodebin caps=video/x-raw '!' video/x-raw)
}

# A V4L2 camera; decodebin handles MJPEG as well as raw formats.
camera_source() { # DEVICE [CAPS]
  [ -e "$1" ] || fail "no camera at $1"
  [ -c "$1" ] || fail "$1 is not a video device"
  if ! [ -r "$1" ] || ! [ -w "$1" ]; then
    fail "no permission to open $1 (is the user in the 'video' group?)"
  fi
  source_elements=(v4l2src device="$1")
  if [ -n "${2:-}" ]; then source_elements+=('!' "$2"); fi
  source_elements+=('!' decodebin)
}

# An RTSP camera: RTP over the RTSP connection (TCP: no lost packets, a
# dropped camera is noticed at once), a small jitter buffer (LATENCY ms)
# that drops what comes too late, the video stream only.
rtsp_source() { # URL LATENCY
  source_elements=(rtspsrc location="$1" latency="$2" drop-on-latency=true protocols=tcp
    '!' 'application/x-rtp,media=video' '!' decodebin)
}

# Any other URI GStreamer can open (http://, file://).
uri_source() { # URI
  source_elements=(uridecodebin uri="$1" caps=video/x-raw '!' video/x-raw)
}

# The annotated video as H.264 in MP4, in a filesink named "recording"
# (run_pipeline.py numbers it per connection when reconnecting). Live
# sources encode without look-ahead (tune=zerolatency): an encoder holding
# a second of frames would stall a window shown beside it.
recording_elements() { # PATH live|file
  local tune=()
  if [ "$2" = live ]; then tune=(tune=zerolatency); fi
  recording_elements=(videoconvert '!' x264enc speed-preset=veryfast "${tune[@]}"
    '!' mp4mux '!' filesink name=recording location="$1")
}

# What follows docscan for a live source: a window (when wanted), a
# recording (when RECORD is set), both through a tee, or a fakesink. Also
# sets output_properties: annotate=false when nothing shows the frames.
live_outputs() { # RECORD
  local branches=0
  output_elements=()
  output_properties=()
  if wants_window; then
    branches=$((branches + 1))
  fi
  if [ -n "$1" ]; then
    branches=$((branches + 1))
    recording_elements "$1" live
  fi
  if [ "$branches" -eq 0 ]; then
    output_elements=(fakesink sync=false)
    output_properties=(annotate=false)
    return 0
  fi
  [ "$branches" -eq 1 ] || output_elements=(tee name=split '!')
  if wants_window; then
    # A slow window drops frames instead of holding up the recording.
    output_elements+=(queue leaky=downstream max-size-buffers=2 '!' videoconvert '!'
      autovideosink sync=false)
    [ "$branches" -eq 1 ] || output_elements+=(split.)
  fi
  if [ -n "$1" ]; then
    [ "$branches" -eq 1 ] || output_elements+=('!')
    output_elements+=(queue '!' "${recording_elements[@]}")
  fi
}

run_pipeline() {
  /usr/bin/python3 "$repo/pipelines/lib/run_pipeline.py" "$@"
}
