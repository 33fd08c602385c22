/* Test-only frames of seeded noise (docscan_noise_frame.h). */
#include "docscan_noise_frame.h"

GstVideoFrame *
docscan_noise_frame_new (const char *format, gint width, gint height,
    guint32 seed)
{
  GstVideoInfo info;
  GstVideoFrame *frame;
  GstBuffer *buffer;
  GstMapInfo map;
  GRand *noise;

  if (!gst_video_info_set_format (&info, gst_video_format_from_string (format),
          width, height)
      || GST_VIDEO_INFO_FORMAT (&info) == GST_VIDEO_FORMAT_UNKNOWN)
    return NULL;
  buffer = gst_buffer_new_allocate (NULL, GST_VIDEO_INFO_SIZE (&info), NULL);
  gst_buffer_map (buffer, &map, GST_MAP_WRITE);
  noise = g_rand_new_with_seed (seed);
  for (gsize i = 0; i < map.size; i++)
    map.data[i] = (guint8) g_rand_int_range (noise, 0, 256);
  g_rand_free (noise);
  gst_buffer_unmap (buffer, &map);
  frame = g_new0 (GstVideoFrame, 1);
  gst_video_frame_map (frame, &info, buffer, GST_MAP_READWRITE);
  /* The frame holds the buffer from here on. */
  gst_buffer_unref (buffer);
  return frame;
}

void
docscan_noise_frame_free (GstVideoFrame * frame)
{
  gst_video_frame_unmap (frame);
  g_free (frame);
}
