/* docscan's bridge to OpenCV's imgproc: edges, contours and perspective
 * warps on grey images. It finds candidate outlines and warps; which
 * candidate is the document is decided in Swift (DocumentDetector). */
#ifndef DOCSCAN_OPENCV_H
#define DOCSCAN_OPENCV_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A convex four-sided outline: corners in input pixels, in contour order. */
typedef struct {
  double x[4];
  double y[4];
  /* Area of the contour the outline was fitted to, in input pixels. */
  double contour_area;
  /* Where it came from: 0 = edges (Canny), 1 = a bright region (Otsu),
   * 2 = a region unlike the desk seen along the image's border in level or
   * colour, 3 = one unlike it in texture. */
  int source;
} DocScanQuadCandidate;

typedef struct {
  /* The image is scaled to this width before searching (speed). */
  int working_width;
  /* Canny thresholds on the scaled, smoothed image, for an image whose
   * levels spread over at least canny_full_spread (1st to 99th percentile);
   * an image of less spread gets both scaled by its spread over that, but by
   * no less than canny_min_scale, so a page in low light or on a desk of
   * nearly its own level keeps its outline. */
  double canny_low;
  double canny_high;
  double canny_full_spread;
  double canny_min_scale;
  /* Contours smaller than this fraction of the image are skipped. */
  double min_area_fraction;
  /* approxPolyDP tolerance as a fraction of the contour's perimeter. */
  double approx_fraction;
  /* The Otsu source is used only when its two classes' mean levels differ
   * by at least this much (a page brighter than the desk) and each class
   * covers at least min_threshold_share of the image. */
  double min_threshold_contrast;
  double min_threshold_share;
  /* The desk model: fitted to a border ring this fraction of the short
   * side wide; a pixel is unlike the desk when it differs by more than
   * desk_spread robust deviations of the ring, and at least by the floor
   * (luma levels; chroma levels per colour difference), scaled like the
   * Canny thresholds for an image of little level spread; texture (the 5x5
   * median of the absolute Laplacian at half the working size) makes a mask
   * of its own, its floor not scaled, 0 leaving it out. */
  double desk_ring_fraction;
  double desk_spread;
  double desk_luma_floor;
  double desk_chroma_floor;
  double desk_texture_floor;
} DocScanQuadSearch;

/* A small colour copy of the image: blue and red colour differences (128 =
 * grey), both `width` x `height` with rows `stride` bytes apart. */
typedef struct {
  const uint8_t *cb;
  const uint8_t *cr;
  int width;
  int height;
  int stride;
} DocScanChromaPlanes;

/* Finds convex quadrilaterals in a grey image, from three sources: Canny
 * edges, an Otsu threshold (a bright page on a darker desk) and the regions
 * unlike the desk (in level, and in colour when `chroma` is given; it may
 * be NULL). Convex hulls bridge fingers over an edge. Returns how many were
 * written. */
int docscan_find_quads(const uint8_t *pixels, int width, int height,
    int stride, const DocScanChromaPlanes *chroma,
    const DocScanQuadSearch *search, DocScanQuadCandidate *out, int capacity);

/* A straight edge: from (x0, y0) to (x1, y1) in input pixels. */
typedef struct {
  double x0, y0, x1, y1;
} DocScanSegment;

/* Straight edges of a grey image (OpenCV's line segment detector, on a copy
 * scaled to working_width, its levels first stretched by contrast_gain about
 * 128; 1 leaves them as they are), longest first. Returns how many were
 * written. */
int docscan_find_segments(const uint8_t *pixels, int width, int height, int stride,
                          int working_width, double contrast_gain, DocScanSegment *out,
                          int capacity);

/* The window (x, y, window_width x window_height, which must lie inside
 * the image) of a grey image shrunk to out_width x out_height by area
 * averaging (INTER_AREA), written as floats. Returns 0 on failure. */
int docscan_area_sample(const uint8_t *pixels, int width, int height,
    int stride, int x, int y, int window_width, int window_height, float *out,
    int out_width, int out_height);

/* Warps the quadrilateral `corners` (x0,y0 .. x3,y3: upper-left,
 * upper-right, lower-right, lower-left) of the image to a fronto-parallel
 * out_width x out_height image. Returns 0 on failure. */
int docscan_warp_quad(const uint8_t *pixels, int width, int height,
    int stride, const double corners[8], uint8_t *out, int out_width,
    int out_height, int out_stride);



/* A connected blob of dark pixels (a printed character, mostly). */
typedef struct {
  int x;
  int y;
  int width;
  int height;
  int area;
} DocScanBlob;

/* Dark blobs on a lighter background: an adaptive mean threshold over
 * `block_size` pixels (odd), pixels darker than the local mean by more
 * than `offset` count, then 8-connected components. Returns how many were
 * written (at most `capacity`), or -1 on failure. */
int docscan_find_dark_blobs(const uint8_t *pixels, int width, int height,
    int stride, int block_size, double offset, DocScanBlob *out, int capacity);

/* Black and white by Otsu's threshold, into `out` (packed rows, 0 or 255).
 * Returns 0 on failure. */
int docscan_binarize_otsu(const uint8_t *pixels, int width, int height,
    int stride, uint8_t *out);

/* The unsharp mask: each pixel moved away from its Gaussian-blurred
 * neighbourhood (standard deviation `sigma` pixels, out to three sigmas,
 * edges replicated) by `amount` times the difference, saturated to 0..255,
 * into `out` (packed rows). Returns 0 on failure. */
int docscan_unsharp_mask(const uint8_t *pixels, int width, int height,
    int stride, double sigma, double amount, uint8_t *out);

#ifdef __cplusplus
}
#endif
#endif
