/* The chroma sampler: a small colour copy of a frame for detection (2x2
 * averages on a sparse grid), so that no full-frame colour copy is kept.
 * Where the frame's chroma has planes of its own (I420, NV12, ...) those
 * planes are copied, the cheapest read of them, and sampled from the copy;
 * otherwise the frame is sampled directly (a held frame's rows that the
 * overlay drew on as they came in). */
#include "docscan_shim.h"
#include "streaming_copy.h"
#include <string.h>

/* One component's samples in a mapped frame or in the copy of its planes,
 * looked up once per frame (the GstVideoFrame macros are too costly per
 * sample). */
typedef struct
{
  const guint8 *data;
  gsize stride;
  gsize pstride;
  gint last_x;
  gint last_y;
} Component;

struct _DocScanChroma
{
  gint width;
  gint height;
  gboolean yuv;
  /* The colour copy, when the streaming thread samples the frame. */
  guint8 *cb;
  guint8 *cr;
  /* Per column of the copy, the column of the frame's chroma where its
   * 2x2 block starts, for frames whose chroma is `columns_for` samples
   * wide: worked out when that changes, not once per sample (a 64-bit
   * division per sample was most of the streaming thread's cost at
   * 1080p). */
  gint columns_for;
  gint *left;
  /* Per component, the block sums of the row being sampled. */
  guint16 *sums[3];
  gint sums_length;
  /* The copy of the frame's chroma planes, NULL when the streaming thread
   * samples the frame itself. Per plane of the frame: whether it is
   * copied, where to, and its rows' length in bytes. */
  guint8 *planes;
  gboolean copied[GST_VIDEO_MAX_PLANES];
  gsize plane_offset[GST_VIDEO_MAX_PLANES];
  gsize plane_stride[GST_VIDEO_MAX_PLANES];
  gsize plane_bytes[GST_VIDEO_MAX_PLANES];
  gint plane_rows[GST_VIDEO_MAX_PLANES];
  /* U and V as found in `planes`. */
  Component copy[2];
  /* Packed formats: two rows of the frame as they came in (under the
   * overlay), and a row's length in bytes. */
  guint8 *rows[2];
  gsize row_bytes;
};

/* Where a held packed frame's rows are read: `frame` is it mapped, its
 * components all lie in plane 0. */
typedef struct
{
  const DocScanFrameHold *hold;
  const GstVideoFrame *frame;
} HeldRows;

/* Whether U and V are in planes that hold no luma. */
static gboolean
has_chroma_planes (const GstVideoInfo * input)
{
  guint luma = GST_VIDEO_INFO_COMP_PLANE (input, GST_VIDEO_COMP_Y);

  return GST_VIDEO_INFO_IS_YUV (input)
      && GST_VIDEO_INFO_COMP_PLANE (input, GST_VIDEO_COMP_U) != luma
      && GST_VIDEO_INFO_COMP_PLANE (input, GST_VIDEO_COMP_V) != luma;
}

/* Lays out the copy of the planes holding U and V (one plane for both in
 * NV12), each row as long as its last sample reaches. */
