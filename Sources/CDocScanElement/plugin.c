/* Plugin registration, apart from the element. GStreamer finds the
 * descriptor as gst_plugin_docscan_get_desc, derived from libgstdocscan.so. */
#include "docscan_element.h"

GST_PLUGIN_DEFINE (GST_VERSION_MAJOR, GST_VERSION_MINOR, docscan,
    "Identity document scanning: guidance, quality, MRZ and barcodes",
    docscan_plugin_register, VERSION, "MIT/X11", "docscan", "docscan")
