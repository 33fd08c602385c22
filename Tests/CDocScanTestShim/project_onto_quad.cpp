// A flat page drawn onto a desk scene in perspective (OpenCV).
#include "docscan_test_shim.h"

#include <opencv2/imgproc.hpp>

extern "C" int docscan_project_onto_quad(const uint8_t *source, int width,
                                         int height, int stride,
                                         const double corners[8],
                                         uint8_t *destination,
                                         int destination_width,
                                         int destination_height,
                                         int destination_stride) {
  if (!source || !corners || !destination) return 0;
  try {
    const cv::Mat image(height, width, CV_8UC1, const_cast<uint8_t *>(source),
                        static_cast<size_t>(stride));
    cv::Mat target(destination_height, destination_width, CV_8UC1, destination,
                   static_cast<size_t>(destination_stride));
    const cv::Point2f from[4] = {
        {0, 0},
        {static_cast<float>(width), 0},
        {static_cast<float>(width), static_cast<float>(height)},
        {0, static_cast<float>(height)}};
    const cv::Point2f to[4] = {
        {static_cast<float>(corners[0]), static_cast<float>(corners[1])},
        {static_cast<float>(corners[2]), static_cast<float>(corners[3])},
        {static_cast<float>(corners[4]), static_cast<float>(corners[5])},
        {static_cast<float>(corners[6]), static_cast<float>(corners[7])}};
    cv::warpPerspective(image, target, cv::getPerspectiveTransform(from, to),
                        target.size(), cv::INTER_AREA, cv::BORDER_TRANSPARENT);
    return 1;
  } catch (const cv::Exception &) {
    return 0;
  }
}