static void
prepare_planes (DocScanChroma * self, const GstVideoInfo * input)
{
  const gint comps[2] = { GST_VIDEO_COMP_U, GST_VIDEO_COMP_V };
  gsize size = 0;

  for (guint i = 0; i < 2; i++) {
    guint plane = GST_VIDEO_INFO_COMP_PLANE (input, comps[i]);
    gsize reach = GST_VIDEO_INFO_COMP_POFFSET (input, comps[i])
        + (gsize) (GST_VIDEO_INFO_COMP_WIDTH (input, comps[i]) - 1)
        * GST_VIDEO_INFO_COMP_PSTRIDE (input, comps[i]) + 1;

    self->copied[plane] = TRUE;
    self->plane_bytes[plane] = MAX (self->plane_bytes[plane], reach);
    self->plane_rows[plane] = GST_VIDEO_INFO_COMP_HEIGHT (input, comps[i]);
  }
  for (guint plane = 0; plane < GST_VIDEO_MAX_PLANES; plane++) {
    if (!self->copied[plane])
      continue;
    self->plane_offset[plane] = size;
    self->plane_stride[plane] = (self->plane_bytes[plane] + 63) & ~(gsize) 63;
    size += self->plane_stride[plane] * self->plane_rows[plane];
  }
  self->planes = g_malloc (size);
  for (guint i = 0; i < 2; i++) {
    guint plane = GST_VIDEO_INFO_COMP_PLANE (input, comps[i]);
    Component c = {
      self->planes + self->plane_offset[plane]
          + GST_VIDEO_INFO_COMP_POFFSET (input, comps[i]),
      self->plane_stride[plane],
      GST_VIDEO_INFO_COMP_PSTRIDE (input, comps[i]),
      GST_VIDEO_INFO_COMP_WIDTH (input, comps[i]) - 1,
      GST_VIDEO_INFO_COMP_HEIGHT (input, comps[i]) - 1,
    };

    self->copy[i] = c;
  }
}

DocScanChroma *
docscan_chroma_new (const GstVideoInfo * input, gint width, gint height)
{
  const GstVideoFormatInfo *format = input->finfo;
  DocScanChroma *self;

  if (width <= 0 || height <= 0 || GST_VIDEO_FORMAT_INFO_BITS (format) != 8
      || GST_VIDEO_FORMAT_INFO_HAS_PALETTE (format)
      || GST_VIDEO_FORMAT_INFO_IS_TILED (format))
    return NULL;
  if (!GST_VIDEO_FORMAT_INFO_IS_YUV (format)
      && !GST_VIDEO_FORMAT_INFO_IS_RGB (format))
    return NULL;
  self = g_new0 (DocScanChroma, 1);
  self->width = width;
  self->height = height;
  self->yuv = GST_VIDEO_FORMAT_INFO_IS_YUV (format);
  self->left = g_new (gint, width);
  if (has_chroma_planes (input)) {
    prepare_planes (self, input);
  } else {
    self->cb = g_malloc ((gsize) width * height);
    self->cr = g_malloc ((gsize) width * height);
    self->row_bytes = docscan_video_info_row_bytes (input, 0);
    self->rows[0] = g_malloc (self->row_bytes);
    self->rows[1] = g_malloc (self->row_bytes);
  }
  return self;
}

void
docscan_chroma_free (DocScanChroma * self)
{
  if (self == NULL)
    return;
  g_free (self->cb);
  g_free (self->cr);
  g_free (self->left);
  g_free (self->sums[0]);
  g_free (self->planes);
  g_free (self->rows[0]);
  g_free (self->rows[1]);
  g_free (self);
}

static Component
component_of (const GstVideoFrame * frame, gint comp)
{
  Component c = {
    GST_VIDEO_FRAME_COMP_DATA (frame, comp),
    (gsize) GST_VIDEO_FRAME_COMP_STRIDE (frame, comp),
    (gsize) GST_VIDEO_FRAME_COMP_PSTRIDE (frame, comp),
    GST_VIDEO_FRAME_COMP_WIDTH (frame, comp) - 1,
    GST_VIDEO_FRAME_COMP_HEIGHT (frame, comp) - 1,
  };
  return c;
}

/* Per column x of a component, the sum of the 2x2 block at (x, y), the
 * block clamped to the last row and column: loops the compiler vectorises
 * (planar chroma in a loop of its own, where the loads are contiguous).
 * A sample is then one lookup; reading its four bytes one by one was most
 * of the sampler's time. */
static const guint16 *
block_sums (guint16 * sums, const Component * c, const guint8 * top,
    const guint8 * bottom)
{
  gsize step = c->pstride;
  gint last = c->last_x;

  if (step == 1) {
    for (gint x = 0; x < last; x++)
      sums[x] = top[x] + bottom[x] + top[x + 1] + bottom[x + 1];
  } else {
    for (gint x = 0; x < last; x++)
      sums[x] = top[x * step] + bottom[x * step] + top[(x + 1) * step]
          + bottom[(x + 1) * step];
  }
  sums[last] = 2 * (top[last * step] + bottom[last * step]);
  return sums;
}

