/* What only the tests and fixture renderers need from C libraries: barcode
 * symbols drawn by zxing-cpp's writer, a flat page projected onto a desk
 * (OpenCV), and grey PNG files read and written (cairo). Never linked into
 * the plugin. */
#ifndef DOCSCAN_TEST_SHIM_H
#define DOCSCAN_TEST_SHIM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Encodes `text` (UTF-8) as a symbol of one DOCSCAN_ZXING_* format with
 * zxing's MultiFormatWriter, at one pixel per module and without a quiet
 * zone: writes its modules (1 dark, 0 light; rows packed) into `modules`
 * and its size into `width` and `height` (linear formats are one row
 * high). Returns 1 on success, -1 when `capacity` bytes are too few (the
 * size is written), 0 when the text cannot be encoded in that format. */
int docscan_zxing_encode(uint32_t format, const char *text, uint8_t *modules,
                         size_t capacity, int *width, int *height);

/* Draws the whole source image onto the quadrilateral `corners` (x, y of
 * upper-left, upper-right, lower-right, lower-left) of the destination,
 * leaving the rest of the destination as it was. Returns 0 on failure. */
int docscan_project_onto_quad(const uint8_t *source, int width, int height,
                              int stride, const double corners[8],
                              uint8_t *destination, int destination_width,
                              int destination_height, int destination_stride);

/* Reads a PNG file as 8-bit luma (BT.601 weights; transparent parts show
 * white, like paper) into a buffer the caller frees with free(); its size
 * in *width and *height (rows packed). NULL when it cannot be read. */
uint8_t *docscan_read_png_luma(const char *path, int *width, int *height);

/* Writes 8-bit grey pixels as a PNG file; 0 when it cannot. */
int docscan_write_gray_png(const uint8_t *pixels, int width, int height,
                           int stride, const char *path);

#ifdef __cplusplus
}
#endif

#endif
