/* Frame snapshots and the luma converter: the frame's grey at its own
 * size, copied or converted on the analysis side from a held frame, then
 * GstVideoConverter to a scaled GRAY8 analysis image. */
#include "docscan_shim.h"
#include "streaming_copy.h"
#include <string.h>

struct _DocScanSnapshot
{
  /* What the snapshot holds: GRAY8 of the frame's size, the frame's own
   * luma plane when it has one, else (packed formats) its luma worked out
   * by GstVideoConverter: never a copy of the whole frame. */
  GstVideoInfo info;
  GstBuffer *buffer;
  /* Packed formats only: the whole frame to grey; two rows to grey, for
   * the rows the overlay drew on, put back as they came in (`row_in`, two
   * rows of the input format, and `row_out`, of grey, are its frames). */
  GstVideoConverter *to_grey;
  GstVideoConverter *row_to_grey;
  GstVideoInfo row_in_info;
  GstVideoInfo row_out_info;
  GstBuffer *row_in;
  GstBuffer *row_out;
  guint8 *row_in_data;
  guint8 *row_out_data;
  gsize row_bytes;
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
  derive_info (input, GST_VIDEO_FORMAT_GRAY8, GST_VIDEO_INFO_WIDTH (input),
      GST_VIDEO_INFO_HEIGHT (input), info);
  /* YUV luma keeps the video's range (often 16..235), whether copied from
   * its plane or unpacked by the converter (which does not expand it for
   * GRAY8); convert() expands it. The converter's luma of RGB is full
   * range. */
  info->colorimetry.range = GST_VIDEO_INFO_IS_YUV (input)
      ? input->colorimetry.range : GST_VIDEO_COLOR_RANGE_0_255;
}

static GstVideoConverter *
converter_new (const GstVideoInfo * from, const GstVideoInfo * to)
{
  /* One thread: the converter runs beside the session's own work. */
  return gst_video_converter_new (from, to,
      gst_structure_new ("options",
          GST_VIDEO_CONVERTER_OPT_RESAMPLER_METHOD,
          GST_TYPE_VIDEO_RESAMPLER_METHOD, GST_VIDEO_RESAMPLER_METHOD_LINEAR,
          GST_VIDEO_CONVERTER_OPT_DITHER_METHOD, GST_TYPE_VIDEO_DITHER_METHOD,
          GST_VIDEO_DITHER_NONE, GST_VIDEO_CONVERTER_OPT_THREADS, G_TYPE_UINT,
          1, NULL));
}

/* A buffer over `size` bytes of `data`, which stays the caller's. */
static GstBuffer *
wrap (guint8 * data, gsize size)
{
  return gst_buffer_new_wrapped_full (0, data, size, 0, size, NULL, NULL);
}

/* The converters and one-row frames of a packed format. */
static gboolean
prepare_packed (DocScanSnapshot * self, const GstVideoInfo * input)
{
  gint width = GST_VIDEO_INFO_WIDTH (input);

  self->to_grey = converter_new (input, &self->info);
  self->row_in_info = *input;
  gst_video_info_set_format (&self->row_in_info, GST_VIDEO_INFO_FORMAT (input),
      width, 2);
  self->row_in_info.colorimetry = input->colorimetry;
  self->row_in_info.chroma_site = input->chroma_site;
  self->row_out_info = self->info;
  gst_video_info_set_format (&self->row_out_info, GST_VIDEO_FORMAT_GRAY8,
      width, 2);
  self->row_out_info.colorimetry = self->info.colorimetry;
  self->row_to_grey = converter_new (&self->row_in_info, &self->row_out_info);
  if (self->to_grey == NULL || self->row_to_grey == NULL)
    return FALSE;
  self->row_bytes = docscan_video_info_row_bytes (input, 0);
  self->row_in_data =
      g_malloc0 (MAX (self->row_bytes, GST_VIDEO_INFO_SIZE (&self->row_in_info)));
  self->row_out_data = g_malloc0 (GST_VIDEO_INFO_SIZE (&self->row_out_info));
  self->row_in = wrap (self->row_in_data,
      GST_VIDEO_INFO_SIZE (&self->row_in_info));
  self->row_out = wrap (self->row_out_data,
      GST_VIDEO_INFO_SIZE (&self->row_out_info));
  return TRUE;
}

DocScanSnapshot *
docscan_snapshot_new (const GstVideoInfo * input)
{
  DocScanSnapshot *self = g_new0 (DocScanSnapshot, 1);

  snapshot_info (input, &self->info);
  self->buffer = gst_buffer_new_allocate (NULL, GST_VIDEO_INFO_SIZE (&self->info),
      NULL);
  if (!has_luma_plane (input) && !prepare_packed (self, input)) {
    docscan_snapshot_free (self);
    return NULL;
  }
  return self;
}

void
docscan_snapshot_free (DocScanSnapshot * self)
{
  if (self == NULL)
    return;
  gst_buffer_unref (self->buffer);
  if (self->to_grey != NULL)
    gst_video_converter_free (self->to_grey);
  if (self->row_to_grey != NULL)
    gst_video_converter_free (self->row_to_grey);
  if (self->row_in != NULL)
    gst_buffer_unref (self->row_in);
  if (self->row_out != NULL)
    gst_buffer_unref (self->row_out);
  g_free (self->row_in_data);
  g_free (self->row_out_data);
  g_free (self);
}

