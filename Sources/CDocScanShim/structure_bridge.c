/* GstStructure bridge: typed setters that Swift can call (GValue types and
 * varargs do not import into Swift), and posting the element message.
 * Reading structures back is the tests' business (Tests/CDocScanTestShim). */
#include "docscan_shim.h"

GstStructure *
docscan_structure_new (const char *name)
{
  return gst_structure_new_empty (name);
}

void
docscan_structure_set_string (GstStructure * s, const char *field,
    const char *value)
{
  gst_structure_set (s, field, G_TYPE_STRING, value, NULL);
}

void
docscan_structure_set_uint (GstStructure * s, const char *field, guint value)
{
  gst_structure_set (s, field, G_TYPE_UINT, value, NULL);
}

void
docscan_structure_set_uint64 (GstStructure * s, const char *field,
    guint64 value)
{
  gst_structure_set (s, field, G_TYPE_UINT64, value, NULL);
}

void
docscan_structure_set_double (GstStructure * s, const char *field,
    gdouble value)
{
  gst_structure_set (s, field, G_TYPE_DOUBLE, value, NULL);
}

void
docscan_structure_set_boolean (GstStructure * s, const char *field,
    gboolean value)
{
  gst_structure_set (s, field, G_TYPE_BOOLEAN, value, NULL);
}

void
docscan_structure_set_string_array (GstStructure * s, const char *field,
    const char *const *values, gsize count)
{
  GValue array = G_VALUE_INIT;
  GValue item = G_VALUE_INIT;

  gst_value_array_init (&array, count);
  g_value_init (&item, G_TYPE_STRING);
  for (gsize i = 0; i < count; i++) {
    g_value_set_string (&item, values[i]);
    gst_value_array_append_value (&array, &item);
  }
  g_value_unset (&item);
  gst_structure_take_value (s, field, &array);
}

void
docscan_structure_set_double_array (GstStructure * s, const char *field,
    const gdouble * values, gsize count)
{
  GValue array = G_VALUE_INIT;
  GValue item = G_VALUE_INIT;

  gst_value_array_init (&array, count);
  g_value_init (&item, G_TYPE_DOUBLE);
  for (gsize i = 0; i < count; i++) {
    g_value_set_double (&item, values[i]);
    gst_value_array_append_value (&array, &item);
  }
  g_value_unset (&item);
  gst_structure_take_value (s, field, &array);
}

void
docscan_structure_take_structure (GstStructure * s, const char *field,
    GstStructure * value)
{
  GValue nested = G_VALUE_INIT;

  g_value_init (&nested, GST_TYPE_STRUCTURE);
  g_value_take_boxed (&nested, value);
  gst_structure_take_value (s, field, &nested);
}

void
docscan_structure_set_png_sample (GstStructure * s, const char *field,
    const guint8 * png, gsize length)
{
  GstBuffer *buffer = gst_buffer_new_memdup (png, length);
  GstCaps *caps = gst_caps_new_empty_simple ("image/png");
  GstSample *sample = gst_sample_new (buffer, caps, NULL, NULL);

  gst_structure_set (s, field, GST_TYPE_SAMPLE, sample, NULL);
  gst_sample_unref (sample);
  gst_caps_unref (caps);
  gst_buffer_unref (buffer);
}

gboolean
docscan_post_element_message (GstElement * element, GstStructure * structure)
{
  return gst_element_post_message (element,
      gst_message_new_element (GST_OBJECT (element), structure));
}
