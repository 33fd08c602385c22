// Barcode symbols for fixtures, drawn by zxing-cpp's writer.
#include "docscan_test_shim.h"

#include <ZXing/BarcodeFormat.h>
#include <ZXing/BitMatrix.h>
#include <ZXing/MultiFormatWriter.h>

#include <string>

using ZXing::BarcodeFormat;

extern "C" int docscan_zxing_encode(uint32_t format, const char *text,
                                    uint8_t *modules, size_t capacity,
                                    int *width, int *height) {
  if (!text || !width || !height) return 0;
  try {
    const auto matrix = ZXing::MultiFormatWriter(static_cast<BarcodeFormat>(format))
                            .setMargin(0)
                            .encode(std::string(text), 0, 0);
    *width = matrix.width();
    *height = matrix.height();
    const size_t needed =
        static_cast<size_t>(matrix.width()) * static_cast<size_t>(matrix.height());
    if (!modules || capacity < needed) return -1;
    for (int y = 0; y < matrix.height(); y++)
      for (int x = 0; x < matrix.width(); x++)
        modules[static_cast<size_t>(y) * matrix.width() + x] = matrix.get(x, y) ? 1 : 0;
    return 1;
  } catch (...) {
    return 0;
  }
}

