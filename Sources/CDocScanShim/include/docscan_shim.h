/* docscan C shim: everything GObject, GStreamer macros and varargs that Swift
 * cannot call directly. Nothing in here decides anything; the Swift layers do. */
#ifndef DOCSCAN_SHIM_H
#define DOCSCAN_SHIM_H

#include <gst/gst.h>
#include <gst/video/video.h>

G_BEGIN_DECLS

/* ---- GstStructure bridge: build and post element messages ---- */

GstStructure *docscan_structure_new (const char *name);
void docscan_structure_set_string (GstStructure * s, const char *field,
    const char *value);
void docscan_structure_set_uint (GstStructure * s, const char *field,
    guint value);
void docscan_structure_set_uint64 (GstStructure * s, const char *field,
    guint64 value);
void docscan_structure_set_double (GstStructure * s, const char *field,
    gdouble value);
void docscan_structure_set_boolean (GstStructure * s, const char *field,
    gboolean value);
void docscan_structure_set_string_array (GstStructure * s, const char *field,
    const char *const *values, gsize count);
void docscan_structure_set_double_array (GstStructure * s, const char *field,
    const gdouble * values, gsize count);
/* A GstSample holding a copy of the PNG file `png` (caps image/png). */
void docscan_structure_set_png_sample (GstStructure * s, const char *field,
    const guint8 * png, gsize length);
/* A nested structure field; takes ownership of `value`. */
void docscan_structure_take_structure (GstStructure * s, const char *field,
    GstStructure * value);

/* Takes ownership of the structure. */
gboolean docscan_post_element_message (GstElement * element,
    GstStructure * structure);

/* ---- Frame snapshot and luma converter ----
 * The frame's grey at its own size (a copy of its luma plane, or for
 * packed formats its luma worked out by GstVideoConverter) in a snapshot
 * that is reused from frame to frame, made on the analysis side from a held
 * frame; scaling it to the analysis size happens there too. */

typedef struct _DocScanSnapshot DocScanSnapshot;

DocScanSnapshot *docscan_snapshot_new (const GstVideoInfo * input);
void docscan_snapshot_free (DocScanSnapshot * snapshot);
/* Takes the frame's grey into the snapshot; FALSE when it cannot. */
gboolean docscan_snapshot_take (DocScanSnapshot * snapshot,
    const GstVideoFrame * frame);

/* ---- Frame hold ----
 * What the streaming thread hands the analysis side instead of a copy: a
 * reference to the frame's buffer and the bytes of the frame that the
 * overlay `drawn_next` (NULL: none) is about to draw over. The analysis
 * side copies what it needs from the held frame and puts those bytes back
 * in its copy, so it sees the frame as it came in; then it releases the
 * buffer. */

typedef struct _DocScanFrameHold DocScanFrameHold;

DocScanFrameHold *docscan_frame_hold_new (const GstVideoFrame * frame,
    GstVideoOverlayComposition * drawn_next);
void docscan_frame_hold_free (DocScanFrameHold * hold);
/* Maps the held frame for reading; FALSE once released. */
gboolean docscan_frame_hold_map (DocScanFrameHold * hold,
    GstVideoFrame * frame);
/* Puts the saved bytes of the frame's plane `plane` back into a copy of
 * that plane (`rows` rows of `row_bytes` bytes, `stride` apart). */
void docscan_frame_hold_restore (const DocScanFrameHold * hold, guint plane,
    guint8 * data, gsize stride, gsize row_bytes, gint rows);
/* The next row of plane `plane` after row `after` (-1: from the first)
 * that the overlay drew on; -1 when there is none. */
gint docscan_frame_hold_next_drawn_row (const DocScanFrameHold * hold,
    guint plane, gint after);
/* Row `row` of plane `plane` of the held frame, mapped as `frame`, as it
 * came in: the frame's own row when the overlay drew on none of it, else
 * `scratch` (`row_bytes` long) holding the row with the saved bytes put
 * back. */
const guint8 *docscan_frame_hold_original_row (const DocScanFrameHold * hold,
    const GstVideoFrame * frame, guint plane, gint row, guint8 * scratch,
    gsize row_bytes);
/* Drops the reference to the frame's buffer (the saved bytes stay). */
void docscan_frame_hold_release (DocScanFrameHold * hold);

/* Takes the held frame's grey into the snapshot, as docscan_snapshot_take,
 * as it came in: the overlay's pixels put back. */
gboolean docscan_snapshot_take_held (DocScanSnapshot * snapshot,
    DocScanFrameHold * hold);

typedef struct _DocScanLumaConverter DocScanLumaConverter;

/* Converts snapshots of `input` frames to GRAY8 of the given size. */
DocScanLumaConverter *docscan_luma_converter_new (const GstVideoInfo * input,
    gint width, gint height);
void docscan_luma_converter_free (DocScanLumaConverter * converter);
gboolean docscan_luma_converter_convert (DocScanLumaConverter * converter,
    DocScanSnapshot * snapshot, guint8 * destination, gint stride);

/* ---- Chroma sampler ----
 * A small colour copy for detection: the frame's blue and red colour
 * differences (Cb, Cr, 128 = grey) at width x height, from any 8-bit YUV
 * or RGB format, made on the analysis side: where the chroma has planes of
 * its own, sampled from a copy of those planes, else from the snapshot. */

