// Linear filters on a grey image: the unsharp mask that steepens a soft
// camera's edges before a barcode is read again. When to sharpen, and how
// much, is decided in Swift (SideBarcodeReader).
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

#include "docscan_opencv.h"

int docscan_unsharp_mask(const uint8_t *pixels, int width, int height, int stride,
                         double sigma, double amount, uint8_t *out) {
  if (pixels == nullptr || out == nullptr || width < 1 || height < 1 || stride < width ||
      !(sigma > 0))
    return 0;
  try {
    const cv::Mat image(height, width, CV_8UC1, const_cast<uint8_t *>(pixels),
                        static_cast<size_t>(stride));
    cv::Mat sharpened(height, width, CV_8UC1, out, static_cast<size_t>(width));
    // In floating point, so that the blurred neighbourhood is not rounded
    // to 8 bits before the difference is scaled.
    cv::Mat levels, blurred;
    image.convertTo(levels, CV_32F);
    const int radius = std::max(1, static_cast<int>(std::ceil(3 * sigma)));
    cv::GaussianBlur(levels, blurred, cv::Size(2 * radius + 1, 2 * radius + 1), sigma, sigma,
                     cv::BORDER_REPLICATE);
    cv::addWeighted(levels, 1 + amount, blurred, -amount, 0, sharpened, CV_8U);
    // Written into the caller's buffer, not a reallocation of its own.
    return sharpened.data == out ? 1 : 0;
  } catch (...) {
    return 0;
  }
}
