/* Blending an overlay composition into the columns it covers only. */
#include "docscan_shim.h"
#include "overlay_runs.h"

/* Whether a column range of `finfo` frames can be addressed by moving each
 * plane's start: every component a whole number of bytes per (subsampled)
 * pixel, no tiles, no packing across pixel groups. Returns the column
 * alignment such a range must start on (the widest horizontal
 * subsampling), or 0. */
static gint
column_alignment (const GstVideoFormatInfo * finfo)
{
  gint alignment = 1;

  if (finfo == NULL || GST_VIDEO_FORMAT_INFO_IS_TILED (finfo)
      || GST_VIDEO_FORMAT_INFO_IS_COMPLEX (finfo)
      || GST_VIDEO_FORMAT_INFO_BITS (finfo) != 8
      || finfo->pack_func == NULL || finfo->unpack_func == NULL)
    return 0;
  for (guint c = 0; c < GST_VIDEO_FORMAT_INFO_N_COMPONENTS (finfo); c++) {
    if (GST_VIDEO_FORMAT_INFO_PSTRIDE (finfo, c) <= 0)
      return 0;
    alignment = MAX (alignment, 1 << GST_VIDEO_FORMAT_INFO_W_SUB (finfo, c));
  }
  /* Packed 4:2:2 (YUY2, UYVY, ...) keeps a pair of pixels in one group. */
  if (GST_VIDEO_FORMAT_INFO_N_PLANES (finfo) == 1
      && GST_VIDEO_FORMAT_INFO_N_COMPONENTS (finfo) >= 3
      && GST_VIDEO_FORMAT_INFO_PSTRIDE (finfo, 0) !=
      GST_VIDEO_FORMAT_INFO_PSTRIDE (finfo, 1))
    alignment = MAX (alignment, 2);
  return alignment;
}

/* `frame` seen from column `left` on, `width` columns wide. */
static void
columns_of (const GstVideoFrame * frame, gint left, gint width,
    GstVideoFrame * view)
{
  const GstVideoFormatInfo *finfo = frame->info.finfo;

  *view = *frame;
  view->info.width = width;
  for (guint p = 0; p < GST_VIDEO_FRAME_N_PLANES (frame); p++) {
    for (guint c = 0; c < GST_VIDEO_FORMAT_INFO_N_COMPONENTS (finfo); c++) {
      if (GST_VIDEO_FORMAT_INFO_PLANE (finfo, c) != p)
        continue;
      view->data[p] = (guint8 *) frame->data[p]
          + GST_VIDEO_FORMAT_INFO_SCALE_WIDTH (finfo, c, left)
          * GST_VIDEO_FORMAT_INFO_PSTRIDE (finfo, c);
      break;
    }
  }
}

gboolean
docscan_composition_blend (GstVideoOverlayComposition * composition,
    GstVideoFrame * frame)
{
  gint alignment = column_alignment (frame->info.finfo);
  gint frame_width = GST_VIDEO_FRAME_WIDTH (frame);
  gboolean ok = TRUE;

  if (alignment == 0)
    return gst_video_overlay_composition_blend (composition, frame);
  for (guint i = 0; i < gst_video_overlay_composition_n_rectangles
      (composition); i++) {
    GstVideoOverlayRectangle *rectangle =
        gst_video_overlay_composition_get_rectangle (composition, i);
    GstBuffer *pixels;
    GstVideoMeta *meta;
    GstVideoInfo info;
    GstVideoFrame source, view;
    gint x, y, left, right;
    guint render_width, render_height;

    if (docscan_overlay_runs_can_blend (rectangle, frame)) {
      docscan_overlay_runs_blend (rectangle, frame);
      continue;
    }
    gst_video_overlay_rectangle_get_render_rectangle (rectangle, &x, &y,
        &render_width, &render_height);
    pixels = gst_video_overlay_rectangle_get_pixels_raw (rectangle,
        gst_video_overlay_rectangle_get_flags (rectangle));
    meta = pixels ? gst_buffer_get_video_meta (pixels) : NULL;
    /* Scaled or off the left edge: GStreamer's blend handles those. */
    if (meta == NULL || meta->width != render_width
        || meta->height != render_height || x < 0) {
      GstVideoOverlayComposition *alone =
          gst_video_overlay_composition_new (rectangle);
      ok &= gst_video_overlay_composition_blend (alone, frame);
      gst_video_overlay_composition_unref (alone);
      continue;
    }
    left = x - x % alignment;
    right = MIN (frame_width, x + (gint) meta->width);
    if (right <= left)
      continue;
    gst_video_info_set_format (&info, meta->format, meta->width, meta->height);
    for (guint p = 0; p < meta->n_planes; p++) {
      info.offset[p] = meta->offset[p];
      info.stride[p] = meta->stride[p];
    }
    if (gst_video_overlay_rectangle_get_flags (rectangle) &
        GST_VIDEO_OVERLAY_FORMAT_FLAG_PREMULTIPLIED_ALPHA)
      info.flags |= GST_VIDEO_FLAG_PREMULTIPLIED_ALPHA;
    if (!gst_video_frame_map (&source, &info, pixels, GST_MAP_READ)) {
      ok = FALSE;
      continue;
    }
    columns_of (frame, left, right - left, &view);
    ok &= gst_video_blend (&view, &source, x - left, y,
        gst_video_overlay_rectangle_get_global_alpha (rectangle));
    gst_video_frame_unmap (&source);
  }
  return ok;
}

gboolean
docscan_composition_blend_runs (GstVideoOverlayComposition * composition,
    GstVideoFrame * frame)
{
  guint count = gst_video_overlay_composition_n_rectangles (composition);

  for (guint i = 0; i < count; i++)
    if (!docscan_overlay_runs_can_blend
        (gst_video_overlay_composition_get_rectangle (composition, i), frame))
      return FALSE;
  for (guint i = 0; i < count; i++)
    docscan_overlay_runs_blend (gst_video_overlay_composition_get_rectangle
        (composition, i), frame);
  return TRUE;
}
