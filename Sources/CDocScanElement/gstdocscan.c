/* The docscan element: a GstVideoFilter that edits frames in place.
 * Boilerplate only: caps, properties, the reset signal and the vfuncs, each
 * forwarding to the Swift controller (docscan_swift_*). */
#include <stdlib.h>
#include <time.h>

#include "docscan_element.h"

GST_DEBUG_CATEGORY_STATIC (docscan_debug);

/* docscan-tessdata beside libgstdocscan.so, set when the plugin registers. */
static gchar *default_tessdata;
#define GST_CAT_DEFAULT docscan_debug

#define DOCSCAN_FORMATS \
  "{ I420, NV12, YV12, GRAY8, RGB, BGR, RGBx, BGRx, xRGB, xBGR, RGBA, BGRA, YUY2 }"
#define DOCSCAN_CAPS \
  "video/x-raw, format = (string) " DOCSCAN_FORMATS ", " \
  "width = (int) [ 64, 4096 ], height = (int) [ 64, 4096 ], " \
  "framerate = (fraction) [ 0, MAX ]"

typedef struct _GstDocScan
{
  GstVideoFilter parent;

  /* Properties, guarded by the object lock. */
  DocScanSettings settings;

  /* The Swift controller exists from start() to stop(). */
  GMutex controller_lock;
  void *controller;
  gboolean has_played;
} GstDocScan;

typedef struct _GstDocScanClass
{
  GstVideoFilterClass parent_class;
} GstDocScanClass;

G_DEFINE_TYPE (GstDocScan, gst_docscan, GST_TYPE_VIDEO_FILTER);
#define GST_DOCSCAN(obj) ((GstDocScan *) (obj))

enum
{
  PROP_0,
  PROP_ANNOTATE,
  PROP_ANALYSIS,
  PROP_BLUR_THRESHOLD,
  PROP_GLARE_THRESHOLD,
  PROP_TIMEOUT,
  PROP_MODE,
  PROP_AUTO_RESET,
  PROP_RESULTS_LOCATION,
  PROP_TESSDATA,
  PROP_REDACT,
  PROP_BARCODE_TYPES,
  PROP_DESK,
  PROP_ATTACH_IMAGES,
};

enum
{
  SIGNAL_RESET,
  LAST_SIGNAL
};
static guint docscan_signals[LAST_SIGNAL];

/* Defaults; README.md explains how they were chosen. */
#define DEFAULT_ANNOTATE TRUE
#define DEFAULT_ANALYSIS DOCSCAN_ANALYSIS_ASYNC
#define DEFAULT_BLUR_THRESHOLD 0.45
#define DEFAULT_GLARE_THRESHOLD 0.02
#define DEFAULT_TIMEOUT 0
#define DEFAULT_MODE DOCSCAN_MODE_COMBINED
#define DEFAULT_AUTO_RESET 0
#define DEFAULT_REDACT FALSE
#define DEFAULT_ATTACH_IMAGES FALSE
/* Every symbology the reader knows (BarcodeSymbology.all, in its order;
 * InspectTests checks the two agree). */
#define DEFAULT_BARCODE_TYPES \
  "pdf417,qrcode,datamatrix,aztec,code128,code39,code93,ean13,ean8,upca," \
  "upce,itf,codabar"

#define GST_TYPE_DOCSCAN_ANALYSIS (docscan_analysis_get_type ())
static GType
docscan_analysis_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {DOCSCAN_ANALYSIS_ASYNC,
        "Analyse the newest frame off the streaming thread; never stall",
        "async"},
    {DOCSCAN_ANALYSIS_SYNC, "Analyse every frame before pushing it", "sync"},
    {0, NULL, NULL},
  };
  if (g_once_init_enter (&type)) {
    GType t = g_enum_register_static ("GstDocScanAnalysis", values);
    g_once_init_leave (&type, t);
  }
  return type;
}

