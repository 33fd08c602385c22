/* Tesseract's C API through dlopen; see docscan_tesseract.h for why. */
#define _GNU_SOURCE
#include "docscan_tesseract.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tesseract/capi.h>

#define TESS_FUNCTIONS(X) \
  X (TessBaseAPICreate) \
  X (TessBaseAPIInit4) \
  X (TessBaseAPISetVariable) \
  X (TessBaseAPISetPageSegMode) \
  X (TessBaseAPISetImage) \
  X (TessBaseAPIRecognize) \
  X (TessBaseAPIGetIterator) \
  X (TessBaseAPIClear) \
  X (TessBaseAPIEnd) \
  X (TessBaseAPIDelete) \
  X (TessResultIteratorGetPageIterator) \
  X (TessResultIteratorGetUTF8Text) \
  X (TessResultIteratorConfidence) \
  X (TessResultIteratorNext) \
  X (TessResultIteratorDelete) \
  X (TessPageIteratorBoundingBox) \
  X (TessResultIteratorGetChoiceIterator) \
  X (TessChoiceIteratorNext) \
  X (TessChoiceIteratorGetUTF8Text) \
  X (TessChoiceIteratorConfidence) \
  X (TessChoiceIteratorDelete) \
  X (TessDeleteText)

#define DECLARE_POINTER(name) static __typeof__ (&name) p_##name;
TESS_FUNCTIONS (DECLARE_POINTER)

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[256];
static int loaded;

/* libgomp's, resolved once Tesseract has loaded it. */
static void (*p_omp_set_max_active_levels) (int);
static int (*p_omp_get_max_active_levels) (void);
static int (*p_omp_get_thread_limit) (void);
/* The user chose OpenMP's thread limit: it is kept as it is. */
static int user_thread_limit;

