/* Test-only: video frames of seeded noise. */
#ifndef DOCSCAN_NOISE_FRAME_H
#define DOCSCAN_NOISE_FRAME_H

#include <gst/gst.h>
#include <gst/video/video.h>

G_BEGIN_DECLS

/* A `width` x `height` frame of `format` (a GStreamer format name) filled
 * with noise from `seed` (the same seed, the same frame) and mapped for
 * reading and writing; NULL for an unknown format. Freed with
 * docscan_noise_frame_free(). */
GstVideoFrame *docscan_noise_frame_new (const char *format, gint width,
    gint height, guint32 seed);
void docscan_noise_frame_free (GstVideoFrame * frame);

G_END_DECLS
#endif
