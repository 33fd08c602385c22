/* Test-only: a blend of an overlay composition compared with GStreamer's
 * own, on a frame of noise. */
#ifndef DOCSCAN_BLEND_CHECK_H
#define DOCSCAN_BLEND_CHECK_H

#include <gst/gst.h>
#include <gst/video/video.h>

G_BEGIN_DECLS

typedef gboolean (*DocScanBlendFunction) (GstVideoOverlayComposition *
    composition, GstVideoFrame * frame);

/* Fills a `width` x `height` frame of `format` (a GStreamer format name)
 * with seeded noise, blends `composition` into one copy with
 * gst_video_overlay_composition_blend() and into another with `blend`, and
 * returns how many bytes of the two frames differ; -1 when the format is
 * unknown or a blend fails. */
gint64 docscan_blend_difference (GstVideoOverlayComposition * composition,
    DocScanBlendFunction blend, const char *format, gint width, gint height,
    guint32 seed);

G_END_DECLS
#endif
