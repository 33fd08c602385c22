/* Inside the shim only: copies for the analysis thread
 * (streaming_copy.c). */
#ifndef DOCSCAN_STREAMING_COPY_H
#define DOCSCAN_STREAMING_COPY_H

#include <glib.h>
#include <gst/video/video.h>

/* Copies `rows` rows of `width` bytes; the copy is complete and ordered
 * before whatever the calling thread stores next (a hand-over). */
void docscan_copy_rows (guint8 * to, gsize to_stride, const guint8 * from,
    gsize from_stride, gsize width, gint rows);

/* The bytes of one row of `plane` that hold pixels (up to the last byte
 * of its last sample; the stride may pad it). */
gsize docscan_video_info_row_bytes (const GstVideoInfo * info, guint plane);

#endif