typedef struct _DocScanChroma DocScanChroma;

/* NULL when the format carries no colour (GRAY8) or is not 8-bit. */
DocScanChroma *docscan_chroma_new (const GstVideoInfo * input, gint width,
    gint height);
void docscan_chroma_free (DocScanChroma * chroma);
/* Samples the frame (of the format given to _new), or copies its chroma
 * planes. */
gboolean docscan_chroma_take (DocScanChroma * chroma,
    const GstVideoFrame * frame);
/* Takes the colour copy of a held frame as it came in: its chroma planes
 * are copied and the overlay's bytes put back, or (formats without them)
 * it is sampled with the rows the overlay drew on put back. */
gboolean docscan_chroma_take_held (DocScanChroma * chroma,
    DocScanFrameHold * hold);
/* Writes the colour copy of the frame last taken into `cb` and `cr`
 * (width * height bytes each). */
void docscan_chroma_copy (DocScanChroma * chroma, guint8 * cb, guint8 * cr);
/* The size of the frame's own chroma planes when the copy keeps them
 * (planar YUV: I420, YV12, NV12); FALSE for other formats. */
gboolean docscan_chroma_plane_size (DocScanChroma * chroma, gint * width,
    gint * height);
/* Writes the frame last taken's own U and V at their full resolution into
 * `cb` and `cr` (rows `width` bytes, as docscan_chroma_plane_size gives);
 * only when that returned TRUE. */
void docscan_chroma_copy_planes (DocScanChroma * chroma, guint8 * cb,
    guint8 * cr);

/* Video info accessors (macros in C). */
gint docscan_video_info_width (const GstVideoInfo * info);
gint docscan_video_info_height (const GstVideoInfo * info);
/* Rows of a plane (of its first component). */
gint docscan_video_info_plane_rows (const GstVideoInfo * info, guint plane);
gboolean docscan_video_info_is_rgb (const GstVideoInfo * info);

/* ---- Overlay: cairo + pango canvases blended into frames ---- */

typedef struct _DocScanCanvas DocScanCanvas;

DocScanCanvas *docscan_canvas_new (gint width, gint height);
void docscan_canvas_free (DocScanCanvas * canvas);
void docscan_canvas_fill_rect (DocScanCanvas * canvas, gdouble x, gdouble y,
    gdouble width, gdouble height, gdouble r, gdouble g, gdouble b, gdouble a);
/* Strokes the path through `points` (x, y) pairs, closed or open. */
void docscan_canvas_stroke_path (DocScanCanvas * canvas, const gdouble * xy,
    gsize points, gboolean closed, gdouble line_width,
    gdouble r, gdouble g, gdouble b, gdouble a);
/* Draws text with its top-left corner at (x, y); font is a Pango description
 * such as "Sans Bold 18". Writes the text's size when the pointers are set. */
void docscan_canvas_text (DocScanCanvas * canvas, const char *text,
    const char *font, gdouble x, gdouble y,
    gdouble r, gdouble g, gdouble b, gdouble a);
void docscan_canvas_measure_text (DocScanCanvas * canvas, const char *text,
    const char *font, gdouble * width, gdouble * height);

/* The canvas's premultiplied ARGB32 pixels (native endian), for tests and
 * fixture rendering. */
const guint8 *docscan_canvas_data (DocScanCanvas * canvas, gint * width,
    gint * height, gint * stride);

/* A composition of canvases placed in frame coordinates. Each canvas is
 * stored in straight alpha and in the frame's colour family (AYUV for YUV
 * and grey frames, BGRA for RGB), converted here, off the streaming thread,
 * rather than at every blend; AYUV canvases also keep their drawn pixels
 * as runs. Blending runs costs about 1.5 ns per drawn pixel (1080p I420);
 * GStreamer's blend, for other formats, about 10 ns per rectangle pixel
 * plus about 30 us per rectangle, so callers keep canvases tight and
 * few. */
GstVideoOverlayComposition *docscan_composition_new (void);
void docscan_composition_add_canvas (GstVideoOverlayComposition ** composition,
    DocScanCanvas * canvas, gint x, gint y, gboolean rgb_frame);
void docscan_composition_unref (GstVideoOverlayComposition * composition);

/* Blends the composition into the frame as
 * gst_video_overlay_composition_blend() does, byte for byte. Into I420,
 * YV12, NV12 and NV21 frames only the drawn (not fully transparent) pixels
 * of each canvas are blended, from runs found when the canvas was added.
 * Other formats are unpacked and packed in the columns each rectangle
 * covers only (GStreamer's blend converts whole frame rows): the frame is
 * handed to gst_video_blend() as a narrower frame whose planes start at
 * the rectangle's first column. Formats whose columns cannot be addressed
 * so (tiled, packed in groups such as v210) go through GStreamer's blend. */
gboolean docscan_composition_blend (GstVideoOverlayComposition * composition,
    GstVideoFrame * frame);
/* The drawn runs' blend alone, for tests: FALSE, with the frame untouched,
 * when a rectangle cannot be blended that way. */
gboolean docscan_composition_blend_runs (GstVideoOverlayComposition *
    composition, GstVideoFrame * frame);

G_END_DECLS
#endif
