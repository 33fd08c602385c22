/* GstStructure read back and GStreamer's text form: what the tests need to
 * check the messages the plugin posts (see docscan_structure_reader.h). */
#include "docscan_structure_reader.h"

void
docscan_ensure_gst_initialized (void)
{
  if (!gst_is_initialized ())
    gst_init (NULL, NULL);
}

void
docscan_structure_free (GstStructure * s)
{
  if (s)
    gst_structure_free (s);
}

const char *
docscan_structure_name (const GstStructure * s)
{
  return gst_structure_get_name (s);
}

static gboolean
is_png_sample (const GValue * value)
{
  GstSample *sample;
  GstCaps *caps;

  if (G_VALUE_TYPE (value) != GST_TYPE_SAMPLE)
    return FALSE;
  sample = gst_value_get_sample (value);
  caps = sample ? gst_sample_get_caps (sample) : NULL;
  return caps && gst_caps_get_size (caps) > 0 && gst_sample_get_buffer (sample)
      && gst_structure_has_name (gst_caps_get_structure (caps, 0), "image/png");
}

static GstBuffer *
png_buffer (const GstStructure * s, const char *field)
{
  const GValue *value = gst_structure_get_value (s, field);

  if (!value || !is_png_sample (value))
    return NULL;
  return gst_sample_get_buffer (gst_value_get_sample (value));
}

gsize
docscan_structure_png_sample_size (const GstStructure * s, const char *field)
{
  GstBuffer *buffer = png_buffer (s, field);
  return buffer ? gst_buffer_get_size (buffer) : 0;
}

gsize
docscan_structure_copy_png_sample (const GstStructure * s, const char *field,
    guint8 * out, gsize capacity)
{
  GstBuffer *buffer = png_buffer (s, field);
  return buffer ? gst_buffer_extract (buffer, 0, out, capacity) : 0;
}

gint
docscan_structure_n_fields (const GstStructure * s)
{
  return gst_structure_n_fields (s);
}

const char *
docscan_structure_nth_field_name (const GstStructure * s, gint i)
{
  return gst_structure_nth_field_name (s, i);
}

static DocScanFieldKind
kind_of_value (const GValue * value)
{
  GType type = G_VALUE_TYPE (value);

  if (type == G_TYPE_STRING)
    return DOCSCAN_FIELD_STRING;
  if (type == G_TYPE_UINT)
    return DOCSCAN_FIELD_UINT;
  if (type == G_TYPE_UINT64)
    return DOCSCAN_FIELD_UINT64;
  if (type == G_TYPE_DOUBLE)
    return DOCSCAN_FIELD_DOUBLE;
  if (type == G_TYPE_BOOLEAN)
    return DOCSCAN_FIELD_BOOLEAN;
  if (type == GST_TYPE_STRUCTURE)
    return DOCSCAN_FIELD_STRUCTURE;
  if (is_png_sample (value))
    return DOCSCAN_FIELD_PNG_SAMPLE;
  if (type == GST_TYPE_ARRAY) {
    /* An empty array has no element type; call it a string array. */
    if (gst_value_array_get_size (value) == 0)
      return DOCSCAN_FIELD_STRING_ARRAY;
    type = G_VALUE_TYPE (gst_value_array_get_value (value, 0));
    if (type == G_TYPE_STRING)
      return DOCSCAN_FIELD_STRING_ARRAY;
    if (type == G_TYPE_DOUBLE)
      return DOCSCAN_FIELD_DOUBLE_ARRAY;
  }
  return DOCSCAN_FIELD_OTHER;
}

DocScanFieldKind
docscan_structure_field_kind (const GstStructure * s, const char *field)
{
  const GValue *value = gst_structure_get_value (s, field);
  return value ? kind_of_value (value) : DOCSCAN_FIELD_OTHER;
}

const char *
docscan_structure_get_string (const GstStructure * s, const char *field)
{
  return gst_structure_get_string (s, field);
}

guint
docscan_structure_get_uint (const GstStructure * s, const char *field)
{
  guint value = 0;
  gst_structure_get_uint (s, field, &value);
  return value;
}

guint64
docscan_structure_get_uint64 (const GstStructure * s, const char *field)
{
  guint64 value = 0;
  gst_structure_get_uint64 (s, field, &value);
  return value;
}

gdouble
docscan_structure_get_double (const GstStructure * s, const char *field)
{
  gdouble value = 0;
  gst_structure_get_double (s, field, &value);
  return value;
}

gboolean
docscan_structure_get_boolean (const GstStructure * s, const char *field)
{
  gboolean value = FALSE;
  gst_structure_get_boolean (s, field, &value);
  return value;
}

const GstStructure *
docscan_structure_get_structure (const GstStructure * s, const char *field)
{
  const GValue *value = gst_structure_get_value (s, field);
  return value && G_VALUE_TYPE (value) == GST_TYPE_STRUCTURE ?
      gst_value_get_structure (value) : NULL;
}

static const GValue *
array_item (const GstStructure * s, const char *field, guint i)
{
  const GValue *array = gst_structure_get_value (s, field);
  if (array == NULL || G_VALUE_TYPE (array) != GST_TYPE_ARRAY
      || i >= gst_value_array_get_size (array))
    return NULL;
  return gst_value_array_get_value (array, i);
}

guint
docscan_structure_array_length (const GstStructure * s, const char *field)
{
  const GValue *array = gst_structure_get_value (s, field);
  if (array == NULL || G_VALUE_TYPE (array) != GST_TYPE_ARRAY)
    return 0;
  return gst_value_array_get_size (array);
}

const char *
docscan_structure_array_string (const GstStructure * s, const char *field,
    guint i)
{
  const GValue *item = array_item (s, field, i);
  return item && G_VALUE_HOLDS_STRING (item) ? g_value_get_string (item) : NULL;
}

gdouble
docscan_structure_array_double (const GstStructure * s, const char *field,
    guint i)
{
  const GValue *item = array_item (s, field, i);
  return item && G_VALUE_HOLDS_DOUBLE (item) ? g_value_get_double (item) : 0.0;
}

char *
docscan_structure_to_string (const GstStructure * s)
{
  return gst_structure_to_string (s);
}

GstStructure *
docscan_structure_from_string (const char *text)
{
  return gst_structure_from_string (text, NULL);
}

void
docscan_string_free (char *text)
{
  g_free (text);
}

