// Text-level image operations for MRZ reading: dark blobs and template
// correlation. Which blobs form an MRZ and what a score means is decided in
// Swift (MRZLineFinder, MRZGlyphMatcher).
#include <opencv2/imgproc.hpp>

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

int docscan_match_templates(const uint8_t *cell, int cell_width, int cell_height,
                            int cell_stride, const uint8_t *templates, int template_width,
                            int template_height, int count, double sigma, double *scores) {
  if (cell == nullptr || templates == nullptr || cell_width < template_width ||
      cell_height < template_height || count <= 0)
    return 0;
  try {
    const cv::Mat source(cell_height, cell_width, CV_8UC1, const_cast<uint8_t *>(cell),
                         static_cast<size_t>(cell_stride));
    cv::Mat smooth;
    cv::GaussianBlur(source, smooth, cv::Size(0, 0), sigma);
    cv::Mat result;
    for (int index = 0; index < count; index++) {
      const cv::Mat glyph(template_height, template_width, CV_8UC1,
                          const_cast<uint8_t *>(templates) +
                              static_cast<size_t>(index) * template_width * template_height);
      cv::Mat glyphSmooth;
      cv::GaussianBlur(glyph, glyphSmooth, cv::Size(0, 0), sigma);
      cv::matchTemplate(smooth, glyphSmooth, result, cv::TM_CCOEFF_NORMED);
      double best = 0;
      cv::minMaxLoc(result, nullptr, &best);
      scores[index] = best;
    }
    return 1;
  } catch (const cv::Exception &) {
    return 0;
  }
}