static void
load_tesseract (void)
{
  /* Before libgomp loads; a limit the user set is kept. */
  user_thread_limit = getenv ("OMP_THREAD_LIMIT") != NULL;
  setenv ("OMP_THREAD_LIMIT", "1", 0);
  void *library = dlopen ("libtesseract.so.5", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    snprintf (load_error, sizeof load_error, "cannot load libtesseract.so.5: %s",
        dlerror ());
    return;
  }
#define RESOLVE(name) \
  p_##name = (__typeof__ (&name)) dlsym (library, #name); \
  if (p_##name == NULL) { \
    snprintf (load_error, sizeof load_error, "libtesseract lacks %s", #name); \
    return; \
  }
  TESS_FUNCTIONS (RESOLVE)
#undef RESOLVE
  /* libtesseract holds libgomp loaded; this handle is never closed. */
  void *gomp = dlopen ("libgomp.so.1", RTLD_NOW | RTLD_NOLOAD);
  if (gomp != NULL) {
    p_omp_set_max_active_levels =
        (void (*)(int)) dlsym (gomp, "omp_set_max_active_levels");
    p_omp_get_max_active_levels =
        (int (*)(void)) dlsym (gomp, "omp_get_max_active_levels");
    p_omp_get_thread_limit =
        (int (*)(void)) dlsym (gomp, "omp_get_thread_limit");
  }
  loaded = 1;
}

/* A library loaded before the plugin (libav's decoders, for one) may have
 * loaded libgomp before OMP_THREAD_LIMIT was set. Tesseract asks for
 * teams of 4 by name (num_threads), which only the thread limit or no
 * active parallel levels can refuse; the limit is read only when libgomp
 * loads, so each reading thread allows no active level instead (libgomp
 * 12 keeps that setting for the whole process: in such a process other
 * OpenMP code then runs on one thread too, as OMP_THREAD_LIMIT=1 would
 * have made it). */
static void
read_on_this_thread_only (void)
{
  /* Checked on every read: something else may allow levels again. */
  if (user_thread_limit || p_omp_set_max_active_levels == NULL
      || p_omp_get_max_active_levels == NULL || p_omp_get_thread_limit == NULL)
    return;
  if (p_omp_get_thread_limit () > 1 && p_omp_get_max_active_levels () != 0)
    p_omp_set_max_active_levels (0);
}

struct DocScanOCREngine
{
  TessBaseAPI *api;
};

DocScanOCREngine *
docscan_ocr_engine_new (const char *tessdata, const char *language,
    const char *whitelist, char *error, size_t error_size)
{
  pthread_once (&load_once, load_tesseract);
  if (!loaded) {
    snprintf (error, error_size, "%s", load_error);
    return NULL;
  }
  TessBaseAPI *api = p_TessBaseAPICreate ();
  /* No dictionaries: an MRZ is not English words. */
  char *names[] = { "load_system_dawg", "load_freq_dawg" };
  char *values[] = { "0", "0" };
  if (p_TessBaseAPIInit4 (api, tessdata, language, OEM_LSTM_ONLY, NULL, 0,
          names, values, 2, 0) != 0) {
    snprintf (error, error_size,
        "Tesseract cannot load the '%s' model from %s", language,
        tessdata ? tessdata : "its default tessdata folder");
    p_TessBaseAPIDelete (api);
    return NULL;
  }
  p_TessBaseAPISetVariable (api, "tessedit_char_whitelist", whitelist);
  /* The LSTM's other candidates for each character, for the ChoiceIterator. */
  p_TessBaseAPISetVariable (api, "lstm_choice_mode", "2");
  p_TessBaseAPISetPageSegMode (api, PSM_SINGLE_LINE);
  DocScanOCREngine *engine = calloc (1, sizeof *engine);
  engine->api = api;
  return engine;
}

/* The first code point of a UTF-8 string (the whitelist is ASCII). */
static uint32_t
first_codepoint (const char *text)
{
  const unsigned char *s = (const unsigned char *) text;
  if (s[0] < 0x80)
    return s[0];
  if ((s[0] & 0xE0) == 0xC0 && s[1])
    return ((uint32_t) (s[0] & 0x1F) << 6) | (s[1] & 0x3F);
  return 0xFFFD;
}

int
docscan_ocr_engine_read_line (DocScanOCREngine * engine,
    const uint8_t * pixels, int width, int height, int stride,
    DocScanOCRSymbol * out, int capacity)
{
  if (engine == NULL || pixels == NULL || width <= 0 || height <= 0)
    return -1;
  read_on_this_thread_only ();
  p_TessBaseAPISetImage (engine->api, pixels, width, height, 1, stride);
  if (p_TessBaseAPIRecognize (engine->api, NULL) != 0) {
    p_TessBaseAPIClear (engine->api);
    return -1;
  }
  int count = 0;
  TessResultIterator *it = p_TessBaseAPIGetIterator (engine->api);
  if (it != NULL) {
    do {
      char *text = p_TessResultIteratorGetUTF8Text (it, RIL_SYMBOL);
      if (text == NULL)
        continue;
      int left = 0, top = 0, right = 0, bottom = 0;
      p_TessPageIteratorBoundingBox (p_TessResultIteratorGetPageIterator (it),
          RIL_SYMBOL, &left, &top, &right, &bottom);
      if (count < capacity && text[0] != '\0') {
        DocScanOCRSymbol *symbol = &out[count];
        symbol->codepoint = first_codepoint (text);
        symbol->confidence = p_TessResultIteratorConfidence (it, RIL_SYMBOL);
        symbol->x0 = left;
        symbol->x1 = right;
        symbol->alternative_count = 0;
        TessChoiceIterator *choices = p_TessResultIteratorGetChoiceIterator (it);
        if (choices != NULL) {
          do {
            const char *choice = p_TessChoiceIteratorGetUTF8Text (choices);
            int n = symbol->alternative_count;
            if (choice == NULL || choice[0] == '\0'
                || n == DOCSCAN_OCR_ALTERNATIVES)
              continue;
            symbol->alternatives[n] = first_codepoint (choice);
            symbol->alternative_confidences[n] =
                p_TessChoiceIteratorConfidence (choices);
            symbol->alternative_count = n + 1;
          } while (p_TessChoiceIteratorNext (choices));
          p_TessChoiceIteratorDelete (choices);
        }
        count++;
      }
      p_TessDeleteText (text);
    } while (p_TessResultIteratorNext (it, RIL_SYMBOL));
    p_TessResultIteratorDelete (it);
  }
  p_TessBaseAPIClear (engine->api);
  return count;
}

void
docscan_ocr_engine_free (DocScanOCREngine * engine)
{
  if (engine == NULL)
    return;
  p_TessBaseAPIEnd (engine->api);
  p_TessBaseAPIDelete (engine->api);
  free (engine);
}

int
docscan_ocr_thread_limit (void)
{
  pthread_once (&load_once, load_tesseract);
  return p_omp_get_thread_limit ? p_omp_get_thread_limit () : -1;
}

int
docscan_ocr_threads_per_read (void)
{
  pthread_once (&load_once, load_tesseract);
  if (p_omp_get_max_active_levels == NULL || p_omp_get_thread_limit == NULL)
    return -1;
  return p_omp_get_max_active_levels () == 0 ? 1 : p_omp_get_thread_limit ();
}
