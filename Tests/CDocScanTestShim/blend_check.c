/* Test-only comparison of a blend with GStreamer's (docscan_blend_check.h). */
#include "docscan_blend_check.h"

gint64
docscan_blend_difference (GstVideoOverlayComposition * composition,
    DocScanBlendFunction blend, const char *format, gint width, gint height,
    guint32 seed)
{
  GstVideoInfo info;
  GstBuffer *reference, *tried;
  GstVideoFrame reference_frame, tried_frame;
  GstMapInfo a, b;
  GRand *noise;
  gboolean blended;
  gint64 differing = 0;

  if (!gst_video_info_set_format (&info, gst_video_format_from_string (format),
          width, height)
      || GST_VIDEO_INFO_FORMAT (&info) == GST_VIDEO_FORMAT_UNKNOWN)
    return -1;
  reference = gst_buffer_new_allocate (NULL, GST_VIDEO_INFO_SIZE (&info), NULL);
  gst_buffer_map (reference, &a, GST_MAP_WRITE);
  noise = g_rand_new_with_seed (seed);
  for (gsize i = 0; i < a.size; i++)
    a.data[i] = (guint8) g_rand_int_range (noise, 0, 256);
  g_rand_free (noise);
  gst_buffer_unmap (reference, &a);
  tried = gst_buffer_copy_deep (reference);

  gst_video_frame_map (&reference_frame, &info, reference, GST_MAP_READWRITE);
  gst_video_frame_map (&tried_frame, &info, tried, GST_MAP_READWRITE);
  blended = gst_video_overlay_composition_blend (composition, &reference_frame)
      && blend (composition, &tried_frame);
  gst_video_frame_unmap (&tried_frame);
  gst_video_frame_unmap (&reference_frame);

  gst_buffer_map (reference, &a, GST_MAP_READ);
  gst_buffer_map (tried, &b, GST_MAP_READ);
  for (gsize i = 0; i < a.size; i++)
    differing += a.data[i] != b.data[i];
  gst_buffer_unmap (tried, &b);
  gst_buffer_unmap (reference, &a);
  gst_buffer_unref (tried);
  gst_buffer_unref (reference);
  return blended ? differing : -1;
}
