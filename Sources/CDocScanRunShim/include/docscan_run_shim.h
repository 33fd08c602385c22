/* docscan-run's C bridge to GStreamer: pipeline, bus, GValues and the
 * Ctrl-C flag. Nothing in here decides anything; the Swift program does. */
#ifndef DOCSCAN_RUN_SHIM_H
#define DOCSCAN_RUN_SHIM_H

#include <gst/gst.h>

G_BEGIN_DECLS

/* ---- GStreamer and the plugin ---- */

/* gst_init_check without arguments; on failure writes GStreamer's message
 * into *error_text (free with g_free). */
gboolean docscan_run_init (char **error_text);
/* TRUE when GStreamer knows an element factory of this name. */
gboolean docscan_run_has_element (const char *factory);

/* ---- The pipeline ---- */

/* Builds a pipeline from gst-launch style arguments (each one token: a
 * value with spaces stays one value). Any problem (unknown element or
 * property, bad value, missing link) is fatal: NULL and *error_text set. */
GstElement *docscan_run_pipeline_new (const char *const *arguments,
    char **error_text);
/* FALSE when the change to PLAYING fails at once (the bus says why). */
gboolean docscan_run_pipeline_play (GstElement * pipeline);
/* Ends the stream by sending EOS into the sink pad of the element named
 * `element` (or, without one, to the pipeline's sources). Behind a live
 * source that is what ends it at once: rtspsrc, for one, passes an EOS sent
 * to the pipeline on through its jitter buffer only when the server ends. */
void docscan_run_pipeline_send_eos (GstElement * pipeline,
    const char *element);
/* Sets NULL and releases the pipeline. */
void docscan_run_pipeline_free (GstElement * pipeline);

/* ---- Bus messages ---- */

typedef enum {
  DOCSCAN_RUN_MESSAGE_ELEMENT,
  DOCSCAN_RUN_MESSAGE_EOS,
  DOCSCAN_RUN_MESSAGE_ERROR,
  DOCSCAN_RUN_MESSAGE_WARNING,
} DocScanRunMessageKind;

/* The next element, EOS, error or warning message, waiting at most
 * timeout_ms; NULL when none came. Free with docscan_run_message_free. */
GstMessage *docscan_run_pipeline_next_message (GstElement * pipeline,
    guint timeout_ms);
DocScanRunMessageKind docscan_run_message_kind (GstMessage * message);
/* The message's structure, owned by the message; NULL when it has none. */
const GstStructure *docscan_run_message_structure (GstMessage * message);
/* Name of the object that posted it (e.g. "docscan0"); never NULL. */
const char *docscan_run_message_source_name (GstMessage * message);
/* An error's or warning's text and debug detail; free with g_free. */
void docscan_run_message_parse_problem (GstMessage * message, char **text,
    char **debug);
void docscan_run_message_free (GstMessage * message);

/* ---- Structures and values (read-only walks) ---- */

typedef enum {
  DOCSCAN_RUN_VALUE_OTHER = 0,
  DOCSCAN_RUN_VALUE_STRING,
  DOCSCAN_RUN_VALUE_BOOLEAN,
  DOCSCAN_RUN_VALUE_UINT,
  DOCSCAN_RUN_VALUE_UINT64,
  DOCSCAN_RUN_VALUE_DOUBLE,
  DOCSCAN_RUN_VALUE_ARRAY,
  DOCSCAN_RUN_VALUE_STRUCTURE,
  DOCSCAN_RUN_VALUE_SAMPLE,
} DocScanRunValueKind;

const char *docscan_run_structure_name (const GstStructure * structure);
guint docscan_run_structure_n_fields (const GstStructure * structure);
const char *docscan_run_structure_field_name (const GstStructure * structure,
    guint index);
const GValue *docscan_run_structure_field_value (const GstStructure *
    structure, guint index);

DocScanRunValueKind docscan_run_value_kind (const GValue * value);
/* NULL for a NULL string. */
const char *docscan_run_value_string (const GValue * value);
gboolean docscan_run_value_boolean (const GValue * value);
guint docscan_run_value_uint (const GValue * value);
guint64 docscan_run_value_uint64 (const GValue * value);
gdouble docscan_run_value_double (const GValue * value);
/* A GstValueArray or GstValueList: its length and items. */
guint docscan_run_value_array_size (const GValue * value);
const GValue *docscan_run_value_array_item (const GValue * value,
    guint index);
const GstStructure *docscan_run_value_structure (const GValue * value);
/* A GstSample's buffer: its size, then a copy of its bytes into
 * `destination` (FALSE when the buffer cannot be read). */
gsize docscan_run_value_sample_size (const GValue * value);
gboolean docscan_run_value_sample_copy (const GValue * value,
    guint8 * destination, gsize size);
/* Any other value in GStreamer's text form; free with g_free. */
char *docscan_run_value_serialize (const GValue * value);

/* ---- Ctrl-C ---- */

/* Counts the first SIGINT or SIGTERM from now on instead of dying; a
 * second one ends the process as the signal does by default. */
void docscan_run_watch_interrupts (void);
/* How many have arrived, and the number of the last one (0 before any). */
guint docscan_run_interrupt_count (void);
int docscan_run_interrupt_signal (void);

/* ---- The terminal ---- */

/* Width of the terminal on `fd` in columns; 0 when fd is not a terminal. */
guint docscan_run_terminal_columns (int fd);

G_END_DECLS
#endif
