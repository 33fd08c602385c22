/* The drawn pixels of an overlay rectangle as runs along its rows, made once
 * when a canvas is added to a composition, and their blend into 8-bit 4:2:0
 * frames. Brackets are mostly transparent: blending their runs costs what
 * is drawn, not the rectangle's area. */
#include "overlay_runs.h"

/* Pixels in a row of the rectangle that are not fully transparent. */
typedef struct
{
  gint row;
  gint column;
  gint length;
  /* Where the run's pixels start in each of the planes below. */
  gsize first;
} Run;

/* The drawn pixels one plane per component, so that the blend's loops are
 * plain enough for the compiler to vectorise. */
typedef struct
{
  gint width;
  gint height;
  /* Whether the planes below are A, Y, U and V (else only the runs are
   * kept: a BGRA rectangle's, for the frame holds that save what it
   * covers). */
  gboolean ayuv;
  guint count;
  Run *runs;
  guint8 *alpha;
  guint8 *luma;
  guint8 *blue;
  guint8 *red;
} Runs;

static GQuark
runs_quark (void)
{
  static gsize quark;

  if (g_once_init_enter (&quark))
    g_once_init_leave (&quark, g_quark_from_static_string ("docscan-runs"));
  return (GQuark) quark;
}

static void
runs_free (gpointer data)
{
  Runs *runs = data;

  g_free (runs->runs);
  g_free (runs->alpha);
  g_free (runs);
}

void
docscan_overlay_runs_attach (GstVideoOverlayRectangle * rectangle,
    const GstVideoInfo * info, GstBuffer * pixels)
{
  GstVideoFrame frame;
  Runs *runs;
  GArray *found;
  gsize drawn = 0;
  gint alpha_at;

  switch (GST_VIDEO_INFO_FORMAT (info)) {
    case GST_VIDEO_FORMAT_AYUV:
      alpha_at = 0;
      break;
    case GST_VIDEO_FORMAT_BGRA:
      alpha_at = 3;
      break;
    default:
      return;
  }
  if (!gst_video_frame_map (&frame, info, pixels, GST_MAP_READ))
    return;
  runs = g_new0 (Runs, 1);
  runs->ayuv = alpha_at == 0;
  runs->width = GST_VIDEO_FRAME_WIDTH (&frame);
  runs->height = GST_VIDEO_FRAME_HEIGHT (&frame);
  found = g_array_new (FALSE, FALSE, sizeof (Run));
  for (gint y = 0; y < runs->height; y++) {
    const guint8 *row = (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&frame, 0)
        + (gsize) y * GST_VIDEO_FRAME_PLANE_STRIDE (&frame, 0);

    for (gint x = 0; x < runs->width;) {
      Run run = { y, x, 0, drawn };

      if (row[4 * x + alpha_at] == 0) {
        x++;
        continue;
      }
      while (x < runs->width && row[4 * x + alpha_at] != 0)
        x++;
      run.length = x - run.column;
      drawn += run.length;
      g_array_append_val (found, run);
    }
  }
  runs->count = found->len;
  runs->runs = (Run *) g_array_free (found, FALSE);
  if (!runs->ayuv) {
    gst_video_frame_unmap (&frame);
    gst_mini_object_set_qdata (GST_MINI_OBJECT_CAST (rectangle), runs_quark (),
        runs, runs_free);
    return;
  }
  /* One allocation, four planes. */
  runs->alpha = g_malloc (MAX (drawn, 1) * 4);
  runs->luma = runs->alpha + drawn;
  runs->blue = runs->luma + drawn;
  runs->red = runs->blue + drawn;
  for (guint i = 0; i < runs->count; i++) {
    const Run *run = &runs->runs[i];
    const guint8 *pixel = (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&frame,
        0) + (gsize) run->row * GST_VIDEO_FRAME_PLANE_STRIDE (&frame, 0)
        + 4 * run->column;

    for (gsize k = run->first; k < run->first + run->length; k++, pixel += 4) {
      runs->alpha[k] = pixel[0];
      runs->luma[k] = pixel[1];
      runs->blue[k] = pixel[2];
      runs->red[k] = pixel[3];
    }
  }
  gst_video_frame_unmap (&frame);
  gst_mini_object_set_qdata (GST_MINI_OBJECT_CAST (rectangle), runs_quark (),
      runs, runs_free);
}

