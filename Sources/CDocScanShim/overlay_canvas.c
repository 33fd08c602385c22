/* Overlay canvases: cairo + pango drawing into ARGB surfaces, turned into a
 * GstVideoOverlayComposition that GStreamer blends into any video format. */
#include "docscan_shim.h"
#include "overlay_runs.h"
#include <pango/pangocairo.h>
#include <string.h>

struct _DocScanCanvas
{
  cairo_surface_t *surface;
  cairo_t *cr;
};

DocScanCanvas *
docscan_canvas_new (gint width, gint height)
{
  DocScanCanvas *self = g_new0 (DocScanCanvas, 1);

  self->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
      MAX (width, 1), MAX (height, 1));
  self->cr = cairo_create (self->surface);
  return self;
}

void
docscan_canvas_free (DocScanCanvas * self)
{
  if (self == NULL)
    return;
  cairo_destroy (self->cr);
  cairo_surface_destroy (self->surface);
  g_free (self);
}

void
docscan_canvas_fill_rect (DocScanCanvas * self, gdouble x, gdouble y,
    gdouble width, gdouble height, gdouble r, gdouble g, gdouble b, gdouble a)
{
  cairo_set_source_rgba (self->cr, r, g, b, a);
  cairo_rectangle (self->cr, x, y, width, height);
  cairo_fill (self->cr);
}

void
docscan_canvas_stroke_path (DocScanCanvas * self, const gdouble * xy,
    gsize points, gboolean closed, gdouble line_width, gdouble r, gdouble g,
    gdouble b, gdouble a)
{
  if (points < 2)
    return;
  cairo_set_source_rgba (self->cr, r, g, b, a);
  cairo_set_line_width (self->cr, line_width);
  cairo_set_line_join (self->cr, CAIRO_LINE_JOIN_MITER);
  cairo_set_line_cap (self->cr, CAIRO_LINE_CAP_SQUARE);
  cairo_move_to (self->cr, xy[0], xy[1]);
  for (gsize i = 1; i < points; i++)
    cairo_line_to (self->cr, xy[2 * i], xy[2 * i + 1]);
  if (closed)
    cairo_close_path (self->cr);
  cairo_stroke (self->cr);
}

static PangoLayout *
make_layout (DocScanCanvas * self, const char *text, const char *font)
{
  PangoLayout *layout = pango_cairo_create_layout (self->cr);
  PangoFontDescription *description = pango_font_description_from_string (font);

  pango_layout_set_font_description (layout, description);
  pango_layout_set_text (layout, text, -1);
  pango_font_description_free (description);
  return layout;
}

void
docscan_canvas_text (DocScanCanvas * self, const char *text, const char *font,
    gdouble x, gdouble y, gdouble r, gdouble g, gdouble b, gdouble a)
{
  PangoLayout *layout = make_layout (self, text, font);

  cairo_set_source_rgba (self->cr, r, g, b, a);
  cairo_move_to (self->cr, x, y);
  pango_cairo_show_layout (self->cr, layout);
  g_object_unref (layout);
}

void
docscan_canvas_measure_text (DocScanCanvas * self, const char *text,
    const char *font, gdouble * width, gdouble * height)
{
  PangoLayout *layout = make_layout (self, text, font);
  gint w = 0, h = 0;

  pango_layout_get_pixel_size (layout, &w, &h);
  if (width)
    *width = w;
  if (height)
    *height = h;
  g_object_unref (layout);
}

const guint8 *
docscan_canvas_data (DocScanCanvas * self, gint * width, gint * height,
    gint * stride)
{
  cairo_surface_flush (self->surface);
  *width = cairo_image_surface_get_width (self->surface);
  *height = cairo_image_surface_get_height (self->surface);
  *stride = cairo_image_surface_get_stride (self->surface);
  return cairo_image_surface_get_data (self->surface);
}

GstVideoOverlayComposition *
docscan_composition_new (void)
{
  return NULL;
}

