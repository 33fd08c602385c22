/* The pipeline and its bus, for docscan-run. */
#include "docscan_run_shim.h"

gboolean
docscan_run_init (char **error_text)
{
  GError *error = NULL;

  if (gst_init_check (NULL, NULL, &error))
    return TRUE;
  *error_text = g_strdup (error ? error->message : "gst_init failed");
  g_clear_error (&error);
  return FALSE;
}

gboolean
docscan_run_has_element (const char *factory)
{
  GstElementFactory *found = gst_element_factory_find (factory);

  if (found == NULL)
    return FALSE;
  gst_object_unref (found);
  return TRUE;
}

GstElement *
docscan_run_pipeline_new (const char *const *arguments, char **error_text)
{
  GError *error = NULL;
  GstElement *pipeline;

  /* gst_parse_launchv escapes each argument, so a path with spaces is one
   * value; FATAL_ERRORS turns a property that cannot be set into a failure
   * instead of a pipeline that runs without it. */
  pipeline = gst_parse_launchv_full ((const gchar **) arguments, NULL,
      GST_PARSE_FLAG_FATAL_ERRORS, &error);
  if (error != NULL) {
    *error_text = g_strdup (error->message);
    g_clear_error (&error);
    if (pipeline)
      gst_object_unref (pipeline);
    return NULL;
  }
  return pipeline;
}

gboolean
docscan_run_pipeline_play (GstElement * pipeline)
{
  return gst_element_set_state (pipeline,
      GST_STATE_PLAYING) != GST_STATE_CHANGE_FAILURE;
}

void
docscan_run_pipeline_send_eos (GstElement * pipeline, const char *element)
{
  GstElement *target = gst_bin_get_by_name (GST_BIN (pipeline), element);
  GstPad *pad = target ? gst_element_get_static_pad (target, "sink") : NULL;

  if (pad != NULL)
    gst_pad_send_event (pad, gst_event_new_eos ());
  else
    gst_element_send_event (pipeline, gst_event_new_eos ());
  if (pad)
    gst_object_unref (pad);
  if (target)
    gst_object_unref (target);
}

void
docscan_run_pipeline_free (GstElement * pipeline)
{
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (pipeline);
}

GstMessage *
docscan_run_pipeline_next_message (GstElement * pipeline, guint timeout_ms)
{
  GstBus *bus = gst_element_get_bus (pipeline);
  GstMessage *message = gst_bus_timed_pop_filtered (bus,
      (GstClockTime) timeout_ms * GST_MSECOND,
      GST_MESSAGE_ELEMENT | GST_MESSAGE_EOS | GST_MESSAGE_ERROR |
      GST_MESSAGE_WARNING);

  gst_object_unref (bus);
  return message;
}

DocScanRunMessageKind
docscan_run_message_kind (GstMessage * message)
{
  switch (GST_MESSAGE_TYPE (message)) {
    case GST_MESSAGE_EOS:
      return DOCSCAN_RUN_MESSAGE_EOS;
    case GST_MESSAGE_ERROR:
      return DOCSCAN_RUN_MESSAGE_ERROR;
    case GST_MESSAGE_WARNING:
      return DOCSCAN_RUN_MESSAGE_WARNING;
    default:
      return DOCSCAN_RUN_MESSAGE_ELEMENT;
  }
}

const GstStructure *
docscan_run_message_structure (GstMessage * message)
{
  return gst_message_get_structure (message);
}

const char *
docscan_run_message_source_name (GstMessage * message)
{
  const char *name = GST_MESSAGE_SRC_NAME (message);
  return name ? name : "(unknown)";
}

void
docscan_run_message_parse_problem (GstMessage * message, char **text,
    char **debug)
{
  GError *error = NULL;

  if (GST_MESSAGE_TYPE (message) == GST_MESSAGE_ERROR)
    gst_message_parse_error (message, &error, debug);
  else
    gst_message_parse_warning (message, &error, debug);
  *text = g_strdup (error ? error->message : "");
  g_clear_error (&error);
}

void
docscan_run_message_free (GstMessage * message)
{
  gst_message_unref (message);
}
