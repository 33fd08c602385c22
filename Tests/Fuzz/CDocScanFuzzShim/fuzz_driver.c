/* Bridges to libFuzzer's LLVMFuzzerRunDriver; see docscan_fuzz.h. */
#include "docscan_fuzz.h"

int LLVMFuzzerRunDriver (int *argc, char ***argv,
    int (*callback) (const uint8_t * data, size_t size))
    __attribute__((weak));

int
docscan_fuzz_run (int argc, char **argv, DocScanFuzzCallback callback)
{
  if (LLVMFuzzerRunDriver == NULL || argc < 2)
    return -1;
  /* libFuzzer reads its own options from argv[1] on. */
  argv[1] = argv[0];
  argc -= 1;
  argv += 1;
  return LLVMFuzzerRunDriver (&argc, &argv, callback);
}
