/* Test-only: the chroma sampler's copy worked out one sample at a time, to
 * compare the sampler with. */
#ifndef DOCSCAN_CHROMA_CHECK_H
#define DOCSCAN_CHROMA_CHECK_H

#include <gst/gst.h>
#include <gst/video/video.h>

G_BEGIN_DECLS

/* The colour copy docscan_chroma_take() must make of `frame` at `width` x
 * `height`: for each sample, the mean of the 2x2 block of the frame's
 * chroma (RGB: of R, G and B, turned into BT.601 colour differences) at
 * the sample's centre, the block clamped to the plane's last row and
 * column. */
void docscan_chroma_reference (const GstVideoFrame * frame, gint width,
    gint height, guint8 * cb, guint8 * cr);

G_END_DECLS
#endif