/* The canvas in straight (not premultiplied) alpha, BGRA in memory, or
 * converted to AYUV for YUV frames by GstVideoConverter. Not done with
 * gst_video_overlay_rectangle_get_pixels_unscaled_ayuv(): in GStreamer 1.22
 * that turned translucent black into purple (checked by eye on a frame). */
static GstBuffer *
straight_pixels (DocScanCanvas * canvas, gboolean rgb_frame, GstVideoInfo * info)
{
  gint width = cairo_image_surface_get_width (canvas->surface);
  gint height = cairo_image_surface_get_height (canvas->surface);
  gint stride = cairo_image_surface_get_stride (canvas->surface);
  const guint8 *data = cairo_image_surface_get_data (canvas->surface);
  GstVideoInfo bgra_info;
  GstBuffer *bgra;
  GstMapInfo map;

  cairo_surface_flush (canvas->surface);
  gst_video_info_set_format (&bgra_info, GST_VIDEO_FORMAT_BGRA, width, height);
  bgra = gst_buffer_new_allocate (NULL, GST_VIDEO_INFO_SIZE (&bgra_info), NULL);
  gst_buffer_map (bgra, &map, GST_MAP_WRITE);
  for (gint y = 0; y < height; y++) {
    const guint8 *in = data + (gsize) y * stride;
    guint8 *out = map.data + (gsize) y * GST_VIDEO_INFO_PLANE_STRIDE (&bgra_info, 0);
    for (gint x = 0; x < width; x++, in += 4, out += 4) {
      guint a = in[3];
      out[3] = a;
      for (gint c = 0; c < 3; c++)
        out[c] = a ? MIN (255u, (in[c] * 255u + a / 2) / a) : 0;
    }
  }
  gst_buffer_unmap (bgra, &map);

  if (rgb_frame) {
    *info = bgra_info;
    return bgra;
  } else {
    GstVideoInfo ayuv_info;
    GstBuffer *ayuv;
    GstVideoFrame in, out;
    GstVideoConverter *converter;

    gst_video_info_set_format (&ayuv_info, GST_VIDEO_FORMAT_AYUV, width, height);
    ayuv = gst_buffer_new_allocate (NULL, GST_VIDEO_INFO_SIZE (&ayuv_info), NULL);
    converter = gst_video_converter_new (&bgra_info, &ayuv_info, NULL);
    gst_video_frame_map (&in, &bgra_info, bgra, GST_MAP_READ);
    gst_video_frame_map (&out, &ayuv_info, ayuv, GST_MAP_WRITE);
    gst_video_converter_frame (converter, &in, &out);
    gst_video_frame_unmap (&out);
    gst_video_frame_unmap (&in);
    gst_video_converter_free (converter);
    gst_buffer_unref (bgra);
    *info = ayuv_info;
    return ayuv;
  }
}

void
docscan_composition_add_canvas (GstVideoOverlayComposition ** composition,
    DocScanCanvas * canvas, gint x, gint y, gboolean rgb_frame)
{
  GstVideoInfo info;
  GstBuffer *pixels = straight_pixels (canvas, rgb_frame, &info);
  GstVideoOverlayRectangle *rectangle;

  gst_buffer_add_video_meta (pixels, GST_VIDEO_FRAME_FLAG_NONE,
      GST_VIDEO_INFO_FORMAT (&info), GST_VIDEO_INFO_WIDTH (&info),
      GST_VIDEO_INFO_HEIGHT (&info));
  rectangle = gst_video_overlay_rectangle_new_raw (pixels, x, y,
      GST_VIDEO_INFO_WIDTH (&info), GST_VIDEO_INFO_HEIGHT (&info),
      GST_VIDEO_OVERLAY_FORMAT_FLAG_NONE);
  docscan_overlay_runs_attach (rectangle, &info, pixels);
  gst_buffer_unref (pixels);
  if (*composition == NULL)
    *composition = gst_video_overlay_composition_new (rectangle);
  else
    gst_video_overlay_composition_add_rectangle (*composition, rectangle);
  gst_video_overlay_rectangle_unref (rectangle);
}

void
docscan_composition_unref (GstVideoOverlayComposition * composition)
{
  if (composition)
    gst_video_overlay_composition_unref (composition);
}
