#!/usr/bin/python3
"""Reads the documents in a video file (or a still image) with docscan and
prints every field of each result.

Usage: examples/python/read_results.py FILE [name=value ...]
       (name=value: docscan properties, e.g. mode=barcode)

The plugin must be on GST_PLUGIN_PATH, e.g.
  GST_PLUGIN_PATH=.build/release examples/python/read_results.py pipelines/media/demo.mp4
"""
import sys

import gi

gi.require_version("Gst", "1.0")
from gi.repository import Gst  # noqa: E402

TEXT_FIELDS = (
    "document-class", "mrz-format", "document-number", "surname", "given-names",
    "nationality", "issuer", "sex", "date-of-birth", "date-of-expiry", "optional-data",
    "barcode-type", "barcode-data", "data-match",
)
FLAGS = (
    "mrz-valid", "mrz-extracted", "barcode-extracted", "viz-extracted",
    "document-image-extracted", "face-image-extracted",
)


def print_result(result):
    """result is the docscan-result message's Gst.Structure."""
    _found, session = result.get_uint("session")  # numbers and booleans: (found, value)
    print(f"document {session}")
    for name in TEXT_FIELDS:
        value = result.get_string(name)  # None when the field is absent
        if value is not None:
            print(f"  {name}: {value}")
    for name in FLAGS:
        found, value = result.get_boolean(name)
        if found:
            print(f"  {name}: {'yes' if value else 'no'}")
    mrz = result.get_string("mrz")  # the MRZ lines joined with "\n"
    if mrz is not None:
        for line in mrz.split("\n"):
            print(f"  mrz: {line}")
    if result.has_field("mismatched-fields"):
        mismatched = result.get_value("mismatched-fields")  # a Gst.ValueArray
        print(f"  mismatched-fields: {', '.join(mismatched.array) or 'none'}")
    if result.has_field("barcode-fields"):
        # A driver licence's AAMVA elements: a nested Gst.Structure, ID -> text.
        elements = result.get_value("barcode-fields")
        for index in range(elements.n_fields()):
            element_id = elements.nth_field_name(index)
            print(f"  barcode-fields {element_id}: {elements.get_string(element_id)}")
    found, elapsed = result.get_uint64("elapsed")  # nanoseconds of stream time
    if found and elapsed != Gst.CLOCK_TIME_NONE:
        print(f"  read in {elapsed / Gst.SECOND:.2f} s of video")


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__)
        return 0 if len(argv) >= 2 else 2
    Gst.init(None)
    if Gst.ElementFactory.find("docscan") is None:
        print("docscan not found: set GST_PLUGIN_PATH to the folder of libgstdocscan.so",
              file=sys.stderr)
        return 1
    # analysis=sync: every frame is analysed, as fast as the file decodes.
    # The caps filter takes the video stream of a file that also has sound.
    pipeline = Gst.parse_launch(
        "filesrc name=source ! decodebin caps=video/x-raw ! video/x-raw ! videoconvert ! "
        "docscan name=scanner analysis=sync annotate=false ! fakesink")
    pipeline.get_by_name("source").set_property("location", argv[1])
    scanner = pipeline.get_by_name("scanner")
    for setting in argv[2:]:
        name, _, value = setting.partition("=")
        if scanner.find_property(name) is None:
            print(f"docscan has no property {name}", file=sys.stderr)
            return 2
        Gst.util_set_object_arg(scanner, name, value)  # parsed as gst-launch does

    pipeline.set_state(Gst.State.PLAYING)
    bus = pipeline.get_bus()
    wanted = Gst.MessageType.ELEMENT | Gst.MessageType.EOS | Gst.MessageType.ERROR
    status, documents = 0, 0
    while True:
        message = bus.timed_pop_filtered(Gst.CLOCK_TIME_NONE, wanted)
        if message.type == Gst.MessageType.ERROR:
            error, _debug = message.parse_error()
            print(f"error: {error.message}", file=sys.stderr)
            status = 1
            break
        if message.type == Gst.MessageType.EOS:
            break
        if message.has_name("docscan-result"):
            documents += 1
            print_result(message.get_structure())
    pipeline.set_state(Gst.State.NULL)
    print(f"{documents} document{'' if documents == 1 else 's'} read")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
