/* Test-only reference for the luma snapshot (docscan_luma_check.h). */
#include "docscan_luma_check.h"

static gint
component_at (const GstVideoFrame * frame, gint comp, gint x, gint y)
{
  const guint8 *data = GST_VIDEO_FRAME_COMP_DATA (frame, comp);
  gint stride = GST_VIDEO_FRAME_COMP_STRIDE (frame, comp);
  gint step = GST_VIDEO_FRAME_COMP_PSTRIDE (frame, comp);
  gint w_sub = GST_VIDEO_FORMAT_INFO_W_SUB (frame->info.finfo, comp);

  return data[y * stride + (x >> w_sub) * step];
}

void
docscan_luma_reference (const GstVideoFrame * frame, guint8 * grey)
{
  gint width = GST_VIDEO_FRAME_WIDTH (frame);
  gboolean yuv = GST_VIDEO_FORMAT_INFO_IS_YUV (frame->info.finfo);

  for (gint y = 0; y < GST_VIDEO_FRAME_HEIGHT (frame); y++) {
    for (gint x = 0; x < width; x++) {
      gdouble value;

      if (yuv) {
        value = (component_at (frame, GST_VIDEO_COMP_Y, x, y) - 16) * 255.0
            / 219.0;
      } else {
        value = 0.299 * component_at (frame, GST_VIDEO_COMP_R, x, y)
            + 0.587 * component_at (frame, GST_VIDEO_COMP_G, x, y)
            + 0.114 * component_at (frame, GST_VIDEO_COMP_B, x, y);
      }
      grey[y * width + x] = (guint8) CLAMP (value + 0.5, 0, 255);
    }
  }
}