/* Frames whose chroma the runs' blend knows how gst_video_blend() writes:
 * 8-bit, one luma byte per pixel, one chroma sample per 2x2 pixels. */
static gboolean
is_planar_420 (GstVideoFormat format)
{
  switch (format) {
    case GST_VIDEO_FORMAT_I420:
    case GST_VIDEO_FORMAT_YV12:
    case GST_VIDEO_FORMAT_NV12:
    case GST_VIDEO_FORMAT_NV21:
      return TRUE;
    default:
      return FALSE;
  }
}

/* gst_video_blend()'s "over" for straight alpha on an opaque frame, in the
 * same integers, so the result is the same to the bit. The sum fits in 16
 * bits, which lets the compiler vectorise loops of it. */
static inline guint8
over (guint drawn, guint under, guint alpha)
{
  return (guint8) ((guint16) (drawn * alpha + under * (255 - alpha)) / 255);
}

gboolean
docscan_overlay_runs_can_blend (GstVideoOverlayRectangle * rectangle,
    const GstVideoFrame * frame)
{
  const Runs *runs = gst_mini_object_get_qdata (GST_MINI_OBJECT_CAST
      (rectangle), runs_quark ());
  gint x, y;
  guint width, height;

  if (runs == NULL || !runs->ayuv
      || !is_planar_420 (GST_VIDEO_FRAME_FORMAT (frame))
      || gst_video_overlay_rectangle_get_global_alpha (rectangle) != 1.0f
      || (gst_video_overlay_rectangle_get_flags (rectangle) &
          GST_VIDEO_OVERLAY_FORMAT_FLAG_PREMULTIPLIED_ALPHA))
    return FALSE;
  gst_video_overlay_rectangle_get_render_rectangle (rectangle, &x, &y, &width,
      &height);
  return (gint) width == runs->width && (gint) height == runs->height
      && x >= 0 && y >= 0 && x + runs->width <= GST_VIDEO_FRAME_WIDTH (frame)
      && y + runs->height <= GST_VIDEO_FRAME_HEIGHT (frame);
}

/* A run's luma: a loop the compiler vectorises, told that the pointers do
 * not overlap. */
static void
blend_luma (guint8 * restrict row, const guint8 * restrict drawn,
    const guint8 * restrict alpha, gint length)
{
  for (gint k = 0; k < length; k++)
    row[k] = over (drawn[k], row[k], alpha[k]);
}

/* A run's chroma on one row: `count` samples `step` bytes apart, each the
 * blend of every second drawn pixel. Restrict pointers, so that nothing is
 * loaded again after each store. */
static void
blend_chroma (guint8 * restrict row, gsize step,
    const guint8 * restrict drawn, const guint8 * restrict alpha, gint count)
{
  if (step == 1) {
    for (gint j = 0; j < count; j++)
      row[j] = over (drawn[2 * j], row[j], alpha[2 * j]);
  } else {
    for (gint j = 0; j < count; j++)
      row[j * step] = over (drawn[2 * j], row[j * step], alpha[2 * j]);
  }
}

/* Where the runs land in the frame. */
typedef struct
{
  guint8 *luma;
  guint8 *blue;
  guint8 *red;
  gsize luma_stride;
  gsize chroma_stride;
  /* Bytes from one chroma sample to the next (2 in NV12 and NV21). */
  gsize step;
  gint x;
  gint y;
} Target;

/* Asks for the frame's bytes under a run ahead of their use. The frame was
 * usually written on another core just before: each of the rows a panel
 * crosses is a few cache lines only, too short for the hardware's
 * prefetching, so without this the blend waits for each line in turn. */
