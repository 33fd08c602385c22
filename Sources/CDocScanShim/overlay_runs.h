/* Inside the shim only: an overlay rectangle's drawn pixels kept as runs
 * (overlay_runs.c). */
#ifndef DOCSCAN_OVERLAY_RUNS_H
#define DOCSCAN_OVERLAY_RUNS_H

#include "docscan_shim.h"

/* Attaches the runs of `pixels` (AYUV or BGRA, straight alpha, described by
 * `info`) to `rectangle`; other formats get none. Only AYUV runs can be
 * blended. */
void docscan_overlay_runs_attach (GstVideoOverlayRectangle * rectangle,
    const GstVideoInfo * info, GstBuffer * pixels);
/* Whether `rectangle` has runs and can be blended from them into `frame`
 * exactly as gst_video_blend() would: I420, YV12, NV12 or NV21, unscaled,
 * inside the frame, global alpha 1, straight alpha. */
gboolean docscan_overlay_runs_can_blend (GstVideoOverlayRectangle * rectangle,
    const GstVideoFrame * frame);
/* Blends the runs; only after docscan_overlay_runs_can_blend() said yes. */
void docscan_overlay_runs_blend (GstVideoOverlayRectangle * rectangle,
    GstVideoFrame * frame);

/* Calls `visit` with each run's frame row, first column and length (the
 * rectangle's render position added); FALSE when `rectangle` has no runs
 * or is scaled. */
typedef void (*DocScanRunVisitor) (gint row, gint column, gint length,
    gpointer data);
gboolean docscan_overlay_runs_each (GstVideoOverlayRectangle * rectangle,
    DocScanRunVisitor visit, gpointer data);

#endif