#define GST_TYPE_DOCSCAN_MODE (docscan_mode_get_type ())
static GType
docscan_mode_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {DOCSCAN_MODE_COMBINED,
        "The sides the document needs: one for a passport, visa or TD2; "
          "front, then back for a TD1 ID card", "combined"},
    {DOCSCAN_MODE_MRZ, "Only the side with the MRZ", "mrz"},
    {DOCSCAN_MODE_BARCODE,
        "Barcodes only (barcode-types), on a document or held alone",
        "barcode"},
    {DOCSCAN_MODE_FRONT,
        "The front's document image and portrait only; nothing is read",
        "front"},
    {0, NULL, NULL},
  };
  if (g_once_init_enter (&type)) {
    GType t = g_enum_register_static ("GstDocScanMode", values);
    g_once_init_leave (&type, t);
  }
  return type;
}

static void
gst_docscan_set_property (GObject * object, guint prop_id,
    const GValue * value, GParamSpec * pspec)
{
  GstDocScan *self = GST_DOCSCAN (object);
  gboolean annotate_changed = FALSE;

  GST_OBJECT_LOCK (self);
  switch (prop_id) {
    case PROP_ANNOTATE:
      self->settings.annotate = g_value_get_boolean (value);
      annotate_changed = TRUE;
      break;
    case PROP_ANALYSIS:
      self->settings.analysis = g_value_get_enum (value);
      break;
    case PROP_BLUR_THRESHOLD:
      self->settings.blur_threshold = g_value_get_double (value);
      break;
    case PROP_GLARE_THRESHOLD:
      self->settings.glare_threshold = g_value_get_double (value);
      break;
    case PROP_TIMEOUT:
      self->settings.timeout = g_value_get_uint (value);
      break;
    case PROP_MODE:
      self->settings.mode = g_value_get_enum (value);
      break;
    case PROP_AUTO_RESET:
      self->settings.auto_reset = g_value_get_uint (value);
      break;
    case PROP_RESULTS_LOCATION:
      g_free (self->settings.results_location);
      self->settings.results_location = g_value_dup_string (value);
      break;
    case PROP_TESSDATA:
      g_free (self->settings.tessdata);
      /* NULL restores the default: the model installed with the plugin. */
      self->settings.tessdata = g_value_get_string (value) != NULL
          ? g_value_dup_string (value) : g_strdup (default_tessdata);
      break;
    case PROP_REDACT:
      self->settings.redact = g_value_get_boolean (value);
      break;
    case PROP_BARCODE_TYPES:
      g_free (self->settings.barcode_types);
      self->settings.barcode_types = g_value_dup_string (value);
      break;
    case PROP_DESK:
      g_free (self->settings.desk);
      self->settings.desk = g_value_dup_string (value);
      break;
    case PROP_ATTACH_IMAGES:
      self->settings.attach_images = g_value_get_boolean (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
  GST_OBJECT_UNLOCK (self);

  /* Without drawing the element only reads frames: passthrough lets
   * GstVideoFilter map them read-only, so upstream buffers are never copied. */
  if (annotate_changed)
    gst_base_transform_set_passthrough (GST_BASE_TRANSFORM (self),
        !g_value_get_boolean (value));
}

static void
gst_docscan_get_property (GObject * object, guint prop_id, GValue * value,
    GParamSpec * pspec)
{
  GstDocScan *self = GST_DOCSCAN (object);

  GST_OBJECT_LOCK (self);
  switch (prop_id) {
    case PROP_ANNOTATE:
      g_value_set_boolean (value, self->settings.annotate);
      break;
    case PROP_ANALYSIS:
      g_value_set_enum (value, self->settings.analysis);
      break;
    case PROP_BLUR_THRESHOLD:
      g_value_set_double (value, self->settings.blur_threshold);
      break;
    case PROP_GLARE_THRESHOLD:
      g_value_set_double (value, self->settings.glare_threshold);
      break;
    case PROP_TIMEOUT:
      g_value_set_uint (value, self->settings.timeout);
      break;
    case PROP_MODE:
      g_value_set_enum (value, self->settings.mode);
      break;
    case PROP_AUTO_RESET:
      g_value_set_uint (value, self->settings.auto_reset);
      break;
    case PROP_RESULTS_LOCATION:
      g_value_set_string (value, self->settings.results_location);
      break;
    case PROP_TESSDATA:
      g_value_set_string (value, self->settings.tessdata);
      break;
    case PROP_REDACT:
      g_value_set_boolean (value, self->settings.redact);
      break;
    case PROP_ATTACH_IMAGES:
      g_value_set_boolean (value, self->settings.attach_images);
      break;
    case PROP_BARCODE_TYPES:
      g_value_set_string (value, self->settings.barcode_types);
      break;
    case PROP_DESK:
      g_value_set_string (value, self->settings.desk);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
  GST_OBJECT_UNLOCK (self);
}

static void
gst_docscan_reset (GstDocScan * self)
{
  g_mutex_lock (&self->controller_lock);
  if (self->controller)
    docscan_swift_reset (self->controller);
  g_mutex_unlock (&self->controller_lock);
}

/* Bad configuration is an element error naming the path or value; Swift
 * decides what is wrong and says so in `detail`. */
static void
gst_docscan_post_start_error (GstDocScan * self, DocScanStartProblem problem,
    const char *detail)
{
  const char *text = detail ? detail : "could not start the docscan analysis";

  switch (problem) {
    case DOCSCAN_START_RESULTS_UNWRITABLE:
      GST_ELEMENT_ERROR (self, RESOURCE, OPEN_WRITE, ("%s", text), (NULL));
      break;
    case DOCSCAN_START_TESSDATA_MISSING:
      GST_ELEMENT_ERROR (self, RESOURCE, NOT_FOUND, ("%s", text), (NULL));
      break;
    case DOCSCAN_START_BARCODE_TYPE_UNKNOWN:
      GST_ELEMENT_ERROR (self, LIBRARY, SETTINGS, ("%s", text), (NULL));
      break;
    default:
      GST_ELEMENT_ERROR (self, LIBRARY, INIT, ("%s", text), (NULL));
      break;
  }
}

static gboolean
gst_docscan_start (GstBaseTransform * trans)
{
  GstDocScan *self = GST_DOCSCAN (trans);
  DocScanSettings settings;
  DocScanStartProblem problem = DOCSCAN_START_OK;
  char *detail = NULL;
  void *controller;

  /* Swift gets its own copies of the paths, valid for the call. */
  GST_OBJECT_LOCK (self);
  settings = self->settings;
  settings.tessdata = g_strdup (self->settings.tessdata);
  settings.results_location = g_strdup (self->settings.results_location);
  settings.barcode_types = g_strdup (self->settings.barcode_types);
  settings.desk = g_strdup (self->settings.desk);
  GST_OBJECT_UNLOCK (self);

  controller = docscan_swift_start (GST_ELEMENT (self), &settings, &problem,
      &detail);
  g_free (settings.tessdata);
  g_free (settings.results_location);
  g_free (settings.barcode_types);
  g_free (settings.desk);
  if (controller == NULL) {
    gst_docscan_post_start_error (self, problem, detail);
    free (detail);
    return FALSE;
  }
  g_mutex_lock (&self->controller_lock);
  self->controller = controller;
  self->has_played = FALSE;
  g_mutex_unlock (&self->controller_lock);
  return TRUE;
}

static gboolean
gst_docscan_stop (GstBaseTransform * trans)
{
  GstDocScan *self = GST_DOCSCAN (trans);
  void *controller;

  g_mutex_lock (&self->controller_lock);
  controller = self->controller;
  self->controller = NULL;
  g_mutex_unlock (&self->controller_lock);

  if (controller)
    docscan_swift_stop (controller);
  return TRUE;
}

static gboolean
gst_docscan_set_info (GstVideoFilter * filter, GstCaps * incaps,
    GstVideoInfo * in_info, GstCaps * outcaps, GstVideoInfo * out_info)
{
  GstDocScan *self = GST_DOCSCAN (filter);
  (void) incaps;
  (void) outcaps;
  (void) out_info;

  if (self->controller == NULL) {
    GST_ERROR_OBJECT (self, "caps arrived before start");
    return FALSE;
  }
  if (!docscan_swift_set_info (self->controller, in_info)) {
    GST_ELEMENT_ERROR (self, CORE, NEGOTIATION, (NULL),
        ("cannot analyse %s %dx%d frames",
            gst_video_format_to_string (GST_VIDEO_INFO_FORMAT (in_info)),
            GST_VIDEO_INFO_WIDTH (in_info), GST_VIDEO_INFO_HEIGHT (in_info)));
    return FALSE;
  }
  return TRUE;
}

static GstFlowReturn
gst_docscan_transform_frame_ip (GstVideoFilter * filter, GstVideoFrame * frame)
{
  GstDocScan *self = GST_DOCSCAN (filter);
  GstSegment *segment = &GST_BASE_TRANSFORM (filter)->segment;
  GstBuffer *buffer = frame->buffer;
  DocScanSettings settings;
  DocScanFrameTimes times;
  gboolean writable = (frame->map[0].flags & GST_MAP_WRITE) != 0;

  if (self->controller == NULL)
    return GST_FLOW_OK;

  GST_OBJECT_LOCK (self);
  settings = self->settings;
  GST_OBJECT_UNLOCK (self);
  /* Paths are read at start only. */
  settings.tessdata = NULL;
  settings.results_location = NULL;
  settings.barcode_types = NULL;
  settings.desk = NULL;

  times.timestamp = GST_BUFFER_PTS (buffer);
  times.duration = GST_BUFFER_DURATION (buffer);
  times.stream_time = gst_segment_to_stream_time (segment, GST_FORMAT_TIME,
      times.timestamp);
  times.running_time = gst_segment_to_running_time (segment, GST_FORMAT_TIME,
      times.timestamp);

  if (gst_debug_category_get_threshold (docscan_debug) >= GST_LEVEL_TRACE) {
    /* The element's own cost on the streaming thread, for the benchmark:
     * CPU time, so that preemption by other threads does not count. */
    struct timespec start, end;

    clock_gettime (CLOCK_THREAD_CPUTIME_ID, &start);
    docscan_swift_transform (self->controller, frame, writable, &settings,
        &times);
    clock_gettime (CLOCK_THREAD_CPUTIME_ID, &end);
    GST_TRACE_OBJECT (self, "streaming thread: %" G_GINT64_FORMAT " ns cpu",
        (gint64) (end.tv_sec - start.tv_sec) * GST_SECOND
        + (end.tv_nsec - start.tv_nsec));
  } else {
    docscan_swift_transform (self->controller, frame, writable, &settings,
        &times);
  }
  return GST_FLOW_OK;
}

static gboolean
gst_docscan_sink_event (GstBaseTransform * trans, GstEvent * event)
{
  GstDocScan *self = GST_DOCSCAN (trans);

  /* Results of the last analysed frames must reach the bus before EOS does. */
  if (GST_EVENT_TYPE (event) == GST_EVENT_EOS && self->controller)
    docscan_swift_drain (self->controller);

  return GST_BASE_TRANSFORM_CLASS (gst_docscan_parent_class)->sink_event
      (trans, event);
}

static GstStateChangeReturn
gst_docscan_change_state (GstElement * element, GstStateChange transition)
{
  GstDocScan *self = GST_DOCSCAN (element);

  if (transition == GST_STATE_CHANGE_PAUSED_TO_PLAYING) {
    g_mutex_lock (&self->controller_lock);
    /* Going to PLAYING starts a session; the first time, the session that
     * began at start() (and may hold the preroll frame) is that session. */
    if (self->controller && self->has_played)
      docscan_swift_playing (self->controller);
    self->has_played = TRUE;
    g_mutex_unlock (&self->controller_lock);
  } else if (transition == GST_STATE_CHANGE_PAUSED_TO_READY) {
    g_mutex_lock (&self->controller_lock);
    if (self->controller)
      docscan_swift_will_stop (self->controller);
    g_mutex_unlock (&self->controller_lock);
  }
  return GST_ELEMENT_CLASS (gst_docscan_parent_class)->change_state (element,
      transition);
}

static void
gst_docscan_finalize (GObject * object)
{
  GstDocScan *self = GST_DOCSCAN (object);

  g_mutex_clear (&self->controller_lock);
  g_free (self->settings.tessdata);
  g_free (self->settings.results_location);
  g_free (self->settings.barcode_types);
  g_free (self->settings.desk);
  G_OBJECT_CLASS (gst_docscan_parent_class)->finalize (object);
}

static void
gst_docscan_class_init (GstDocScanClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);
  GstBaseTransformClass *trans_class = GST_BASE_TRANSFORM_CLASS (klass);
  GstVideoFilterClass *filter_class = GST_VIDEO_FILTER_CLASS (klass);
  GstCaps *caps = gst_caps_from_string (DOCSCAN_CAPS);
  const GParamFlags flags =
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING;
  /* Paths and barcode-types are checked when the element starts. */
  const GParamFlags path_flags =
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_READY;

  GST_DEBUG_CATEGORY_INIT (docscan_debug, "docscan", 0,
      "identity document scanner");

  gobject_class->set_property = gst_docscan_set_property;
  gobject_class->get_property = gst_docscan_get_property;
  gobject_class->finalize = gst_docscan_finalize;

  g_object_class_install_property (gobject_class, PROP_ANNOTATE,
      g_param_spec_boolean ("annotate", "Annotate",
          "Draw the document outline, the instruction and the quality meters "
          "into the frames", DEFAULT_ANNOTATE, flags));
  g_object_class_install_property (gobject_class, PROP_ANALYSIS,
      g_param_spec_enum ("analysis", "Analysis",
          "async: analyse the newest frame off the streaming thread and never "
          "stall (frames arriving while busy pass un-analysed); sync: analyse "
          "every frame before it is pushed (files, tests)",
          GST_TYPE_DOCSCAN_ANALYSIS, DEFAULT_ANALYSIS, flags));
  g_object_class_install_property (gobject_class, PROP_BLUR_THRESHOLD,
      g_param_spec_double ("blur-threshold", "Blur threshold",
          "Frames whose blur (0 sharp .. 1 unreadable) exceeds this get the "
          "'blur' event", 0.0, 1.0, DEFAULT_BLUR_THRESHOLD, flags));
  g_object_class_install_property (gobject_class, PROP_GLARE_THRESHOLD,
      g_param_spec_double ("glare-threshold", "Glare threshold",
          "Fraction of the document's area that may be blown out before the "
          "'glare' event", 0.0, 1.0, DEFAULT_GLARE_THRESHOLD, flags));
  g_object_class_install_property (gobject_class, PROP_TIMEOUT,
      g_param_spec_uint ("timeout", "Timeout",
          "Give up a session that has not finished after this many seconds "
          "of stream time (0 = never)", 0, G_MAXUINT, DEFAULT_TIMEOUT, flags));
  g_object_class_install_property (gobject_class, PROP_MODE,
      g_param_spec_enum ("mode", "Mode",
          "Which sides and data a session needs: combined (as the document "
          "needs), mrz (the side with the MRZ only), barcode (barcodes "
          "only) or front (the front's document image and portrait only)",
          GST_TYPE_DOCSCAN_MODE, DEFAULT_MODE, flags));
  g_object_class_install_property (gobject_class, PROP_AUTO_RESET,
      g_param_spec_uint ("auto-reset", "Auto reset",
          "Start a new session this many seconds of stream time after a "
          "result (0 = never)", 0, G_MAXUINT, DEFAULT_AUTO_RESET, flags));
  g_object_class_install_property (gobject_class, PROP_RESULTS_LOCATION,
      g_param_spec_string ("results-location", "Results location",
          "Also append every result as one JSON line to this file (fsync'd "
          "per line; NULL = none)", NULL, path_flags));
  g_object_class_install_property (gobject_class, PROP_TESSDATA,
      g_param_spec_string ("tessdata", "Tessdata",
          "Folder holding docscan's MRZ recognition models, mrz.traineddata "
          "and mrz_small.traineddata (default: docscan-tessdata beside the plugin)", default_tessdata,
          path_flags));
  g_object_class_install_property (gobject_class, PROP_REDACT,
      g_param_spec_boolean ("redact", "Redact",
          "Mask personal fields in the drawn annotations and in debug logs",
          DEFAULT_REDACT, flags));
  g_object_class_install_property (gobject_class, PROP_BARCODE_TYPES,
      g_param_spec_string ("barcode-types", "Barcode types",
          "Symbologies to look for, separated by commas: any of pdf417, "
          "qrcode, datamatrix, aztec, code128, code39, code93, ean13, ean8, "
          "upca, upce, itf, codabar (read at start; an unknown name stops "
          "the element)", DEFAULT_BARCODE_TYPES, path_flags));
  g_object_class_install_property (gobject_class, PROP_DESK,
      g_param_spec_string ("desk", "Desk",
          "An identifier of this desk or camera, copied into every "
          "docscan-side and docscan-result and the JSON line (read at start; "
          "NULL = none)", NULL, path_flags));
  g_object_class_install_property (gobject_class, PROP_ATTACH_IMAGES,
      g_param_spec_boolean ("attach-images", "Attach images",
          "Put the dewarped document image and the portrait (PNG) into "
          "docscan-side and docscan-result (GstSample) and the JSON line "
          "(base64)", DEFAULT_ATTACH_IMAGES, flags));

  docscan_signals[SIGNAL_RESET] = g_signal_new_class_handler ("reset",
      G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST | G_SIGNAL_ACTION,
      G_CALLBACK (gst_docscan_reset), NULL, NULL, NULL, G_TYPE_NONE, 0);

  gst_element_class_set_static_metadata (element_class,
      "Identity document scanner", "Filter/Analyzer/Video",
      "Guides a person through scanning an identity document and reads it; "
      "posts docscan-feedback messages and draws the guidance into the video",
      "docscan developers");
  gst_element_class_add_pad_template (element_class,
      gst_pad_template_new ("sink", GST_PAD_SINK, GST_PAD_ALWAYS, caps));
  gst_element_class_add_pad_template (element_class,
      gst_pad_template_new ("src", GST_PAD_SRC, GST_PAD_ALWAYS, caps));
  gst_caps_unref (caps);

  element_class->change_state = gst_docscan_change_state;
  trans_class->start = gst_docscan_start;
  trans_class->stop = gst_docscan_stop;
  trans_class->sink_event = gst_docscan_sink_event;
  filter_class->set_info = gst_docscan_set_info;
  filter_class->transform_frame_ip = gst_docscan_transform_frame_ip;

  gst_type_mark_as_plugin_api (GST_TYPE_DOCSCAN_ANALYSIS, 0);
  gst_type_mark_as_plugin_api (GST_TYPE_DOCSCAN_MODE, 0);
}

static void
gst_docscan_init (GstDocScan * self)
{
  self->settings.annotate = DEFAULT_ANNOTATE;
  self->settings.analysis = DEFAULT_ANALYSIS;
  self->settings.blur_threshold = DEFAULT_BLUR_THRESHOLD;
  self->settings.glare_threshold = DEFAULT_GLARE_THRESHOLD;
  self->settings.timeout = DEFAULT_TIMEOUT;
  self->settings.mode = DEFAULT_MODE;
  self->settings.auto_reset = DEFAULT_AUTO_RESET;
  self->settings.redact = DEFAULT_REDACT;
  self->settings.attach_images = DEFAULT_ATTACH_IMAGES;
  self->settings.tessdata = g_strdup (default_tessdata);
  self->settings.results_location = NULL;
  self->settings.barcode_types = g_strdup (DEFAULT_BARCODE_TYPES);
  self->settings.desk = NULL;
  g_mutex_init (&self->controller_lock);
  gst_base_transform_set_in_place (GST_BASE_TRANSFORM (self), TRUE);
  gst_base_transform_set_passthrough (GST_BASE_TRANSFORM (self),
      !DEFAULT_ANNOTATE);
}

gboolean
docscan_element_log_enabled (gint level)
{
  return (gint) gst_debug_category_get_threshold (docscan_debug) >= level;
}

void
docscan_element_log (GstElement * element, gint level, const char *message)
{
  GST_CAT_LEVEL_LOG (docscan_debug, (GstDebugLevel) level, element, "%s",
      message);
}

void
docscan_element_write_warning (GstElement * element, const char *text,
    const char *debug)
{
  GST_ELEMENT_WARNING (element, RESOURCE, WRITE, ("%s", text), ("%s", debug));
}

gboolean
docscan_plugin_register (GstPlugin * plugin)
{
  /* The MRZ model is installed beside the plugin (plugin/build.sh). */
  const gchar *file = gst_plugin_get_filename (plugin);
  if (file != NULL && default_tessdata == NULL) {
    gchar *folder = g_path_get_dirname (file);
    default_tessdata = g_build_filename (folder, "docscan-tessdata", NULL);
    g_free (folder);
  }
  return gst_element_register (plugin, "docscan", GST_RANK_NONE,
      gst_docscan_get_type ());
}
