// zxing-cpp's readers and writers behind a C interface; see docscan_zxing.h.
#include "docscan_zxing.h"

#include <ZXing/BitMatrix.h>
#include <ZXing/Content.h>
#include <ZXing/ReadBarcode.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <memory>
#include <string>
#include <vector>

namespace {

using ZXing::BarcodeFormat;
using ZXing::ContentType;

constexpr bool sameBit(uint32_t bit, BarcodeFormat format) {
  return bit == static_cast<uint32_t>(format);
}
static_assert(sameBit(DOCSCAN_ZXING_AZTEC, BarcodeFormat::Aztec));
static_assert(sameBit(DOCSCAN_ZXING_CODABAR, BarcodeFormat::Codabar));
static_assert(sameBit(DOCSCAN_ZXING_CODE39, BarcodeFormat::Code39));
static_assert(sameBit(DOCSCAN_ZXING_CODE93, BarcodeFormat::Code93));
static_assert(sameBit(DOCSCAN_ZXING_CODE128, BarcodeFormat::Code128));
static_assert(sameBit(DOCSCAN_ZXING_DATABAR, BarcodeFormat::DataBar));
static_assert(sameBit(DOCSCAN_ZXING_DATABAR_EXPANDED, BarcodeFormat::DataBarExpanded));
static_assert(sameBit(DOCSCAN_ZXING_DATAMATRIX, BarcodeFormat::DataMatrix));
static_assert(sameBit(DOCSCAN_ZXING_EAN8, BarcodeFormat::EAN8));
static_assert(sameBit(DOCSCAN_ZXING_EAN13, BarcodeFormat::EAN13));
static_assert(sameBit(DOCSCAN_ZXING_ITF, BarcodeFormat::ITF));
static_assert(sameBit(DOCSCAN_ZXING_MAXICODE, BarcodeFormat::MaxiCode));
static_assert(sameBit(DOCSCAN_ZXING_PDF417, BarcodeFormat::PDF417));
static_assert(sameBit(DOCSCAN_ZXING_QRCODE, BarcodeFormat::QRCode));
static_assert(sameBit(DOCSCAN_ZXING_UPCA, BarcodeFormat::UPCA));
static_assert(sameBit(DOCSCAN_ZXING_UPCE, BarcodeFormat::UPCE));
static_assert(sameBit(DOCSCAN_ZXING_MICROQRCODE, BarcodeFormat::MicroQRCode));

static_assert(static_cast<int>(ZXing::Binarizer::LocalAverage) ==
              DOCSCAN_ZXING_BINARIZER_LOCAL_AVERAGE);
static_assert(static_cast<int>(ZXing::Binarizer::GlobalHistogram) ==
              DOCSCAN_ZXING_BINARIZER_GLOBAL_HISTOGRAM);

static_assert(static_cast<int>(ContentType::Text) == DOCSCAN_ZXING_CONTENT_TEXT);
static_assert(static_cast<int>(ContentType::Binary) == DOCSCAN_ZXING_CONTENT_BINARY);
static_assert(static_cast<int>(ContentType::Mixed) == DOCSCAN_ZXING_CONTENT_MIXED);
static_assert(static_cast<int>(ContentType::GS1) == DOCSCAN_ZXING_CONTENT_GS1);
static_assert(static_cast<int>(ContentType::ISO15434) == DOCSCAN_ZXING_CONTENT_ISO15434);
static_assert(static_cast<int>(ContentType::UnknownECI) ==
              DOCSCAN_ZXING_CONTENT_UNKNOWN_ECI);

// The strings and bytes the C structures point into.
struct Owned {
  std::vector<uint8_t> bytes;
  std::string text;
  std::string sequenceId;
  std::vector<int> eciValues;
  std::vector<int> eciPositions;
};

// The ECI designators of `result` and the byte positions in bytes() they
// apply from, read back from bytesECI() (the ECI protocol: the symbology
// identifier, then each block as "\NNNNNN" and its bytes, '\' doubled).
// bytesECI() writes the default, ISO 8859-1 (ECI 3), before bytes that no
// designator precedes; that one is left out, so that when parts are joined
// the previous part's character set holds on, as in zxing's own merge (an
// explicit ECI 3 at a part's very start is left out the same way).
void readECIs(const ZXing::Result &result, Owned &owned) {
  if (!result.hasECI()) return;
  const ZXing::ByteArray protocol = result.bytesECI();
  size_t i = result.symbologyIdentifier().size();
  int position = 0;
  while (i < protocol.size()) {
    if (protocol[i] != '\\') {
      i++;
      position++;
    } else if (i + 1 < protocol.size() && protocol[i + 1] == '\\') {
      i += 2;
      position++;
    } else if (i + 6 < protocol.size()) {
      int eci = 0;
      for (size_t digit = i + 1; digit <= i + 6; digit++)
        eci = eci * 10 + (protocol[digit] - '0');
      if (!(eci == 3 && position == 0 && owned.eciValues.empty())) {
        owned.eciValues.push_back(eci);
        owned.eciPositions.push_back(position);
      }
      i += 7;
    } else {
      break;
    }
  }
}

// A part's content as zxing holds it: its bytes and ECI designators.
ZXing::Content contentOf(const DocScanZXingPart &part) {
  ZXing::ByteArray bytes;
  if (part.length > 0) bytes.assign(part.bytes, part.bytes + part.length);
  ZXing::Content content(std::move(bytes), {});
  for (int i = 0; i < part.eci_count; i++)
    content.encodings.push_back(
        {static_cast<ZXing::ECI>(part.eci_values[i]), part.eci_positions[i]});
  content.hasECI = part.eci_count > 0;
  return content;
}

void writeError(char *error, size_t size, const char *message) {
  if (error && size > 0) std::snprintf(error, size, "%s", message);
}

}  // namespace

