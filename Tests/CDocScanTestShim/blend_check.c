/* Test-only comparison of a blend with GStreamer's (docscan_blend_check.h). */
#include "docscan_blend_check.h"
#include "docscan_noise_frame.h"

gint64
docscan_blend_difference (GstVideoOverlayComposition * composition,
    DocScanBlendFunction blend, const char *format, gint width, gint height,
    guint32 seed)
{
  /* Two frames of the same noise. */
  GstVideoFrame *reference = docscan_noise_frame_new (format, width, height,
      seed);
  GstVideoFrame *tried = docscan_noise_frame_new (format, width, height, seed);
  GstMapInfo a, b;
  gboolean blended;
  gint64 differing = 0;

  if (reference == NULL || tried == NULL) {
    g_clear_pointer (&reference, docscan_noise_frame_free);
    g_clear_pointer (&tried, docscan_noise_frame_free);
    return -1;
  }
  blended = gst_video_overlay_composition_blend (composition, reference)
      && blend (composition, tried);
  gst_buffer_map (reference->buffer, &a, GST_MAP_READ);
  gst_buffer_map (tried->buffer, &b, GST_MAP_READ);
  for (gsize i = 0; i < a.size; i++)
    differing += a.data[i] != b.data[i];
  gst_buffer_unmap (tried->buffer, &b);
  gst_buffer_unmap (reference->buffer, &a);
  docscan_noise_frame_free (tried);
  docscan_noise_frame_free (reference);
  return blended ? differing : -1;
}
