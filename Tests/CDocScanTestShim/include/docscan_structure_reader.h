/* What the tests need to read back the messages the plugin posts: a
 * GstStructure's fields by kind, and GStreamer's text form as
 * `gst-launch-1.0 -m` prints it. Never linked into the plugin. */
#ifndef DOCSCAN_STRUCTURE_READER_H
#define DOCSCAN_STRUCTURE_READER_H

#include <gst/gst.h>

G_BEGIN_DECLS

typedef enum {
  DOCSCAN_FIELD_OTHER = 0,
  DOCSCAN_FIELD_STRING,
  DOCSCAN_FIELD_UINT,
  DOCSCAN_FIELD_UINT64,
  DOCSCAN_FIELD_DOUBLE,
  DOCSCAN_FIELD_BOOLEAN,
  DOCSCAN_FIELD_STRING_ARRAY,
  DOCSCAN_FIELD_DOUBLE_ARRAY,
  DOCSCAN_FIELD_STRUCTURE,
  /* A GstSample whose caps are image/png. */
  DOCSCAN_FIELD_PNG_SAMPLE,
} DocScanFieldKind;

/* Initialises GStreamer if the process has not; does nothing when it
 * already is. */
void docscan_ensure_gst_initialized (void);

void docscan_structure_free (GstStructure * s);
const char *docscan_structure_name (const GstStructure * s);
gint docscan_structure_n_fields (const GstStructure * s);
const char *docscan_structure_nth_field_name (const GstStructure * s, gint i);
DocScanFieldKind docscan_structure_field_kind (const GstStructure * s,
    const char *field);
const char *docscan_structure_get_string (const GstStructure * s,
    const char *field);
guint docscan_structure_get_uint (const GstStructure * s, const char *field);
guint64 docscan_structure_get_uint64 (const GstStructure * s,
    const char *field);
gdouble docscan_structure_get_double (const GstStructure * s,
    const char *field);
gboolean docscan_structure_get_boolean (const GstStructure * s,
    const char *field);
/* Arrays: length, then the i-th element. */
guint docscan_structure_array_length (const GstStructure * s,
    const char *field);
const char *docscan_structure_array_string (const GstStructure * s,
    const char *field, guint i);
gdouble docscan_structure_array_double (const GstStructure * s,
    const char *field, guint i);
/* A nested structure field, owned by `s`; NULL when absent or not one. */
const GstStructure *docscan_structure_get_structure (const GstStructure * s,
    const char *field);
/* The length of the PNG sample's file; 0 when the field is not one. */
gsize docscan_structure_png_sample_size (const GstStructure * s,
    const char *field);
/* Copies up to `capacity` bytes of the PNG sample's file into `out`;
 * returns how many. */
gsize docscan_structure_copy_png_sample (const GstStructure * s,
    const char *field, guint8 * out, gsize capacity);

/* GStreamer's text form. Free with docscan_string_free /
 * docscan_structure_free. */
char *docscan_structure_to_string (const GstStructure * s);
GstStructure *docscan_structure_from_string (const char *text);
void docscan_string_free (char *text);

G_END_DECLS

#endif
