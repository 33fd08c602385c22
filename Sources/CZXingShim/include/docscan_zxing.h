/* docscan's bridge to zxing-cpp (1.4): reads the barcodes of a set of
 * formats in a grey image and copies out what zxing reports, including the
 * structured-append fields. Which reading is kept, and how the parts of a
 * structured-append set are joined, is decided in Swift (BarcodeReader). */
#ifndef DOCSCAN_ZXING_H
#define DOCSCAN_ZXING_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Formats, one bit each; the values are zxing's BarcodeFormat bits
 * (checked at compile time in the shim). */
#define DOCSCAN_ZXING_AZTEC 0x0001u
#define DOCSCAN_ZXING_CODABAR 0x0002u
#define DOCSCAN_ZXING_CODE39 0x0004u
#define DOCSCAN_ZXING_CODE93 0x0008u
#define DOCSCAN_ZXING_CODE128 0x0010u
#define DOCSCAN_ZXING_DATABAR 0x0020u
#define DOCSCAN_ZXING_DATABAR_EXPANDED 0x0040u
#define DOCSCAN_ZXING_DATAMATRIX 0x0080u
#define DOCSCAN_ZXING_EAN8 0x0100u
#define DOCSCAN_ZXING_EAN13 0x0200u
#define DOCSCAN_ZXING_ITF 0x0400u
#define DOCSCAN_ZXING_MAXICODE 0x0800u
#define DOCSCAN_ZXING_PDF417 0x1000u
#define DOCSCAN_ZXING_QRCODE 0x2000u
#define DOCSCAN_ZXING_UPCA 0x4000u
#define DOCSCAN_ZXING_UPCE 0x8000u
#define DOCSCAN_ZXING_MICROQRCODE 0x10000u
#define DOCSCAN_ZXING_ALL 0x1FFFFu

/* zxing's binarizers (ZXing::Binarizer): a local-average threshold, or
 * one threshold per row/image from the histogram's valley. */
#define DOCSCAN_ZXING_BINARIZER_LOCAL_AVERAGE 0
#define DOCSCAN_ZXING_BINARIZER_GLOBAL_HISTOGRAM 1

/* zxing's content types (ZXing::ContentType). */
#define DOCSCAN_ZXING_CONTENT_TEXT 0
#define DOCSCAN_ZXING_CONTENT_BINARY 1
#define DOCSCAN_ZXING_CONTENT_MIXED 2
#define DOCSCAN_ZXING_CONTENT_GS1 3
#define DOCSCAN_ZXING_CONTENT_ISO15434 4
#define DOCSCAN_ZXING_CONTENT_UNKNOWN_ECI 5

typedef struct {
  /* What to look for: DOCSCAN_ZXING_* bits (0: nothing is read). */
  uint32_t formats;
  /* zxing's DecodeHints: spend more time (tryHarder), also look at the
   * image turned 90/180/270 degrees (tryRotate), also look at a downscaled
   * copy when the image's smaller side is at least 500 pixels
   * (tryDownscale). */
  int try_harder;
  int try_rotate;
  int try_downscale;
  /* DOCSCAN_ZXING_BINARIZER_*. */
  int binarizer;
} DocScanZXingOptions;

/* One decoded symbol, as zxing reports it. Strings and arrays are owned by
 * the result set. */
typedef struct {
  /* One DOCSCAN_ZXING_* bit, and zxing's name for it ("PDF417",
   * "QRCode", ...; a static string). */
  uint32_t format;
  const char *format_name;
  /* The payload as encoded, without character-set conversion
   * (Result::bytes(); binary-safe). */
  const uint8_t *bytes;
  size_t length;
  /* The payload as UTF-8 text, converted by zxing according to ECI
   * designators or its guess of the character set (Result::text()),
   * NUL-terminated. */
  const char *text;
  /* DOCSCAN_ZXING_CONTENT_*. */
  int content_type;
  /* The symbol's ECI designators, when it has any (`text` follows them):
   * from byte `eci_positions[i]` of `bytes` on, the character set is ECI
   * `eci_values[i]`; `eci_count` is 0 for a symbol without ECI. */
  const int *eci_values;
  const int *eci_positions;
  int eci_count;
  /* The symbol's corners in image pixels: top-left, top-right,
   * bottom-right, bottom-left in the symbol's own orientation. */
  double x[4];
  double y[4];
  /* Result::orientation(): the symbol's rotation in degrees. */
  int orientation;
  /* Structured append: the number of symbols in the sequence (-1: not part
   * of one; 0: part of one whose size is not given), this symbol's 0-based
   * index, and the sequence's id (PDF417 and Data Matrix: the file id; QR:
   * the parity), NUL-terminated, "" when there is none. */
  int sequence_size;
  int sequence_index;
  const char *sequence_id;
} DocScanZXingBarcode;

typedef struct DocScanZXingResults DocScanZXingResults;

/* Reads the barcodes in a grey (GRAY8) image, rows `stride` bytes apart
 * (ZXing::ReadBarcodes). Only valid results are returned. Returns NULL on
 * failure and writes why into `error` (if not NULL); otherwise a result
 * set, possibly empty, for docscan_zxing_results_free. */
DocScanZXingResults *docscan_zxing_read(const uint8_t *pixels, int width,
    int height, int stride, const DocScanZXingOptions *options, char *error,
    size_t error_size);

int docscan_zxing_results_count(const DocScanZXingResults *results);

/* The barcode at `index` (0 ..< count); valid until the set is freed. */
const DocScanZXingBarcode *docscan_zxing_results_get(
    const DocScanZXingResults *results, int index);

void docscan_zxing_results_free(DocScanZXingResults *results);

/* One part of a structured-append set, as docscan_zxing_read gave it. */
typedef struct {
  const uint8_t *bytes;
  size_t length;
  const int *eci_values;
  const int *eci_positions;
  int eci_count;
} DocScanZXingPart;

/* The text of a structured-append set's parts joined in order, as zxing
 * reads a set (MergeStructuredAppendSequence): ECI designators hold on
 * into the following parts; bytes under none are read by zxing's guess of
 * the character set. Writes the content type (DOCSCAN_ZXING_CONTENT_*)
 * into `content_type`; returns the text as UTF-8, NUL-terminated, for
 * free(), or NULL on failure. */
char *docscan_zxing_joined_text(const DocScanZXingPart *parts, int count,
    int *content_type);


#ifdef __cplusplus
}
#endif

#endif
