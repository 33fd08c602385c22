/* Grey PNG files read and written with cairo, for tests and fixtures. */
#include "docscan_test_shim.h"

#include <cairo.h>
#include <stdlib.h>

uint8_t *
docscan_read_png_luma (const char *path, int *width, int *height)
{
  cairo_surface_t *picture = cairo_image_surface_create_from_png (path);
  if (cairo_surface_status (picture) != CAIRO_STATUS_SUCCESS) {
    cairo_surface_destroy (picture);
    return NULL;
  }
  int w = cairo_image_surface_get_width (picture);
  int h = cairo_image_surface_get_height (picture);
  /* Painted over white: transparent parts show as paper. */
  cairo_surface_t *page = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
  cairo_t *cr = cairo_create (page);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_set_source_surface (cr, picture, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_destroy (picture);
  cairo_surface_flush (page);
  const uint8_t *data = cairo_image_surface_get_data (page);
  int stride = cairo_image_surface_get_stride (page);
  uint8_t *luma = malloc ((size_t) w * (size_t) h);
  if (luma != NULL) {
    for (int y = 0; y < h; y++) {
      const uint8_t *row = data + (size_t) y * (size_t) stride;
      for (int x = 0; x < w; x++) {
        /* B, G, R, x in memory (little-endian RGB24) */
        int value = (29 * row[4 * x] + 150 * row[4 * x + 1] +
            77 * row[4 * x + 2] + 128) >> 8;
        luma[(size_t) y * (size_t) w + (size_t) x] =
            (uint8_t) (value > 255 ? 255 : value);
      }
    }
    *width = w;
    *height = h;
  }
  cairo_surface_destroy (page);
  return luma;
}

int
docscan_write_gray_png (const uint8_t *pixels, int width, int height,
    int stride, const char *path)
{
  cairo_surface_t *surface =
      cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  uint8_t *data = cairo_image_surface_get_data (surface);
  int out_stride = cairo_image_surface_get_stride (surface);
  for (int y = 0; y < height; y++) {
    uint32_t *row = (uint32_t *) (data + (size_t) y * (size_t) out_stride);
    for (int x = 0; x < width; x++) {
      uint32_t v = pixels[(size_t) y * (size_t) stride + (size_t) x];
      row[x] = 0xff000000u | (v << 16) | (v << 8) | v;
    }
  }
  cairo_surface_mark_dirty (surface);
  cairo_status_t status = cairo_surface_write_to_png (surface, path);
  cairo_surface_destroy (surface);
  return status == CAIRO_STATUS_SUCCESS;
}
