/* Frame snapshots and the luma converter: a cheap copy on the streaming
 * thread, then GstVideoConverter to a scaled GRAY8 analysis image. */
#include "docscan_shim.h"
#include "streaming_copy.h"
#include <string.h>

struct _DocScanSnapshot
{
  /* What the snapshot holds: GRAY8 of the frame's size when the input has
   * a luma plane of its own, else the input format itself. */
  GstVideoInfo info;
  GstBuffer *buffer;
};

static gboolean
has_luma_plane (const GstVideoInfo * input)
{
  switch (GST_VIDEO_INFO_FORMAT (input)) {
    case GST_VIDEO_FORMAT_I420:
    case GST_VIDEO_FORMAT_YV12:
    case GST_VIDEO_FORMAT_NV12:
    case GST_VIDEO_FORMAT_GRAY8:
      return TRUE;
    default:
      return FALSE;
  }
}

/* `info` becomes `format` at `width` x `height`, with everything else of
 * `input`: the converter insists that only format and size differ. */
static void
derive_info (const GstVideoInfo * input, GstVideoFormat format, gint width,
    gint height, GstVideoInfo * info)
{
  gst_video_info_set_format (info, format, width, height);
  GST_VIDEO_INFO_FPS_N (info) = GST_VIDEO_INFO_FPS_N (input);
  GST_VIDEO_INFO_FPS_D (info) = GST_VIDEO_INFO_FPS_D (input);
  GST_VIDEO_INFO_PAR_N (info) = GST_VIDEO_INFO_PAR_N (input);
  GST_VIDEO_INFO_PAR_D (info) = GST_VIDEO_INFO_PAR_D (input);
  GST_VIDEO_INFO_INTERLACE_MODE (info) = GST_VIDEO_INFO_INTERLACE_MODE (input);
}

static void
snapshot_info (const GstVideoInfo * input, GstVideoInfo * info)
{
  if (has_luma_plane (input)) {
    derive_info (input, GST_VIDEO_FORMAT_GRAY8, GST_VIDEO_INFO_WIDTH (input),
        GST_VIDEO_INFO_HEIGHT (input), info);
    /* A raw luma plane keeps the video's range (often 16..235); the
     * converter does not expand GRAY8 ranges, convert() does. */
    info->colorimetry.range = input->colorimetry.range;
  } else {
    derive_info (input, GST_VIDEO_INFO_FORMAT (input),
        GST_VIDEO_INFO_WIDTH (input), GST_VIDEO_INFO_HEIGHT (input), info);
    info->colorimetry = input->colorimetry;
  }
}

DocScanSnapshot *
docscan_snapshot_new (const GstVideoInfo * input)
{
  DocScanSnapshot *self = g_new0 (DocScanSnapshot, 1);

  snapshot_info (input, &self->info);
  self->buffer = gst_buffer_new_allocate (NULL, GST_VIDEO_INFO_SIZE (&self->info),
      NULL);
  return self;
}

void
docscan_snapshot_free (DocScanSnapshot * self)
{
  if (self == NULL)
    return;
  gst_buffer_unref (self->buffer);
  g_free (self);
}

gboolean
docscan_snapshot_take (DocScanSnapshot * self, const GstVideoFrame * frame)
{
  GstVideoFrame out;
  gboolean ok;

  if (!gst_video_frame_map (&out, &self->info, self->buffer, GST_MAP_WRITE))
    return FALSE;
  if (GST_VIDEO_INFO_FORMAT (&self->info) == GST_VIDEO_FORMAT_GRAY8
      && GST_VIDEO_FRAME_FORMAT (frame) != GST_VIDEO_FORMAT_GRAY8) {
    /* The luma plane alone, row by row (the strides may differ). */
    docscan_copy_rows (GST_VIDEO_FRAME_PLANE_DATA (&out, 0),
        GST_VIDEO_FRAME_PLANE_STRIDE (&out, 0),
        GST_VIDEO_FRAME_PLANE_DATA (frame, 0),
        GST_VIDEO_FRAME_PLANE_STRIDE (frame, 0), GST_VIDEO_FRAME_WIDTH (frame),
        GST_VIDEO_FRAME_HEIGHT (frame));
    ok = TRUE;
  } else {
    /* Whole rows: gst_video_frame_copy() leaves out the last chroma bytes
     * of an odd-width packed 4:2:2 row, which the colour copy reads. */
    for (guint plane = 0; plane < GST_VIDEO_FRAME_N_PLANES (frame); plane++)
      docscan_copy_rows (GST_VIDEO_FRAME_PLANE_DATA (&out, plane),
          GST_VIDEO_FRAME_PLANE_STRIDE (&out, plane),
          GST_VIDEO_FRAME_PLANE_DATA (frame, plane),
          GST_VIDEO_FRAME_PLANE_STRIDE (frame, plane),
          MIN (GST_VIDEO_FRAME_PLANE_STRIDE (&out, plane),
              GST_VIDEO_FRAME_PLANE_STRIDE (frame, plane)),
          docscan_video_info_plane_rows (&frame->info, plane));
    ok = TRUE;
  }
  gst_video_frame_unmap (&out);
  return ok;
}