struct DocScanZXingResults {
  std::vector<DocScanZXingBarcode> barcodes;
  // unique_ptr: the C structures' pointers stay valid as the vector grows.
  std::vector<std::unique_ptr<Owned>> owned;
};

extern "C" DocScanZXingResults *docscan_zxing_read(
    const uint8_t *pixels, int width, int height, int stride,
    const DocScanZXingOptions *options, char *error, size_t error_size) {
  if (!pixels || !options || width <= 0 || height <= 0 || stride < width) {
    writeError(error, error_size, "invalid image or options");
    return nullptr;
  }
  try {
    auto results = std::make_unique<DocScanZXingResults>();
    if (options->formats == 0) return results.release();
    const ZXing::ImageView image(pixels, width, height, ZXing::ImageFormat::Lum,
                                 stride);
    const auto formats = ZXing::BarcodeFormats(
        static_cast<BarcodeFormat>(options->formats & DOCSCAN_ZXING_ALL));
    const auto hints = ZXing::DecodeHints()
                           .setFormats(formats)
                           .setTryHarder(options->try_harder != 0)
                           .setTryRotate(options->try_rotate != 0)
                           .setTryDownscale(options->try_downscale != 0)
                           .setBinarizer(options->binarizer ==
                                                 DOCSCAN_ZXING_BINARIZER_GLOBAL_HISTOGRAM
                                             ? ZXing::Binarizer::GlobalHistogram
                                             : ZXing::Binarizer::LocalAverage);
    for (const auto &result : ZXing::ReadBarcodes(image, hints)) {
      if (!result.isValid()) continue;
      auto owned = std::make_unique<Owned>();
      owned->bytes.assign(result.bytes().begin(), result.bytes().end());
      owned->text = result.text();
      owned->sequenceId = result.sequenceId();
      DocScanZXingBarcode barcode{};
      barcode.format = static_cast<uint32_t>(result.format());
      barcode.format_name = ZXing::ToString(result.format());
      barcode.bytes = owned->bytes.data();
      barcode.length = owned->bytes.size();
      barcode.text = owned->text.c_str();
      barcode.content_type = static_cast<int>(result.contentType());
      readECIs(result, *owned);
      barcode.eci_values = owned->eciValues.data();
      barcode.eci_positions = owned->eciPositions.data();
      barcode.eci_count = static_cast<int>(owned->eciValues.size());
      const auto &position = result.position();
      for (int i = 0; i < 4; i++) {
        barcode.x[i] = position[i].x;
        barcode.y[i] = position[i].y;
      }
      barcode.orientation = result.orientation();
      barcode.sequence_size = result.sequenceSize();
      barcode.sequence_index = result.sequenceIndex();
      barcode.sequence_id = owned->sequenceId.c_str();
      results->owned.push_back(std::move(owned));
      results->barcodes.push_back(barcode);
    }
    return results.release();
  } catch (const std::exception &exception) {
    writeError(error, error_size, exception.what());
    return nullptr;
  } catch (...) {
    writeError(error, error_size, "unknown exception in zxing-cpp");
    return nullptr;
  }
}

extern "C" int docscan_zxing_results_count(const DocScanZXingResults *results) {
  return results ? static_cast<int>(results->barcodes.size()) : 0;
}

extern "C" const DocScanZXingBarcode *docscan_zxing_results_get(
    const DocScanZXingResults *results, int index) {
  if (!results || index < 0 || index >= docscan_zxing_results_count(results))
    return nullptr;
  return &results->barcodes[static_cast<size_t>(index)];
}

extern "C" void docscan_zxing_results_free(DocScanZXingResults *results) {
  delete results;
}

extern "C" char *docscan_zxing_joined_text(const DocScanZXingPart *parts, int count,
                                          int *content_type) {
  if (!parts || count <= 0) return nullptr;
  try {
    ZXing::Content joined;
    for (int i = 0; i < count; i++) joined.append(contentOf(parts[i]));
    if (content_type) *content_type = static_cast<int>(joined.type());
    const std::string text = joined.utf8();
    char *copy = static_cast<char *>(std::malloc(text.size() + 1));
    if (copy) std::memcpy(copy, text.c_str(), text.size() + 1);
    return copy;
  } catch (...) {
    return nullptr;
  }
}
