/* Inside the shim only: an overlay rectangle's drawn pixels kept as runs
 * (overlay_runs.c). */
#ifndef DOCSCAN_OVERLAY_RUNS_H
#define DOCSCAN_OVERLAY_RUNS_H

#include "docscan_shim.h"

/* Attaches the runs of `pixels` (AYUV, straight alpha, described by `info`)
 * to `rectangle`; other formats get none. */
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

#endif
