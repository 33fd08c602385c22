/* Read-only walks over GstStructures and their GValues, for docscan-run
 * (GValue types and their macros do not import into Swift). */
#include "docscan_run_shim.h"

const char *
docscan_run_structure_name (const GstStructure * structure)
{
  return gst_structure_get_name (structure);
}

guint
docscan_run_structure_n_fields (const GstStructure * structure)
{
  return (guint) gst_structure_n_fields (structure);
}

const char *
docscan_run_structure_field_name (const GstStructure * structure, guint index)
{
  return gst_structure_nth_field_name (structure, index);
}

const GValue *
docscan_run_structure_field_value (const GstStructure * structure,
    guint index)
{
  return gst_structure_get_value (structure,
      gst_structure_nth_field_name (structure, index));
}

DocScanRunValueKind
docscan_run_value_kind (const GValue * value)
{
  GType type = G_VALUE_TYPE (value);

  if (type == G_TYPE_STRING)
    return DOCSCAN_RUN_VALUE_STRING;
  if (type == G_TYPE_BOOLEAN)
    return DOCSCAN_RUN_VALUE_BOOLEAN;
  if (type == G_TYPE_UINT)
    return DOCSCAN_RUN_VALUE_UINT;
  if (type == G_TYPE_UINT64)
    return DOCSCAN_RUN_VALUE_UINT64;
  if (type == G_TYPE_DOUBLE)
    return DOCSCAN_RUN_VALUE_DOUBLE;
  if (type == GST_TYPE_ARRAY || type == GST_TYPE_LIST)
    return DOCSCAN_RUN_VALUE_ARRAY;
  if (type == GST_TYPE_STRUCTURE)
    return DOCSCAN_RUN_VALUE_STRUCTURE;
  if (type == GST_TYPE_SAMPLE)
    return DOCSCAN_RUN_VALUE_SAMPLE;
  return DOCSCAN_RUN_VALUE_OTHER;
}

const char *
docscan_run_value_string (const GValue * value)
{
  return g_value_get_string (value);
}

gboolean
docscan_run_value_boolean (const GValue * value)
{
  return g_value_get_boolean (value);
}

guint
docscan_run_value_uint (const GValue * value)
{
  return g_value_get_uint (value);
}

guint64
docscan_run_value_uint64 (const GValue * value)
{
  return g_value_get_uint64 (value);
}

gdouble
docscan_run_value_double (const GValue * value)
{
  return g_value_get_double (value);
}

guint
docscan_run_value_array_size (const GValue * value)
{
  return G_VALUE_TYPE (value) == GST_TYPE_LIST ?
      gst_value_list_get_size (value) : gst_value_array_get_size (value);
}

const GValue *
docscan_run_value_array_item (const GValue * value, guint index)
{
  return G_VALUE_TYPE (value) == GST_TYPE_LIST ?
      gst_value_list_get_value (value, index) :
      gst_value_array_get_value (value, index);
}

const GstStructure *
docscan_run_value_structure (const GValue * value)
{
  return gst_value_get_structure (value);
}

static GstBuffer *
sample_buffer (const GValue * value)
{
  GstSample *sample = gst_value_get_sample (value);
  return sample ? gst_sample_get_buffer (sample) : NULL;
}

gsize
docscan_run_value_sample_size (const GValue * value)
{
  GstBuffer *buffer = sample_buffer (value);
  return buffer ? gst_buffer_get_size (buffer) : 0;
}

gboolean
docscan_run_value_sample_copy (const GValue * value, guint8 * destination,
    gsize size)
{
  GstBuffer *buffer = sample_buffer (value);
  return buffer != NULL
      && gst_buffer_extract (buffer, 0, destination, size) == size;
}

char *
docscan_run_value_serialize (const GValue * value)
{
  char *text = gst_value_serialize (value);
  return text ? text : g_strdup ("");
}
