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
  return self;
}

void
docscan_chroma_free (DocScanChroma * self)
{
  if (self == NULL)
    return;
  g_free (self->cb);
  g_free (self->cr);
  g_free (self);
}

/* The mean of component `comp` over the 2x2 block at (x, y) of its plane. */
static inline gint
block_mean (const GstVideoFrame * frame, gint comp, gint x, gint y)
{
  const guint8 *data = GST_VIDEO_FRAME_COMP_DATA (frame, comp);
  gint stride = GST_VIDEO_FRAME_COMP_STRIDE (frame, comp);
  gint pstride = GST_VIDEO_FRAME_COMP_PSTRIDE (frame, comp);
  gint last_x = GST_VIDEO_FRAME_COMP_WIDTH (frame, comp) - 1;
  gint last_y = GST_VIDEO_FRAME_COMP_HEIGHT (frame, comp) - 1;
  gint x1 = MIN (x + 1, last_x), y1 = MIN (y + 1, last_y);

  return (data[(gsize) y * stride + (gsize) x * pstride]
      + data[(gsize) y * stride + (gsize) x1 * pstride]
      + data[(gsize) y1 * stride + (gsize) x * pstride]
      + data[(gsize) y1 * stride + (gsize) x1 * pstride] + 2) / 4;
}

gboolean
docscan_chroma_take (DocScanChroma * self, const GstVideoFrame * frame)
{
  /* U and V for YUV; R, G and B (components 0..2) for RGB. */
  const gint first = self->yuv ? 1 : 0;
  gint comp_width = GST_VIDEO_FRAME_COMP_WIDTH (frame, first);
  gint comp_height = GST_VIDEO_FRAME_COMP_HEIGHT (frame, first);

  for (gint row = 0; row < self->height; row++) {
    gint y = (gint) (((gint64) row * 2 + 1) * comp_height / (2 * self->height));
    guint8 *cb = self->cb + (gsize) row * self->width;
    guint8 *cr = self->cr + (gsize) row * self->width;

    for (gint col = 0; col < self->width; col++) {
      gint x = (gint) (((gint64) col * 2 + 1) * comp_width / (2 * self->width));

      if (self->yuv) {
        cb[col] = (guint8) block_mean (frame, GST_VIDEO_COMP_U, x, y);
        cr[col] = (guint8) block_mean (frame, GST_VIDEO_COMP_V, x, y);
      } else {
        /* BT.601 colour differences, centred on 128 like video chroma. */
        gint r = block_mean (frame, GST_VIDEO_COMP_R, x, y);
        gint g = block_mean (frame, GST_VIDEO_COMP_G, x, y);
        gint b = block_mean (frame, GST_VIDEO_COMP_B, x, y);
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
