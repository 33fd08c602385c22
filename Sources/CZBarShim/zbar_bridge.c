/* zbar's image scanner on grey images; see docscan_zbar.h. */
#include "docscan_zbar.h"

#include <stdlib.h>
#include <string.h>
#include <zbar.h>

struct DocScanZBarResults {
  int count;
  DocScanZBarSymbol *symbols;
};

static const struct {
  uint32_t bit;
  zbar_symbol_type_t type;
} symbology_bits[] = {
  {DOCSCAN_ZBAR_EAN8, ZBAR_EAN8},
  {DOCSCAN_ZBAR_UPCE, ZBAR_UPCE},
  {DOCSCAN_ZBAR_UPCA, ZBAR_UPCA},
  {DOCSCAN_ZBAR_EAN13, ZBAR_EAN13},
  {DOCSCAN_ZBAR_I25, ZBAR_I25},
  {DOCSCAN_ZBAR_CODABAR, ZBAR_CODABAR},
  {DOCSCAN_ZBAR_CODE39, ZBAR_CODE39},
  {DOCSCAN_ZBAR_CODE93, ZBAR_CODE93},
  {DOCSCAN_ZBAR_CODE128, ZBAR_CODE128},
  {DOCSCAN_ZBAR_QRCODE, ZBAR_QRCODE},
};

static void
free_symbol (DocScanZBarSymbol * symbol)
{
  free ((void *) symbol->data);
  free ((void *) symbol->xs);
  free ((void *) symbol->ys);
}

void
docscan_zbar_results_free (DocScanZBarResults * results)
{
  if (!results)
    return;
  for (int i = 0; i < results->count; i++)
    free_symbol (&results->symbols[i]);
  free (results->symbols);
  free (results);
}

int
docscan_zbar_results_count (const DocScanZBarResults * results)
{
  return results ? results->count : 0;
}

const DocScanZBarSymbol *
docscan_zbar_results_get (const DocScanZBarResults * results, int index)
{
  if (!results || index < 0 || index >= results->count)
    return NULL;
  return &results->symbols[index];
}

/* Copies one of zbar's symbols; returns 0 when out of memory. */
static int
copy_symbol (const zbar_symbol_t * source, DocScanZBarSymbol * out)
{
  memset (out, 0, sizeof *out);
  out->type_name = zbar_get_symbol_name (zbar_symbol_get_type (source));
  out->quality = zbar_symbol_get_quality (source);
  out->length = zbar_symbol_get_data_length (source);
  /* One byte more, so that an empty payload still has a buffer. */
  uint8_t *data = malloc (out->length + 1);
  if (!data)
    return 0;
  memcpy (data, zbar_symbol_get_data (source), out->length);
  out->data = data;
  const unsigned points = zbar_symbol_get_loc_size (source);
  int *xs = calloc (points + 1, sizeof *xs);
  int *ys = calloc (points + 1, sizeof *ys);
  out->xs = xs;
  out->ys = ys;
  if (!xs || !ys)
    return 0;
  for (unsigned i = 0; i < points; i++) {
    xs[i] = zbar_symbol_get_loc_x (source, i);
    ys[i] = zbar_symbol_get_loc_y (source, i);
  }
  out->point_count = (int) points;
  return 1;
}

/* zbar wants Y800 rows packed; rows `stride` apart are copied together. */
static uint8_t *
packed_copy (const uint8_t * pixels, int width, int height, int stride)
{
  uint8_t *packed = malloc ((size_t) width * (size_t) height);
  if (!packed)
    return NULL;
  for (int y = 0; y < height; y++)
    memcpy (packed + (size_t) y * width, pixels + (size_t) y * stride,
        (size_t) width);
  return packed;
}

DocScanZBarResults *
docscan_zbar_scan (const uint8_t * pixels, int width, int height, int stride,
    uint32_t symbologies)
{
  if (!pixels || width <= 0 || height <= 0 || stride < width)
    return NULL;
  DocScanZBarResults *results = calloc (1, sizeof *results);
  if (!results)
    return NULL;
  if (symbologies == 0)
    return results;

  uint8_t *packed = NULL;
  if (stride != width) {
    packed = packed_copy (pixels, width, height, stride);
    if (!packed) {
      free (results);
      return NULL;
    }
  }
  zbar_image_scanner_t *scanner = zbar_image_scanner_create ();
  zbar_image_t *image = zbar_image_create ();
  int ok = scanner && image;
  if (ok) {
    zbar_image_scanner_set_config (scanner, 0, ZBAR_CFG_ENABLE, 0);
    for (size_t i = 0; i < sizeof symbology_bits / sizeof symbology_bits[0];
        i++)
      if (symbologies & symbology_bits[i].bit)
        zbar_image_scanner_set_config (scanner, symbology_bits[i].type,
            ZBAR_CFG_ENABLE, 1);
    /* QR payloads as they are, not converted to text by zbar's guess. */
    zbar_image_scanner_set_config (scanner, ZBAR_QRCODE, ZBAR_CFG_BINARY, 1);

    zbar_image_set_format (image, zbar_fourcc ('Y', '8', '0', '0'));
    zbar_image_set_size (image, (unsigned) width, (unsigned) height);
    zbar_image_set_data (image, packed ? packed : pixels,
        (unsigned long) width * (unsigned long) height, NULL);
    ok = zbar_scan_image (scanner, image) >= 0;
  }
  if (ok) {
    const zbar_symbol_set_t *set = zbar_image_get_symbols (image);
    const int size = set ? zbar_symbol_set_get_size (set) : 0;
    if (size > 0) {
      results->symbols = calloc ((size_t) size, sizeof *results->symbols);
      ok = results->symbols != NULL;
    }
    for (const zbar_symbol_t * symbol = zbar_image_first_symbol (image);
        ok && symbol && results->count < size;
        symbol = zbar_symbol_next (symbol)) {
      ok = copy_symbol (symbol, &results->symbols[results->count]);
      results->count++;
    }
  }
  if (image)
    zbar_image_destroy (image);
  if (scanner)
    zbar_image_scanner_destroy (scanner);
  free (packed);
  if (!ok) {
    docscan_zbar_results_free (results);
    return NULL;
  }
  return results;
}
