/* libFuzzer's driver for docscan-fuzz. The driver exists only in a program
 * built with -sanitize=fuzzer (plugin/fuzz.sh); in any other build the
 * reference stays unresolved and docscan_fuzz_run says so. */
#ifndef DOCSCAN_FUZZ_H
#define DOCSCAN_FUZZ_H

#include <stddef.h>
#include <stdint.h>

typedef int (*DocScanFuzzCallback) (const uint8_t * data, size_t size);

/* Runs libFuzzer on `argv` without argv[1] (the fuzz target's name), calling
 * `callback` with every input; returns libFuzzer's status, or -1 when the
 * program has no libFuzzer or no target name was given. */
int docscan_fuzz_run (int argc, char **argv, DocScanFuzzCallback callback);

#endif
