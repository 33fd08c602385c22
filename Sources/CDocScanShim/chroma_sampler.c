/* The chroma sampler: a small colour copy of a frame for detection, made on
 * the streaming thread by reading a few thousand pixels (2x2 averages on a
 * sparse grid), so that no full-frame colour copy is needed. */
#include "docscan_shim.h"
#include <string.h>

struct _DocScanChroma
{
  gint width;
  gint height;
  gboolean yuv;
  guint8 *cb;
  guint8 *cr;
  /* Per column of the copy, the sampled column of the frame's chroma:
   * worked out once per frame, not once per sample (a 64-bit division per
   * sample was most of the streaming thread's cost at 1080p). */
  gint *sample_x;
};

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
  self->cb = g_malloc ((gsize) width * height);
  self->cr = g_malloc ((gsize) width * height);
  self->sample_x = g_new (gint, width);
  return self;
}

void
docscan_chroma_free (DocScanChroma * self)
{
  if (self == NULL)
    return;
  g_free (self->cb);
  g_free (self->cr);
  g_free (self->sample_x);
  g_free (self);
}

/* One component's samples in a mapped frame, looked up once per frame
 * (the GstVideoFrame macros are too costly per sample). */
typedef struct
{
  const guint8 *data;
  gsize stride;
  gsize pstride;
  gint last_x;
  gint last_y;
} Component;

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

/* The mean of the component over the 2x2 block at (x, y) of its plane. */
static inline gint
block_mean (const Component * c, gint x, gint y)
{
  const guint8 *row0 = c->data + (gsize) y * c->stride;
  const guint8 *row1 = c->data + (gsize) MIN (y + 1, c->last_y) * c->stride;
  gsize x0 = (gsize) x * c->pstride;
  gsize x1 = (gsize) MIN (x + 1, c->last_x) * c->pstride;

  return (row0[x0] + row0[x1] + row1[x0] + row1[x1] + 2) / 4;
}

gboolean
docscan_chroma_take (DocScanChroma * self, const GstVideoFrame * frame)
{
  /* U and V for YUV; R, G and B for RGB. */
  const Component first = component_of (frame,
      self->yuv ? GST_VIDEO_COMP_U : GST_VIDEO_COMP_R);
  const Component second = component_of (frame,
      self->yuv ? GST_VIDEO_COMP_V : GST_VIDEO_COMP_G);
  const Component third = component_of (frame, GST_VIDEO_COMP_B);
  gint comp_width = first.last_x + 1;
  gint comp_height = first.last_y + 1;

  for (gint col = 0; col < self->width; col++)
    self->sample_x[col] =
        (gint) (((gint64) col * 2 + 1) * comp_width / (2 * self->width));
  for (gint row = 0; row < self->height; row++) {
    gint y = (gint) (((gint64) row * 2 + 1) * comp_height / (2 * self->height));
    guint8 *cb = self->cb + (gsize) row * self->width;
    guint8 *cr = self->cr + (gsize) row * self->width;

    for (gint col = 0; col < self->width; col++) {
      gint x = self->sample_x[col];

      if (self->yuv) {
        cb[col] = (guint8) block_mean (&first, x, y);
        cr[col] = (guint8) block_mean (&second, x, y);
      } else {
        /* BT.601 colour differences, centred on 128 like video chroma. */
        gint r = block_mean (&first, x, y);
        gint g = block_mean (&second, x, y);
        gint b = block_mean (&third, x, y);
        cb[col] = (guint8) CLAMP (128 + (-43 * r - 85 * g + 128 * b) / 256, 0,
            255);
        cr[col] = (guint8) CLAMP (128 + (128 * r - 107 * g - 21 * b) / 256, 0,
            255);
      }
    }
  }
  return TRUE;
}

void
docscan_chroma_copy (const DocScanChroma * self, guint8 * cb, guint8 * cr)
{
  memcpy (cb, self->cb, (gsize) self->width * self->height);
  memcpy (cr, self->cr, (gsize) self->width * self->height);
}