static inline void
prefetch_run (const Target * t, const Run * run)
{
  gint frame_y = t->y + run->row;
  gint left = t->x + run->column;
  const guint8 *row = t->luma + (gsize) frame_y * t->luma_stride + left;

  for (gint k = 0; k < run->length; k += 64)
    __builtin_prefetch (row + k, 1);
  __builtin_prefetch (row + run->length - 1, 1);
  if (frame_y % 2 != 0)
    return;
  for (gint k = 0; k < run->length; k += 64) {
    gsize at = (gsize) (frame_y / 2) * t->chroma_stride
        + (gsize) ((left + k) / 2) * t->step;

    __builtin_prefetch (t->blue + at, 1);
    __builtin_prefetch (t->red + at, 1);
  }
}

/* How many runs ahead prefetch_run() asks: enough rows to keep several
 * lines on their way at once. */
#define PREFETCH_RUNS 4

/* gst_video_blend() works a row at a time: it spreads each chroma sample
 * over its two columns, blends every pixel, and on even rows keeps the
 * chroma of the even column (odd rows write luma only). So a chroma sample
 * takes the blend of the pixel at its even row and column, if drawn. */
void
docscan_overlay_runs_blend (GstVideoOverlayRectangle * rectangle,
    GstVideoFrame * frame)
{
  const Runs *runs = gst_mini_object_get_qdata (GST_MINI_OBJECT_CAST
      (rectangle), runs_quark ());
  Target t = {
    GST_VIDEO_FRAME_COMP_DATA (frame, GST_VIDEO_COMP_Y),
    GST_VIDEO_FRAME_COMP_DATA (frame, GST_VIDEO_COMP_U),
    GST_VIDEO_FRAME_COMP_DATA (frame, GST_VIDEO_COMP_V),
    GST_VIDEO_FRAME_COMP_STRIDE (frame, GST_VIDEO_COMP_Y),
    GST_VIDEO_FRAME_COMP_STRIDE (frame, GST_VIDEO_COMP_U),
    GST_VIDEO_FRAME_COMP_PSTRIDE (frame, GST_VIDEO_COMP_U),
    0, 0,
  };
  guint width, height;

  gst_video_overlay_rectangle_get_render_rectangle (rectangle, &t.x, &t.y,
      &width, &height);
  for (guint i = 0; i < MIN (runs->count, PREFETCH_RUNS); i++)
    prefetch_run (&t, &runs->runs[i]);
  for (guint i = 0; i < runs->count; i++) {
    const Run *run = &runs->runs[i];
    const guint8 *alpha = runs->alpha + run->first;
    const guint8 *drawn_luma = runs->luma + run->first;
    gint frame_y = t.y + run->row;
    gint left = t.x + run->column;
    guint8 *row = t.luma + (gsize) frame_y * t.luma_stride + left;
    guint8 *blue_row, *red_row;

    if (i + PREFETCH_RUNS < runs->count)
      prefetch_run (&t, &runs->runs[i + PREFETCH_RUNS]);
    blend_luma (row, drawn_luma, alpha, run->length);
    if (frame_y % 2 != 0)
      continue;
    /* From the run's first even column on, every second pixel. */
    blue_row = t.blue + (gsize) (frame_y / 2) * t.chroma_stride;
    red_row = t.red + (gsize) (frame_y / 2) * t.chroma_stride;
    {
      gint k = left % 2;
      gint count = (run->length - k + 1) / 2;
      gsize at = (gsize) ((left + k) / 2) * t.step;

      blend_chroma (blue_row + at, t.step, runs->blue + run->first + k,
          alpha + k, count);
      blend_chroma (red_row + at, t.step, runs->red + run->first + k,
          alpha + k, count);
    }
  }
}

gboolean
docscan_overlay_runs_each (GstVideoOverlayRectangle * rectangle,
    DocScanRunVisitor visit, gpointer data)
{
  const Runs *runs = gst_mini_object_get_qdata (GST_MINI_OBJECT_CAST
      (rectangle), runs_quark ());
  gint x, y;
  guint width, height;

  if (runs == NULL)
    return FALSE;
  gst_video_overlay_rectangle_get_render_rectangle (rectangle, &x, &y, &width,
      &height);
  if ((gint) width != runs->width || (gint) height != runs->height)
    return FALSE;
  for (guint i = 0; i < runs->count; i++)
    visit (y + runs->runs[i].row, x + runs->runs[i].column,
        runs->runs[i].length, data);
  return TRUE;
}
