/* Inside the shim only: copies for the analysis thread
 * (streaming_copy.c). */
#ifndef DOCSCAN_STREAMING_COPY_H
#define DOCSCAN_STREAMING_COPY_H

#include <glib.h>

/* Copies `rows` rows of `width` bytes; the copy is complete and ordered
 * before whatever the calling thread stores next (a hand-over). */
void docscan_copy_rows (guint8 * to, gsize to_stride, const guint8 * from,
    gsize from_stride, gsize width, gint rows);

#endif