static void
prepare_columns (DocScanChroma * self, gint comp_width)
{
  if (self->columns_for == comp_width)
    return;
  for (gint col = 0; col < self->width; col++)
    self->left[col] =
        (gint) (((gint64) col * 2 + 1) * comp_width / (2 * self->width));
  self->columns_for = comp_width;
}

/* Room for a row of block sums of each component. */
static void
prepare_sums (DocScanChroma * self, const Component * components)
{
  gint length = 1;

  for (guint i = 0; i < 3; i++)
    length = MAX (length, components[i].last_x + 1);
  if (length <= self->sums_length)
    return;
  g_free (self->sums[0]);
  self->sums[0] = g_new (guint16, 3 * (gsize) length);
  self->sums[1] = self->sums[0] + length;
  self->sums[2] = self->sums[1] + length;
  self->sums_length = length;
}

/* Row `y` and the one below it (the last row again at the bottom) of
 * component `c`: in the frame or copy `c` points into, or as it came in
 * when `held` is given. */
static void
component_rows (DocScanChroma * self, const Component * c,
    const HeldRows * held, gint y, const guint8 ** top, const guint8 ** bottom)
{
  gint below = MIN (y + 1, c->last_y);

  if (held == NULL) {
    *top = c->data + (gsize) y * c->stride;
    *bottom = c->data + (gsize) below * c->stride;
    return;
  }
  /* The component's offset in a row of plane 0. */
  gsize offset = (gsize) (c->data - (const guint8 *)
      GST_VIDEO_FRAME_PLANE_DATA (held->frame, 0));
  *top = docscan_frame_hold_original_row (held->hold, held->frame, 0, y,
      self->rows[0], self->row_bytes) + offset;
  *bottom = docscan_frame_hold_original_row (held->hold, held->frame, 0, below,
      self->rows[1], self->row_bytes) + offset;
}

static const guint16 *
sums_at (DocScanChroma * self, guint16 * sums, const Component * c,
    const HeldRows * held, gint y)
{
  const guint8 *top, *bottom;

  component_rows (self, c, held, y, &top, &bottom);
  return block_sums (sums, c, top, bottom);
}

/* Samples U and V (YUV) or R, G and B (RGB) into `cb` and `cr`; `held`:
 * the components are those of a held frame, read as it came in. */
static void
sample (DocScanChroma * self, const Component * components,
    const HeldRows * held, guint8 * cb_out, guint8 * cr_out)
{
  gint comp_height = components[0].last_y + 1;
  const gint *left = self->left;

  prepare_columns (self, components[0].last_x + 1);
  prepare_sums (self, components);
  for (gint row = 0; row < self->height; row++) {
    gint y = (gint) (((gint64) row * 2 + 1) * comp_height / (2 * self->height));
    const guint16 *first = sums_at (self, self->sums[0], &components[0], held,
        y);
    const guint16 *second = sums_at (self, self->sums[1], &components[1],
        held, y);
    guint8 *cb = cb_out + (gsize) row * self->width;
    guint8 *cr = cr_out + (gsize) row * self->width;

    if (self->yuv) {
      for (gint col = 0; col < self->width; col++) {
        cb[col] = (guint8) ((first[left[col]] + 2) / 4);
        cr[col] = (guint8) ((second[left[col]] + 2) / 4);
      }
    } else {
      const guint16 *third = sums_at (self, self->sums[2], &components[2],
          held, y);

      for (gint col = 0; col < self->width; col++) {
        /* BT.601 colour differences, centred on 128 like video chroma. */
        gint r = (first[left[col]] + 2) / 4;
        gint g = (second[left[col]] + 2) / 4;
        gint b = (third[left[col]] + 2) / 4;

        cb[col] = (guint8) CLAMP (128 + (-43 * r - 85 * g + 128 * b) / 256, 0,
            255);
        cr[col] = (guint8) CLAMP (128 + (128 * r - 107 * g - 21 * b) / 256, 0,
            255);
      }
    }
  }
}

