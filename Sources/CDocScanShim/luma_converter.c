/* Luma converter: GstVideoConverter from the input format to a GRAY8
 * analysis copy of the size Swift asks for. */
#include "docscan_shim.h"

struct _DocScanLumaConverter
{
  GstVideoInfo output;
  GstVideoConverter *converter;
};

DocScanLumaConverter *
docscan_luma_converter_new (const GstVideoInfo * input, gint width,
    gint height)
{
  DocScanLumaConverter *self = g_new0 (DocScanLumaConverter, 1);

  gst_video_info_set_format (&self->output, GST_VIDEO_FORMAT_GRAY8, width,
      height);
  /* The converter insists that only format and size differ. */
  GST_VIDEO_INFO_FPS_N (&self->output) = GST_VIDEO_INFO_FPS_N (input);
  GST_VIDEO_INFO_FPS_D (&self->output) = GST_VIDEO_INFO_FPS_D (input);
  GST_VIDEO_INFO_PAR_N (&self->output) = GST_VIDEO_INFO_PAR_N (input);
  GST_VIDEO_INFO_PAR_D (&self->output) = GST_VIDEO_INFO_PAR_D (input);
  GST_VIDEO_INFO_INTERLACE_MODE (&self->output) =
      GST_VIDEO_INFO_INTERLACE_MODE (input);
  /* Bilinear scaling on one thread: the copy is made on the streaming
   * thread and must stay cheap. */
  self->converter = gst_video_converter_new ((GstVideoInfo *) input,
      &self->output, gst_structure_new ("options",
          GST_VIDEO_CONVERTER_OPT_RESAMPLER_METHOD,
          GST_TYPE_VIDEO_RESAMPLER_METHOD, GST_VIDEO_RESAMPLER_METHOD_LINEAR,
          GST_VIDEO_CONVERTER_OPT_DITHER_METHOD, GST_TYPE_VIDEO_DITHER_METHOD,
          GST_VIDEO_DITHER_NONE, GST_VIDEO_CONVERTER_OPT_THREADS, G_TYPE_UINT,
          1, NULL));
  if (self->converter == NULL) {
    g_free (self);
    return NULL;
  }
  return self;
}

void
docscan_luma_converter_free (DocScanLumaConverter * self)
{
  if (self == NULL)
    return;
  gst_video_converter_free (self->converter);
  g_free (self);
}

gboolean
docscan_luma_converter_convert (DocScanLumaConverter * self,
    const GstVideoFrame * frame, guint8 * destination, gint stride)
{
  GstVideoInfo info = self->output;
  GstVideoFrame out;
  GstBuffer *buffer;
  gsize size = (gsize) stride * GST_VIDEO_INFO_HEIGHT (&info);
  gboolean ok;

  GST_VIDEO_INFO_PLANE_STRIDE (&info, 0) = stride;
  GST_VIDEO_INFO_SIZE (&info) = size;
  buffer = gst_buffer_new_wrapped_full (0, destination, size, 0, size, NULL,
      NULL);
  ok = gst_video_frame_map (&out, &info, buffer, GST_MAP_WRITE);
  if (ok) {
    gst_video_converter_frame (self->converter, frame, &out);
    gst_video_frame_unmap (&out);
  }
  gst_buffer_unref (buffer);
  return ok;
}

gint
docscan_video_info_width (const GstVideoInfo * info)
{
  return GST_VIDEO_INFO_WIDTH (info);
}

gint
docscan_video_info_height (const GstVideoInfo * info)
{
  return GST_VIDEO_INFO_HEIGHT (info);
}

const char *
docscan_video_info_format (const GstVideoInfo * info)
{
  return gst_video_format_to_string (GST_VIDEO_INFO_FORMAT (info));
}
