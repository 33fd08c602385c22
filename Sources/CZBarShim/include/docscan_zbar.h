/* docscan's bridge to zbar's image scanner: finds the barcodes of the
 * enabled symbologies in a grey image and copies out what zbar reports.
 * zbar's own header stays out of this one (its zbar_fourcc macro does not
 * import into Swift). Which reading is kept is decided in Swift
 * (BarcodeReader). */
#ifndef DOCSCAN_ZBAR_H
#define DOCSCAN_ZBAR_H

#include <stddef.h>
#include <stdint.h>

/* Symbologies, one bit each, for docscan_zbar_scan's `symbologies`. */
#define DOCSCAN_ZBAR_EAN8 0x0001u
#define DOCSCAN_ZBAR_UPCE 0x0002u
#define DOCSCAN_ZBAR_UPCA 0x0004u
#define DOCSCAN_ZBAR_EAN13 0x0008u
#define DOCSCAN_ZBAR_I25 0x0010u
#define DOCSCAN_ZBAR_CODABAR 0x0020u
#define DOCSCAN_ZBAR_CODE39 0x0040u
#define DOCSCAN_ZBAR_CODE93 0x0080u
#define DOCSCAN_ZBAR_CODE128 0x0100u
#define DOCSCAN_ZBAR_QRCODE 0x0200u

/* One decoded symbol, as zbar reports it. */
typedef struct {
  /* zbar's name of the symbology (zbar_get_symbol_name: "EAN-13",
   * "CODE-128", "QR-Code", ...); a static string. */
  const char *type_name;
  /* The payload, `length` bytes (binary-safe; QR data is not converted to
   * text). Owned by the result set. */
  const uint8_t *data;
  size_t length;
  /* zbar's quality score (larger is better; for linear codes roughly the
   * number of scan lines that read it). */
  int quality;
  /* zbar's location polygon in image pixels: `point_count` points. Owned
   * by the result set. */
  const int *xs;
  const int *ys;
  int point_count;
} DocScanZBarSymbol;

typedef struct DocScanZBarResults DocScanZBarResults;

/* Scans a grey (GRAY8) image, rows `stride` bytes apart, for the
 * symbologies whose DOCSCAN_ZBAR_* bits are set in `symbologies`. Every
 * call makes and frees its own zbar scanner, so calls on different threads
 * do not interfere. Returns NULL when zbar fails (out of memory, bad
 * geometry); otherwise a result set, possibly empty, for
 * docscan_zbar_results_free. */
DocScanZBarResults *docscan_zbar_scan(const uint8_t *pixels, int width,
    int height, int stride, uint32_t symbologies);

int docscan_zbar_results_count(const DocScanZBarResults *results);

/* The symbol at `index` (0 ..< count); valid until the set is freed. */
const DocScanZBarSymbol *docscan_zbar_results_get(
    const DocScanZBarResults *results, int index);

void docscan_zbar_results_free(DocScanZBarResults *results);

#endif
