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

typedef struct {
  gboolean annotate;
  DocScanAnalysis analysis;
  gdouble blur_threshold;
  gdouble glare_threshold;
  guint timeout; /* seconds, 0 = none */
} DocScanSettings;

/* Times of one buffer, GST_CLOCK_TIME_NONE (G_MAXUINT64) where unknown. */
typedef struct {
  guint64 timestamp;
  guint64 stream_time;
  guint64 running_time;
  guint64 duration;
} DocScanFrameTimes;

/* ---- Implemented in Swift (DocScanElement, @_cdecl) ---- */

void *docscan_swift_start (GstElement * element);
void docscan_swift_stop (void *controller);
gboolean docscan_swift_set_info (void *controller, const GstVideoInfo * info);
void docscan_swift_transform (void *controller, GstVideoFrame * frame,
    gboolean writable, const DocScanSettings * settings,
    const DocScanFrameTimes * times);
void docscan_swift_drain (void *controller);
void docscan_swift_reset (void *controller);
void docscan_swift_playing (void *controller);

/* ---- Element helpers ---- */

GType gst_docscan_get_type (void);
gboolean docscan_plugin_register (GstPlugin * plugin);

G_END_DECLS
#endif
