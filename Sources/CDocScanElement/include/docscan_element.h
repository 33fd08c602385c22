/* The docscan element's boundary between C and Swift: the settings copied
 * out per frame, and the functions the Swift glue implements. */
#ifndef DOCSCAN_ELEMENT_H
#define DOCSCAN_ELEMENT_H

#include <gst/gst.h>
#include <gst/video/video.h>

G_BEGIN_DECLS

/* ---- Settings: the element's properties, copied out once per frame ---- */

typedef enum {
  DOCSCAN_ANALYSIS_ASYNC = 0,
  DOCSCAN_ANALYSIS_SYNC = 1,
} DocScanAnalysis;

typedef enum {
  DOCSCAN_MODE_COMBINED = 0,
  DOCSCAN_MODE_MRZ = 1,
  DOCSCAN_MODE_BARCODE = 2,
  DOCSCAN_MODE_FRONT = 3,
} DocScanMode;

typedef struct {
  gboolean annotate;
  DocScanAnalysis analysis;
  gdouble blur_threshold;
  gdouble glare_threshold;
  guint timeout; /* seconds, 0 = none */
  DocScanMode mode;
  guint auto_reset; /* seconds, 0 = never */
  gboolean redact;
  gboolean attach_images;
  /* Paths, NULL when unset. The element owns them; Swift sees copies made
   * for docscan_swift_start only (per frame they are NULL). */
  gchar *tessdata;
  gchar *results_location;
  /* barcode-types, read at start like the paths (NULL per frame). */
  gchar *barcode_types;
  /* desk: this desk's or camera's name, read at start (NULL per frame and
   * when unset). */
  gchar *desk;
} DocScanSettings;

/* Why docscan_swift_start refused to start (bad configuration). */
typedef enum {
  DOCSCAN_START_OK = 0,
  DOCSCAN_START_RESULTS_UNWRITABLE,
  DOCSCAN_START_TESSDATA_MISSING,
  DOCSCAN_START_READER_FAILED,
  DOCSCAN_START_BARCODE_TYPE_UNKNOWN,
} DocScanStartProblem;

/* Times of one buffer, GST_CLOCK_TIME_NONE (G_MAXUINT64) where unknown. */
typedef struct {
  guint64 timestamp;
  guint64 stream_time;
  guint64 running_time;
  guint64 duration;
} DocScanFrameTimes;

/* ---- Implemented in Swift (DocScanElement, @_cdecl) ---- */

/* The controller, or NULL with *problem set and *detail a malloc'd message
 * naming the path or value (the caller frees it). */
void *docscan_swift_start (GstElement * element,
    const DocScanSettings * settings, DocScanStartProblem * problem,
    char **detail);
void docscan_swift_stop (void *controller);
gboolean docscan_swift_set_info (void *controller, const GstVideoInfo * info);
void docscan_swift_transform (void *controller, GstVideoFrame * frame,
    gboolean writable, const DocScanSettings * settings,
    const DocScanFrameTimes * times);
void docscan_swift_drain (void *controller);
void docscan_swift_reset (void *controller);
void docscan_swift_playing (void *controller);
/* Called when the element goes from PAUSED to READY, before its pads stop. */
void docscan_swift_will_stop (void *controller);

/* ---- Element helpers ---- */

/* The docscan debug category, for Swift: whether `level` (a GstDebugLevel)
 * is logged, and one line at that level on the element. */
gboolean docscan_element_log_enabled (gint level);
void docscan_element_log (GstElement * element, gint level,
    const char *message);
/* A GST_ELEMENT_WARNING of the RESOURCE domain (writing results failed). */
void docscan_element_write_warning (GstElement * element, const char *text,
    const char *debug);

GType gst_docscan_get_type (void);
gboolean docscan_plugin_register (GstPlugin * plugin);

G_END_DECLS
#endif
