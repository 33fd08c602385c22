// OpenCV's line segment detector (LSD) behind a C interface: the straight
// edges of a grey image. Which of them are a document's sides is decided in
// Swift (StraightSideFinder).
#include "docscan_opencv.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

extern "C" int docscan_find_segments(const uint8_t *pixels, int width, int height, int stride,
                                     int working_width, double contrast_gain,
                                     DocScanSegment *out, int capacity) {
  if (!pixels || !out || capacity <= 0 || width < 8 || height < 8 || working_width < 8 ||
      !(contrast_gain > 0))
    return 0;
  try {
    const cv::Mat image(height, width, CV_8UC1, const_cast<uint8_t *>(pixels),
                        static_cast<size_t>(stride));
    const double scale = std::min(1.0, static_cast<double>(working_width) / width);
    cv::Mat small;
    if (scale < 1.0)
      cv::resize(image, small, cv::Size(), scale, scale, cv::INTER_AREA);
    else
      small = image;
    if (contrast_gain != 1.0) {
      // Into a new buffer: `small` may still be the caller's pixels.
      cv::Mat stretched;
      small.convertTo(stretched, CV_8U, contrast_gain, 128.0 * (1.0 - contrast_gain));
      small = stretched;
    }
    std::vector<cv::Vec4f> lines;
    cv::createLineSegmentDetector(cv::LSD_REFINE_STD)->detect(small, lines);
    // Longest first, so that a full `out` keeps the segments that matter.
    std::sort(lines.begin(), lines.end(), [](const cv::Vec4f &a, const cv::Vec4f &b) {
      return std::hypot(a[2] - a[0], a[3] - a[1]) > std::hypot(b[2] - b[0], b[3] - b[1]);
    });
    const int count = std::min(capacity, static_cast<int>(lines.size()));
    for (int i = 0; i < count; i++) {
      out[i].x0 = lines[i][0] / scale;
      out[i].y0 = lines[i][1] / scale;
      out[i].x1 = lines[i][2] / scale;
      out[i].y1 = lines[i][3] / scale;
    }
    return count;
  } catch (const cv::Exception &) {
    return 0;
  }
}