gboolean
docscan_snapshot_take_held (DocScanSnapshot * self, DocScanFrameHold * hold)
{
  GstVideoFrame frame, out;

  if (!docscan_frame_hold_map (hold, &frame))
    return FALSE;
  if (!docscan_snapshot_take (self, &frame)) {
    gst_video_frame_unmap (&frame);
    return FALSE;
  }
  gst_video_frame_unmap (&frame);
  if (!gst_video_frame_map (&out, &self->info, self->buffer, GST_MAP_WRITE))
    return FALSE;
  /* A luma-only snapshot is the frame's luma plane, plane 0 of every
   * format that has one. */
  for (guint plane = 0; plane < GST_VIDEO_FRAME_N_PLANES (&out); plane++)
    docscan_frame_hold_restore (hold, plane,
        GST_VIDEO_FRAME_PLANE_DATA (&out, plane),
        GST_VIDEO_FRAME_PLANE_STRIDE (&out, plane),
        GST_VIDEO_FRAME_PLANE_STRIDE (&out, plane),
        docscan_video_info_plane_rows (&out.info, plane));
  gst_video_frame_unmap (&out);
  return TRUE;
}

gboolean
docscan_snapshot_map (DocScanSnapshot * self, GstVideoFrame * frame)
{
  return gst_video_frame_map (frame, &self->info, self->buffer, GST_MAP_READ);
}

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
  GstVideoInfo source;

  snapshot_info (input, &source);
  derive_info (&source, GST_VIDEO_FORMAT_GRAY8, width, height, &self->output);
  /* One thread: the converter runs beside the session's own work. */
  self->converter = gst_video_converter_new (&source, &self->output,
      gst_structure_new ("options",
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

/* Studio range luma (16 = black, 235 = white) to full range, so that
 * analysis sees the same levels whatever the source's range. */
static void
expand_limited_range (guint8 * pixels, gint width, gint height, gint stride)
{
  guint8 table[256];

  for (gint v = 0; v < 256; v++)
    table[v] = (guint8) CLAMP (((v - 16) * 255 + 109) / 219, 0, 255);
  for (gint y = 0; y < height; y++) {
    guint8 *row = pixels + (gsize) y * stride;
    for (gint x = 0; x < width; x++)
      row[x] = table[row[x]];
  }
}

gboolean
docscan_luma_converter_convert (DocScanLumaConverter * self,
    DocScanSnapshot * snapshot, guint8 * destination, gint stride)
{
  GstVideoInfo info = self->output;
  GstVideoFrame in, out;
  GstBuffer *buffer;
  gsize size = (gsize) stride * GST_VIDEO_INFO_HEIGHT (&info);
  gboolean ok = FALSE;

  GST_VIDEO_INFO_PLANE_STRIDE (&info, 0) = stride;
  GST_VIDEO_INFO_SIZE (&info) = size;
  buffer = gst_buffer_new_wrapped_full (0, destination, size, 0, size, NULL,
      NULL);
  if (gst_video_frame_map (&in, &snapshot->info, snapshot->buffer,
          GST_MAP_READ)) {
    if (gst_video_frame_map (&out, &info, buffer, GST_MAP_WRITE)) {
      gst_video_converter_frame (self->converter, &in, &out);
      gst_video_frame_unmap (&out);
      if (GST_VIDEO_INFO_FORMAT (&snapshot->info) == GST_VIDEO_FORMAT_GRAY8
          && snapshot->info.colorimetry.range == GST_VIDEO_COLOR_RANGE_16_235)
        expand_limited_range (destination, GST_VIDEO_INFO_WIDTH (&info),
            GST_VIDEO_INFO_HEIGHT (&info), stride);
      ok = TRUE;
    }
    gst_video_frame_unmap (&in);
  }
  gst_buffer_unref (buffer);
  return ok;
}

gint
docscan_video_info_plane_rows (const GstVideoInfo * info, guint plane)
{
  for (guint c = 0; c < GST_VIDEO_INFO_N_COMPONENTS (info); c++)
    if (GST_VIDEO_INFO_COMP_PLANE (info, c) == plane)
      return GST_VIDEO_INFO_COMP_HEIGHT (info, c);
  return 0;
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

gboolean
docscan_video_info_is_rgb (const GstVideoInfo * info)
{
  return GST_VIDEO_INFO_IS_RGB (info);
}
