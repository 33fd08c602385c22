/* Test-only: a frame's grey worked out one pixel at a time, to compare the
 * luma snapshot of packed formats with. */
#ifndef DOCSCAN_LUMA_CHECK_H
#define DOCSCAN_LUMA_CHECK_H

#include <gst/gst.h>
#include <gst/video/video.h>

G_BEGIN_DECLS

/* The grey of `frame` (`width` bytes a row): YUV's Y expanded from studio
 * to full range, RGB's BT.601 luma, both rounded. */
void docscan_luma_reference (const GstVideoFrame * frame, guint8 * grey);

G_END_DECLS
#endif
