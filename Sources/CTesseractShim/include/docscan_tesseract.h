/* docscan's bridge to Tesseract's C API, loaded lazily with dlopen.
 *
 * libtesseract runs on OpenMP. libgomp reads OMP_THREAD_LIMIT once, when it
 * loads; linked directly, it would load with the plugin and run every line
 * on all cores (measured ~450 ms per call instead of ~47 ms). Loading
 * Tesseract only when the first engine is made, after setting the limit,
 * keeps each call on the analysis thread; when another library loaded
 * libgomp first, each reading thread allows OpenMP no parallel level.
 * No decisions are made here. */
#ifndef DOCSCAN_TESSERACT_H
#define DOCSCAN_TESSERACT_H

#include <stddef.h>
#include <stdint.h>

typedef struct DocScanOCREngine DocScanOCREngine;

/* At most this many candidates are kept per character. */
#define DOCSCAN_OCR_ALTERNATIVES 4

/* One recognised character: its code point, Tesseract's confidence
 * (0..100), its horizontal extent in the line image, and the LSTM's
 * candidates for it (the character itself among them) with theirs. */
typedef struct {
  uint32_t codepoint;
  float confidence;
  int x0;
  int x1;
  int alternative_count;
  uint32_t alternatives[DOCSCAN_OCR_ALTERNATIVES];
  float alternative_confidences[DOCSCAN_OCR_ALTERNATIVES];
} DocScanOCRSymbol;

/* Makes an engine for the LSTM model `language` (`language`.traineddata)
 * restricted to `whitelist`, reading single lines. `tessdata` may be NULL
 * (the system default). On failure returns NULL and writes why into
 * `error`. */
DocScanOCREngine *docscan_ocr_engine_new (const char *tessdata,
    const char *language, const char *whitelist, char *error,
    size_t error_size);

/* Reads one line of text from a grey image; returns how many symbols were
 * written to `out` (at most `capacity`), or -1 on failure. */
int docscan_ocr_engine_read_line (DocScanOCREngine * engine,
    const uint8_t * pixels, int width, int height, int stride,
    DocScanOCRSymbol * out, int capacity);

void docscan_ocr_engine_free (DocScanOCREngine * engine);

/* OpenMP's thread limit as libgomp sees it (omp_get_thread_limit), or -1
 * when Tesseract (and with it libgomp) cannot be loaded. */
int docscan_ocr_thread_limit (void);

/* The most threads a Tesseract read on the calling thread may use (1 when
 * OpenMP allows no active parallel level there, else its thread limit), or
 * -1 when Tesseract cannot be loaded. After a read it is 1, whatever loaded
 * libgomp first, unless the user set OMP_THREAD_LIMIT. */
int docscan_ocr_threads_per_read (void);

#endif
