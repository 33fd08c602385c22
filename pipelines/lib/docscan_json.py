"""docscan's bus messages as JSON objects: field names as on the bus, arrays
as lists, nested structures (barcode-fields) as objects, images
(document-image, face-image: GstSample of a PNG) as base64 text, as in the
results file, and GStreamer's "none" clock time (2^64-1) as null."""
import base64

import gi

gi.require_version("Gst", "1.0")
from gi.repository import Gst  # noqa: E402

CLOCK_TIME_NONE = 2**64 - 1
TIME_FIELDS = ("timestamp", "stream-time", "running-time", "elapsed")


def to_json_value(name, value):
    if isinstance(value, Gst.ValueArray):
        return [to_json_value(name, item) for item in value.array]
    if isinstance(value, Gst.Structure):
        return fields_to_dict(value)
    if isinstance(value, Gst.Sample):
        buffer = value.get_buffer()
        return base64.b64encode(buffer.extract_dup(0, buffer.get_size())).decode("ascii")
    if name in TIME_FIELDS and value == CLOCK_TIME_NONE:
        return None
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return str(value)


def fields_to_dict(structure):
    fields = {}
    for index in range(structure.n_fields()):
        name = structure.nth_field_name(index)
        fields[name] = to_json_value(name, structure.get_value(name))
    return fields


def message_to_dict(structure):
    """A docscan message: its name under "message", then its fields."""
    return {"message": structure.get_name(), **fields_to_dict(structure)}