gboolean
docscan_snapshot_take (DocScanSnapshot * self, const GstVideoFrame * frame)
{
  GstVideoFrame out;

  if (!gst_video_frame_map (&out, &self->info, self->buffer, GST_MAP_WRITE))
    return FALSE;
  if (self->to_grey != NULL) {
    gst_video_converter_frame (self->to_grey, frame, &out);
  } else {
    /* The luma plane alone, row by row (the strides may differ). */
    docscan_copy_rows (GST_VIDEO_FRAME_PLANE_DATA (&out, 0),
        GST_VIDEO_FRAME_PLANE_STRIDE (&out, 0),
        GST_VIDEO_FRAME_PLANE_DATA (frame, 0),
        GST_VIDEO_FRAME_PLANE_STRIDE (frame, 0), GST_VIDEO_FRAME_WIDTH (frame),
        GST_VIDEO_FRAME_HEIGHT (frame));
  }
  gst_video_frame_unmap (&out);
  return TRUE;
}

/* Packed formats: the grey of every row the overlay drew on, worked out
 * again from the row as it came in, two rows at a time (GStreamer 1.22's
 * converter gives a one-row frame's first output again on every later
 * call). */
static gboolean
undraw_packed_rows (DocScanSnapshot * self, DocScanFrameHold * hold,
    const GstVideoFrame * frame, GstVideoFrame * out)
{
  GstVideoFrame row_in, row_out;
  gsize in_stride = GST_VIDEO_INFO_PLANE_STRIDE (&self->row_in_info, 0);
  gsize out_stride = GST_VIDEO_INFO_PLANE_STRIDE (&self->row_out_info, 0);
  gint rows[2];
  guint filled = 0;
  gint row = -1;

  if (!gst_video_frame_map (&row_in, &self->row_in_info, self->row_in,
          GST_MAP_READWRITE))
    return FALSE;
  if (!gst_video_frame_map (&row_out, &self->row_out_info, self->row_out,
          GST_MAP_READWRITE)) {
    gst_video_frame_unmap (&row_in);
    return FALSE;
  }
  do {
    row = docscan_frame_hold_next_drawn_row (hold, 0, row);
    if (row >= 0) {
      guint8 *slot = self->row_in_data + filled * in_stride;
      const guint8 *original = docscan_frame_hold_original_row (hold, frame, 0,
          row, slot, self->row_bytes);

      if (original != slot)
        memcpy (slot, original, self->row_bytes);
      rows[filled++] = row;
    }
    /* A pair, or the last row alone beside the one before it (rows do not
     * mix: packed formats have no vertical chroma subsampling). */
    if (filled == 2 || (row < 0 && filled > 0)) {
      gst_video_converter_frame (self->row_to_grey, &row_in, &row_out);
      for (guint i = 0; i < filled; i++)
        memcpy ((guint8 *) GST_VIDEO_FRAME_PLANE_DATA (out, 0)
            + (gsize) rows[i] * GST_VIDEO_FRAME_PLANE_STRIDE (out, 0),
            self->row_out_data + i * out_stride,
            (gsize) GST_VIDEO_FRAME_WIDTH (frame));
      filled = 0;
    }
  } while (row >= 0);
  gst_video_frame_unmap (&row_out);
  gst_video_frame_unmap (&row_in);
  return TRUE;
}

gboolean
docscan_snapshot_take_held (DocScanSnapshot * self, DocScanFrameHold * hold)
{
  GstVideoFrame frame, out;
  gboolean ok = TRUE;

  if (!docscan_frame_hold_map (hold, &frame))
    return FALSE;
  if (!docscan_snapshot_take (self, &frame)) {
    gst_video_frame_unmap (&frame);
    return FALSE;
  }
  if (!gst_video_frame_map (&out, &self->info, self->buffer, GST_MAP_WRITE)) {
    gst_video_frame_unmap (&frame);
    return FALSE;
  }
  if (self->to_grey != NULL)
    ok = undraw_packed_rows (self, hold, &frame, &out);
  else
    /* The luma plane is plane 0 of every format that has one. */
    docscan_frame_hold_restore (hold, 0, GST_VIDEO_FRAME_PLANE_DATA (&out, 0),
        GST_VIDEO_FRAME_PLANE_STRIDE (&out, 0),
        GST_VIDEO_FRAME_PLANE_STRIDE (&out, 0), GST_VIDEO_FRAME_HEIGHT (&out));
  gst_video_frame_unmap (&out);
  gst_video_frame_unmap (&frame);
  return ok;
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
  self->converter = converter_new (&source, &self->output);
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

gsize
docscan_video_info_row_bytes (const GstVideoInfo * info, guint plane)
{
  gsize bytes = 0;

  for (guint c = 0; c < GST_VIDEO_INFO_N_COMPONENTS (info); c++)
    if (GST_VIDEO_INFO_COMP_PLANE (info, c) == plane)
      bytes = MAX (bytes, GST_VIDEO_INFO_COMP_POFFSET (info, c)
          + (gsize) (GST_VIDEO_INFO_COMP_WIDTH (info, c) - 1)
          * GST_VIDEO_INFO_COMP_PSTRIDE (info, c) + 1);
  return bytes;
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
