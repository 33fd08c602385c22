/* Test-only reference for the chroma sampler (docscan_chroma_check.h). */
#include "docscan_chroma_check.h"

/* The mean of component `comp` over the 2x2 block at (x, y). */
static gint
mean_at (const GstVideoFrame * frame, gint comp, gint x, gint y)
{
  const guint8 *data = GST_VIDEO_FRAME_COMP_DATA (frame, comp);
  gint stride = GST_VIDEO_FRAME_COMP_STRIDE (frame, comp);
  gint step = GST_VIDEO_FRAME_COMP_PSTRIDE (frame, comp);
  gint right = MIN (x + 1, GST_VIDEO_FRAME_COMP_WIDTH (frame, comp) - 1);
  gint below = MIN (y + 1, GST_VIDEO_FRAME_COMP_HEIGHT (frame, comp) - 1);

  return (data[y * stride + x * step] + data[y * stride + right * step]
      + data[below * stride + x * step] + data[below * stride + right * step]
      + 2) / 4;
}

void
docscan_chroma_reference (const GstVideoFrame * frame, gint width,
    gint height, guint8 * cb, guint8 * cr)
{
  gboolean yuv = GST_VIDEO_FORMAT_INFO_IS_YUV (frame->info.finfo);
  gint first = yuv ? GST_VIDEO_COMP_U : GST_VIDEO_COMP_R;
  gint plane_width = GST_VIDEO_FRAME_COMP_WIDTH (frame, first);
  gint plane_height = GST_VIDEO_FRAME_COMP_HEIGHT (frame, first);

  for (gint row = 0; row < height; row++) {
    for (gint col = 0; col < width; col++) {
      gint x = (2 * col + 1) * plane_width / (2 * width);
      gint y = (2 * row + 1) * plane_height / (2 * height);
      gint at = row * width + col;

      if (yuv) {
        cb[at] = mean_at (frame, GST_VIDEO_COMP_U, x, y);
        cr[at] = mean_at (frame, GST_VIDEO_COMP_V, x, y);
      } else {
        gint r = mean_at (frame, GST_VIDEO_COMP_R, x, y);
        gint g = mean_at (frame, GST_VIDEO_COMP_G, x, y);
        gint b = mean_at (frame, GST_VIDEO_COMP_B, x, y);

        cb[at] = CLAMP (128 + (-43 * r - 85 * g + 128 * b) / 256, 0, 255);
        cr[at] = CLAMP (128 + (128 * r - 107 * g - 21 * b) / 256, 0, 255);
      }
    }
  }
}
