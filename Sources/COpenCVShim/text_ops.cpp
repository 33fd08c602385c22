// Text-level image operations for MRZ reading: dark blobs and Otsu's
// binarisation. Which blobs form an MRZ is decided in Swift (MRZLineFinder).
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
    // Kept from call to call on each thread: the labels alone are 4 bytes a
    // pixel, and memory freshly allocated for every frame was most of the
    // analysis thread's page faults (perf).
    thread_local cv::Mat dark, labels, stats, centroids;
    cv::adaptiveThreshold(image, dark, 255, cv::ADAPTIVE_THRESH_MEAN_C, cv::THRESH_BINARY_INV,
                          block_size | 1, offset);
    // Grana's block-based algorithm (BBDT): the same labels in the same
    // order as OpenCV's default (Spaghetti) on every image tried, in about
    // two thirds of the time on thresholded frames (docs/analysis-cost.md).
    const int found = cv::connectedComponentsWithStats(dark, labels, stats, centroids, 8, CV_32S,
                                                       cv::CCL_BBDT);
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
