/* A frame held for the analysis side instead of copied on the streaming
 * thread: a reference to its buffer, and the bytes the overlay is about to
 * draw over, saved before it does, so that the copy the analysis side makes
 * later shows the frame as it came in. */
#include "docscan_shim.h"
#include "overlay_runs.h"
#include <string.h>

/* A stretch of one row of one plane, saved in `saved` from `saved_at`. */
typedef struct
{
  guint plane;
  gint row;
  gsize start;
  gsize length;
  gsize saved_at;
} Span;

struct _DocScanFrameHold
{
  GstVideoInfo info;
  GstBuffer *buffer;
  GArray *spans;
  GByteArray *saved;
  /* Spans are sorted by plane and row on the analysis side, at the first
   * map: the streaming thread only appends them. */
  gboolean sorted;
};

typedef struct
{
  DocScanFrameHold *hold;
  const GstVideoFrame *frame;
} Saving;

/* Saves, in every plane, the bytes of the pixels from `column` to
 * `column + length` of frame row `row`, widened to even columns: packed
 * 4:2:2 and subsampled chroma keep two columns in one sample. */
static void
save_run (gint row, gint column, gint length, gpointer data)
{
  Saving *saving = data;
  const GstVideoFrame *frame = saving->frame;
  const GstVideoFormatInfo *finfo = frame->info.finfo;
  gint first = MAX (0, column) & ~1;
  gint end = MIN (GST_VIDEO_FRAME_WIDTH (frame), column + length);

  if (row < 0 || row >= GST_VIDEO_FRAME_HEIGHT (frame) || end <= first)
    return;
  end = MIN (GST_VIDEO_FRAME_WIDTH (frame), (end + 1) & ~1);
  for (guint plane = 0; plane < GST_VIDEO_FRAME_N_PLANES (frame); plane++) {
    gsize start = G_MAXSIZE, stop = 0;
    gint plane_row = -1;
    Span span;

    for (guint c = 0; c < GST_VIDEO_FORMAT_INFO_N_COMPONENTS (finfo); c++) {
      gint w_sub = GST_VIDEO_FORMAT_INFO_W_SUB (finfo, c);
      gsize pstride = GST_VIDEO_FORMAT_INFO_PSTRIDE (finfo, c);
      gsize offset = GST_VIDEO_FORMAT_INFO_POFFSET (finfo, c);

      if (GST_VIDEO_FORMAT_INFO_PLANE (finfo, c) != plane)
        continue;
      plane_row = row >> GST_VIDEO_FORMAT_INFO_H_SUB (finfo, c);
      start = MIN (start, offset + (gsize) (first >> w_sub) * pstride);
      stop = MAX (stop, offset + (gsize) ((end - 1) >> w_sub) * pstride + 1);
    }
    if (plane_row < 0 || stop <= start)
      continue;
    span.plane = plane;
    span.row = plane_row;
    span.start = start;
    span.length = stop - start;
    span.saved_at = saving->hold->saved->len;
    g_byte_array_append (saving->hold->saved,
        (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (frame, plane)
        + (gsize) plane_row * GST_VIDEO_FRAME_PLANE_STRIDE (frame, plane)
        + start, (guint) span.length);
    g_array_append_val (saving->hold->spans, span);
  }
}

/* At most the bytes `save_run` keeps per pixel of a row, all planes
 * together: in each plane, its widest component's bytes per pixel. */
static gsize
bytes_per_pixel (const GstVideoFrame * frame)
{
  const GstVideoFormatInfo *finfo = frame->info.finfo;
  gsize bytes = 0;

  for (guint plane = 0; plane < GST_VIDEO_FRAME_N_PLANES (frame); plane++) {
    gsize widest = 1;

    for (guint c = 0; c < GST_VIDEO_FORMAT_INFO_N_COMPONENTS (finfo); c++) {
      gint pstride = GST_VIDEO_FORMAT_INFO_PSTRIDE (finfo, c);
      gint w_sub = GST_VIDEO_FORMAT_INFO_W_SUB (finfo, c);

      if (GST_VIDEO_FORMAT_INFO_PLANE (finfo, c) == plane && pstride > 0)
        widest = MAX (widest, (gsize) ((pstride + (1 << w_sub) - 1) >> w_sub));
    }
    bytes += widest;
  }
  return bytes;
}

/* A rectangle without runs: every pixel of its render rectangle. */
static void
save_rectangle (GstVideoOverlayRectangle * rectangle, Saving * saving)
{
  gint x, y;
  guint width, height;

  gst_video_overlay_rectangle_get_render_rectangle (rectangle, &x, &y, &width,
      &height);
  for (guint row = 0; row < height; row++)
    save_run (y + (gint) row, x, (gint) width, saving);
}

/* Spans in the order of their plane and row, so that one row's spans are
 * found together. Overlapping spans hold the same bytes (all were saved
 * before anything was drawn), so their order within a row does not
 * matter. */
static gint
compare_spans (gconstpointer a, gconstpointer b)
{
  const Span *first = a, *second = b;

  if (first->plane != second->plane)
    return first->plane < second->plane ? -1 : 1;
  return (first->row > second->row) - (first->row < second->row);
}

/* The index of the first span of `plane` at `row` or after it. */
static guint
first_span_from (const DocScanFrameHold * self, guint plane, gint row)
{
  guint low = 0, high = self->spans->len;

  while (low < high) {
    guint middle = low + (high - low) / 2;
    const Span *span = &g_array_index (self->spans, Span, middle);

    if (span->plane < plane || (span->plane == plane && span->row < row))
      low = middle + 1;
    else
      high = middle;
  }
  return low;
}

DocScanFrameHold *
docscan_frame_hold_new (const GstVideoFrame * frame,
    GstVideoOverlayComposition * drawn_next)
{
  DocScanFrameHold *self = g_new0 (DocScanFrameHold, 1);
  Saving saving = { self, frame };

  guint rectangles = drawn_next ?
      gst_video_overlay_composition_n_rectangles (drawn_next) : 0;
  gsize rows = 0, bytes = 0;

  /* Sized once for the most the rectangles can cover: the saved bytes
   * never reallocate on the streaming thread (a row's runs cover at most
   * its width); the spans are sized for one run a row and grow only for
   * a row drawn in more (a bracket's arms). */
  for (guint i = 0; i < rectangles; i++) {
    gint x, y;
    guint width, height;

    gst_video_overlay_rectangle_get_render_rectangle
        (gst_video_overlay_composition_get_rectangle (drawn_next, i), &x, &y,
        &width, &height);
    rows += height;
    bytes += (gsize) height * (width + 2) * bytes_per_pixel (frame);
  }
  self->info = frame->info;
  self->buffer = gst_buffer_ref (frame->buffer);
  self->spans = g_array_sized_new (FALSE, FALSE, sizeof (Span),
      (guint) (rows * GST_VIDEO_FRAME_N_PLANES (frame)));
  self->saved = g_byte_array_sized_new ((guint) bytes);
  self->sorted = TRUE;
  for (guint i = 0; i < rectangles; i++) {
    GstVideoOverlayRectangle *rectangle =
        gst_video_overlay_composition_get_rectangle (drawn_next, i);

    if (!docscan_overlay_runs_each (rectangle, save_run, &saving))
      save_rectangle (rectangle, &saving);
  }
  self->sorted = self->spans->len < 2;
  return self;
}

void
docscan_frame_hold_free (DocScanFrameHold * self)
{
  if (self == NULL)
    return;
  docscan_frame_hold_release (self);
  g_array_free (self->spans, TRUE);
  g_byte_array_free (self->saved, TRUE);
  g_free (self);
}

gboolean
docscan_frame_hold_map (DocScanFrameHold * self, GstVideoFrame * frame)
{
  if (!self->sorted) {
    g_array_sort (self->spans, compare_spans);
    self->sorted = TRUE;
  }
  return self->buffer != NULL
      && gst_video_frame_map (frame, &self->info, self->buffer, GST_MAP_READ);
}

void
docscan_frame_hold_restore (const DocScanFrameHold * self, guint plane,
    guint8 * data, gsize stride, gsize row_bytes, gint rows)
{
  for (guint i = 0; i < self->spans->len; i++) {
    const Span *span = &g_array_index (self->spans, Span, i);

    if (span->plane != plane || span->row >= rows || span->start >= row_bytes)
      continue;
    memcpy (data + (gsize) span->row * stride + span->start,
        self->saved->data + span->saved_at,
        MIN (span->length, row_bytes - span->start));
  }
}

gint
docscan_frame_hold_next_drawn_row (const DocScanFrameHold * self, guint plane,
    gint after)
{
  guint next = first_span_from (self, plane, after + 1);

  if (next == self->spans->len)
    return -1;
  const Span *span = &g_array_index (self->spans, Span, next);
  return span->plane == plane ? span->row : -1;
}

const guint8 *
docscan_frame_hold_original_row (const DocScanFrameHold * self,
    const GstVideoFrame * frame, guint plane, gint row, guint8 * scratch,
    gsize row_bytes)
{
  const guint8 *drawn = (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (frame,
      plane) + (gsize) row * GST_VIDEO_FRAME_PLANE_STRIDE (frame, plane);
  guint i = first_span_from (self, plane, row);

  if (i == self->spans->len
      || g_array_index (self->spans, Span, i).plane != plane
      || g_array_index (self->spans, Span, i).row != row)
    return drawn;
  memcpy (scratch, drawn, row_bytes);
  for (; i < self->spans->len; i++) {
    const Span *span = &g_array_index (self->spans, Span, i);

    if (span->plane != plane || span->row != row)
      break;
    if (span->start < row_bytes)
      memcpy (scratch + span->start, self->saved->data + span->saved_at,
          MIN (span->length, row_bytes - span->start));
  }
  return scratch;
}

void
docscan_frame_hold_release (DocScanFrameHold * self)
{
  if (self->buffer != NULL) {
    gst_buffer_unref (self->buffer);
    self->buffer = NULL;
  }
}