/* Samples a packed frame's components (`held`: as it came in). */
static void
sample_packed (DocScanChroma * self, const GstVideoFrame * frame,
    const HeldRows * held)
{
  /* U and V for YUV; R, G and B for RGB. */
  const Component components[3] = {
    component_of (frame, self->yuv ? GST_VIDEO_COMP_U : GST_VIDEO_COMP_R),
    component_of (frame, self->yuv ? GST_VIDEO_COMP_V : GST_VIDEO_COMP_G),
    component_of (frame, GST_VIDEO_COMP_B),
  };

  sample (self, components, held, self->cb, self->cr);
}

gboolean
docscan_chroma_take (DocScanChroma * self, const GstVideoFrame * frame)
{
  if (self->planes) {
    for (guint plane = 0; plane < GST_VIDEO_MAX_PLANES; plane++)
      if (self->copied[plane])
        docscan_copy_rows (self->planes + self->plane_offset[plane],
            self->plane_stride[plane], GST_VIDEO_FRAME_PLANE_DATA (frame,
                plane), GST_VIDEO_FRAME_PLANE_STRIDE (frame, plane),
            self->plane_bytes[plane], self->plane_rows[plane]);
  } else {
    sample_packed (self, frame, NULL);
  }
  return TRUE;
}

gboolean
docscan_chroma_take_held (DocScanChroma * self, DocScanFrameHold * hold)
{
  GstVideoFrame frame;
  gboolean ok;

  if (!docscan_frame_hold_map (hold, &frame))
    return FALSE;
  if (self->planes == NULL) {
    const HeldRows held = { hold, &frame };

    sample_packed (self, &frame, &held);
    gst_video_frame_unmap (&frame);
    return TRUE;
  }
  ok = docscan_chroma_take (self, &frame);
  gst_video_frame_unmap (&frame);
  for (guint plane = 0; plane < GST_VIDEO_MAX_PLANES; plane++)
    if (self->copied[plane])
      docscan_frame_hold_restore (hold, plane,
          self->planes + self->plane_offset[plane], self->plane_stride[plane],
          self->plane_bytes[plane], self->plane_rows[plane]);
  return ok;
}

void
docscan_chroma_copy (DocScanChroma * self, guint8 * cb, guint8 * cr)
{
  if (self->planes) {
    const Component components[3] = { self->copy[0], self->copy[1],
      self->copy[1]
    };

    sample (self, components, NULL, cb, cr);
    return;
  }
  memcpy (cb, self->cb, (gsize) self->width * self->height);
  memcpy (cr, self->cr, (gsize) self->width * self->height);
}

gboolean
docscan_chroma_plane_size (DocScanChroma * self, gint * width, gint * height)
{
  if (self->planes == NULL)
    return FALSE;
  *width = self->copy[0].last_x + 1;
  *height = self->copy[0].last_y + 1;
  return TRUE;
}

/* One component of the planes' copy, unpacked to rows `width` bytes. */
static void
unpack_component (const Component * c, guint8 * out)
{
  gint width = c->last_x + 1;

  for (gint y = 0; y <= c->last_y; y++) {
    const guint8 *row = c->data + (gsize) y * c->stride;
    guint8 *dest = out + (gsize) y * width;

    if (c->pstride == 1) {
      memcpy (dest, row, (gsize) width);
    } else {
      for (gint x = 0; x < width; x++)
        dest[x] = row[(gsize) x * c->pstride];
    }
  }
}

void
docscan_chroma_copy_planes (DocScanChroma * self, guint8 * cb, guint8 * cr)
{
  g_return_if_fail (self->planes != NULL);
  unpack_component (&self->copy[0], cb);
  unpack_component (&self->copy[1], cr);
}
