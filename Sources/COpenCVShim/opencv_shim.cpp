// OpenCV imgproc behind a C interface: candidate outlines and warps.
#include "docscan_opencv.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <vector>

namespace {

// OpenCV runs on the caller's thread only: docscan's analysis thread has a
// low priority on purpose, and OpenCV's own worker threads would not.
const bool singleThreaded = [] {
  cv::setNumThreads(0);
  return true;
}();

// A convex 4-point approximation of `contour`'s hull, if it has one.
bool fitQuad(const std::vector<cv::Point> &contour, double approxFraction,
             std::vector<cv::Point> &quad) {
  std::vector<cv::Point> hull;
  cv::convexHull(contour, hull);
  const double perimeter = cv::arcLength(hull, true);
  // Try a few tolerances: rounded corners need more than sharp ones.
  for (double factor : {1.0, 1.5, 2.0, 3.0}) {
    cv::approxPolyDP(hull, quad, approxFraction * factor * perimeter, true);
    if (quad.size() == 4) return cv::isContourConvex(quad);
    if (quad.size() < 4) return false;
  }
  return false;
}

void collect(const cv::Mat &binary, int source, double scale, double minArea,
             double approxFraction, std::vector<DocScanQuadCandidate> &found) {
  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(binary, contours, cv::RETR_LIST, cv::CHAIN_APPROX_SIMPLE);
  std::vector<cv::Point> quad;
  for (const auto &contour : contours) {
    const double area = cv::contourArea(contour);
    if (area < minArea) continue;
    if (!fitQuad(contour, approxFraction, quad)) continue;
    DocScanQuadCandidate candidate;
    for (int i = 0; i < 4; i++) {
      candidate.x[i] = quad[i].x / scale;
      candidate.y[i] = quad[i].y / scale;
    }
    candidate.contour_area = area / (scale * scale);
    candidate.source = source;
    found.push_back(candidate);
  }
}

}  // namespace

extern "C" int docscan_find_quads(const uint8_t *pixels, int width, int height,
                                  int stride, const DocScanQuadSearch *search,
                                  DocScanQuadCandidate *out, int capacity) {
  if (!pixels || !search || !out || capacity <= 0 || width < 8 || height < 8)
    return 0;
  (void)singleThreaded;
  try {
    const cv::Mat image(height, width, CV_8UC1, const_cast<uint8_t *>(pixels),
                        static_cast<size_t>(stride));
    const double scale =
        std::min(1.0, static_cast<double>(search->working_width) / width);
    cv::Mat small;
    if (scale < 1.0)
      cv::resize(image, small, cv::Size(), scale, scale, cv::INTER_AREA);
    else
      small = image;
    cv::Mat smooth;
    cv::GaussianBlur(small, smooth, cv::Size(5, 5), 0);
    const double minArea = search->min_area_fraction * small.total();
    std::vector<DocScanQuadCandidate> found;

    // Edges, thickened so that small gaps do not break the outline.
    cv::Mat edges;
    cv::Canny(smooth, edges, search->canny_low, search->canny_high);
    cv::dilate(edges, edges, cv::Mat(), cv::Point(-1, -1), 1);
    collect(edges, 0, scale, minArea, search->approx_fraction, found);

    // A bright page on a darker desk, closed over the print inside it;
    // skipped when the image is not clearly two-toned (an empty desk).
    cv::Mat page;
    cv::threshold(smooth, page, 0, 255, cv::THRESH_BINARY | cv::THRESH_OTSU);
    cv::Mat dark;
    cv::bitwise_not(page, dark);
    const double brightShare =
        static_cast<double>(cv::countNonZero(page)) / page.total();
    const double contrast = cv::mean(smooth, page)[0] - cv::mean(smooth, dark)[0];
    if (contrast >= search->min_threshold_contrast &&
        brightShare >= search->min_threshold_share &&
        1.0 - brightShare >= search->min_threshold_share) {
      cv::morphologyEx(page, page, cv::MORPH_CLOSE,
                       cv::getStructuringElement(cv::MORPH_RECT, cv::Size(7, 7)));
      collect(page, 1, scale, minArea, search->approx_fraction, found);
    }

    const int count = std::min(capacity, static_cast<int>(found.size()));
    std::copy(found.begin(), found.begin() + count, out);
    return count;
  } catch (const cv::Exception &) {
    return 0;
  }
}

extern "C" int docscan_warp_quad(const uint8_t *pixels, int width, int height,
                                 int stride, const double corners[8],
                                 uint8_t *out, int out_width, int out_height,
                                 int out_stride) {
  if (!pixels || !corners || !out || out_width <= 0 || out_height <= 0)
    return 0;
  try {
    const cv::Mat image(height, width, CV_8UC1, const_cast<uint8_t *>(pixels),
                        static_cast<size_t>(stride));
    cv::Mat target(out_height, out_width, CV_8UC1, out,
                   static_cast<size_t>(out_stride));
    const cv::Point2f from[4] = {
        {static_cast<float>(corners[0]), static_cast<float>(corners[1])},
        {static_cast<float>(corners[2]), static_cast<float>(corners[3])},
        {static_cast<float>(corners[4]), static_cast<float>(corners[5])},
        {static_cast<float>(corners[6]), static_cast<float>(corners[7])}};
    const cv::Point2f to[4] = {
        {0, 0},
        {static_cast<float>(out_width), 0},
        {static_cast<float>(out_width), static_cast<float>(out_height)},
        {0, static_cast<float>(out_height)}};
    const cv::Mat transform = cv::getPerspectiveTransform(from, to);
    cv::warpPerspective(image, target, transform, target.size(),
                        cv::INTER_LINEAR, cv::BORDER_REPLICATE);
    return 1;
  } catch (const cv::Exception &) {
    return 0;
  }
}

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
