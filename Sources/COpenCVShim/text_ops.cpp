// Text-level image operations for MRZ reading: dark blobs and template
// correlation. Which blobs form an MRZ and what a score means is decided in
// Swift (MRZLineFinder, MRZGlyphMatcher).
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <utility>
#include <vector>

#include "docscan_opencv.h"

int docscan_find_dark_blobs(const uint8_t *pixels, int width, int height, int stride,
                            int block_size, double offset, DocScanBlob *out, int capacity) {
  if (pixels == nullptr || width < 3 || height < 3 || block_size < 3) return -1;
  try {
    const cv::Mat image(height, width, CV_8UC1, const_cast<uint8_t *>(pixels),
                        static_cast<size_t>(stride));
    cv::Mat dark;
    cv::adaptiveThreshold(image, dark, 255, cv::ADAPTIVE_THRESH_MEAN_C, cv::THRESH_BINARY_INV,
                          block_size | 1, offset);
    cv::Mat labels, stats, centroids;
    const int found = cv::connectedComponentsWithStats(dark, labels, stats, centroids, 8);
    int count = 0;
    for (int label = 1; label < found && count < capacity; label++) {
      out[count].x = stats.at<int>(label, cv::CC_STAT_LEFT);
      out[count].y = stats.at<int>(label, cv::CC_STAT_TOP);
      out[count].width = stats.at<int>(label, cv::CC_STAT_WIDTH);
      out[count].height = stats.at<int>(label, cv::CC_STAT_HEIGHT);
      out[count].area = stats.at<int>(label, cv::CC_STAT_AREA);
      count++;
    }
    return count;
  } catch (const cv::Exception &) {
    return -1;
  }
}

int docscan_binarize_otsu(const uint8_t *pixels, int width, int height, int stride,
                          uint8_t *out) {
  if (pixels == nullptr || out == nullptr || width < 1 || height < 1) return 0;
  try {
    const cv::Mat image(height, width, CV_8UC1, const_cast<uint8_t *>(pixels),
                        static_cast<size_t>(stride));
    cv::Mat binary(height, width, CV_8UC1, out, static_cast<size_t>(width));
    cv::threshold(image, binary, 0, 255, cv::THRESH_BINARY | cv::THRESH_OTSU);
    return 1;
  } catch (const cv::Exception &) {
    return 0;
  }
}

namespace {
cv::Mat glyphAt(const uint8_t *templates, int index, int width, int height) {
  return cv::Mat(height, width, CV_8UC1,
                 const_cast<uint8_t *>(templates) + static_cast<size_t>(index) * width * height);
}
}  // namespace

int docscan_match_templates(const uint8_t *cell, int cell_width, int cell_height,
                            int cell_stride, const uint8_t *templates, int template_width,
                            int template_height, int count, int shortlist, double sigma,
                            double *scores) {
  if (cell == nullptr || templates == nullptr || cell_width < template_width ||
      cell_height < template_height || count <= 0)
    return 0;
  try {
    const cv::Mat source(cell_height, cell_width, CV_8UC1, const_cast<uint8_t *>(cell),
                         static_cast<size_t>(cell_stride));
    cv::Mat smooth;
    cv::GaussianBlur(source, smooth, cv::Size(0, 0), sigma);
    // Every template at the cell's centre first (one position, cheap); only
    // the `shortlist` best then slide over the whole cell.
    const cv::Rect centre((cell_width - template_width) / 2, (cell_height - template_height) / 2,
                          template_width, template_height);
    cv::Mat result;
    std::vector<std::pair<double, int>> ranked;
    for (int index = 0; index < count; index++) {
      cv::matchTemplate(smooth(centre), glyphAt(templates, index, template_width, template_height),
                        result, cv::TM_CCOEFF_NORMED);
      scores[index] = result.at<float>(0, 0);
      ranked.emplace_back(scores[index], index);
    }
    std::sort(ranked.begin(), ranked.end(), std::greater<>());
    for (int rank = 0; rank < std::min(shortlist, count); rank++) {
      const int index = ranked[rank].second;
      cv::matchTemplate(smooth, glyphAt(templates, index, template_width, template_height), result,
                        cv::TM_CCOEFF_NORMED);
      double best = 0;
      cv::minMaxLoc(result, nullptr, &best);
      scores[index] = std::max(scores[index], best);
    }
    return 1;
  } catch (const cv::Exception &) {
    return 0;
  }
}

int docscan_gaussian_blur(const uint8_t *pixels, int width, int height, int stride, double sigma,
                          uint8_t *out) {
  if (pixels == nullptr || out == nullptr || width <= 0 || height <= 0 || sigma <= 0) return 0;
  try {
    const cv::Mat source(height, width, CV_8UC1, const_cast<uint8_t *>(pixels),
                         static_cast<size_t>(stride));
    cv::Mat target(height, width, CV_8UC1, out, static_cast<size_t>(width));
    cv::GaussianBlur(source, target, cv::Size(0, 0), sigma);
    return 1;
  } catch (const cv::Exception &) {
    return 0;
  }
}

int docscan_resize_area(const uint8_t *pixels, int width, int height, int stride,
                        const int rect[4], uint8_t *out, int out_width, int out_height) {
  if (pixels == nullptr || out == nullptr || out_width <= 0 || out_height <= 0) return 0;
  try {
    const cv::Mat source(height, width, CV_8UC1, const_cast<uint8_t *>(pixels),
                         static_cast<size_t>(stride));
    const cv::Rect area = cv::Rect(rect[0], rect[1], rect[2], rect[3]) & cv::Rect(0, 0, width, height);
    if (area.empty()) return 0;
    cv::Mat target(out_height, out_width, CV_8UC1, out, static_cast<size_t>(out_width));
    cv::resize(source(area), target, target.size(), 0, 0, cv::INTER_AREA);
    return 1;
  } catch (const cv::Exception &) {
    return 0;
  }
}
