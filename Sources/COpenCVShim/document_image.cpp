// OpenCV behind a C interface for a side's kept image: colour warps, PNG
// and faces. See docscan_document_image.h.
#include "docscan_document_image.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/objdetect.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

cv::Mat perspective(const double corners[8], double scale, int out_width,
                    int out_height) {
  cv::Point2f from[4];
  for (int i = 0; i < 4; i++)
    from[i] = {static_cast<float>(corners[2 * i] * scale),
               static_cast<float>(corners[2 * i + 1] * scale)};
  const cv::Point2f to[4] = {
      {0, 0},
      {static_cast<float>(out_width), 0},
      {static_cast<float>(out_width), static_cast<float>(out_height)},
      {0, static_cast<float>(out_height)}};
  return cv::getPerspectiveTransform(from, to);
}

}  // namespace

struct DocScanFaceDetector {
  cv::CascadeClassifier cascade;
};

extern "C" int docscan_warp_quad_rgb(const uint8_t *luma, int width,
                                     int height, int stride,
                                     const DocScanChromaPlanes *chroma,
                                     const double corners[8], uint8_t *out_rgb,
                                     int out_width, int out_height) {
  if (!luma || !corners || !out_rgb || out_width <= 0 || out_height <= 0)
    return 0;
  try {
    const cv::Mat image(height, width, CV_8UC1, const_cast<uint8_t *>(luma),
                        static_cast<size_t>(stride));
    const cv::Size size(out_width, out_height);
    cv::Mat y;
    cv::warpPerspective(image, y, perspective(corners, 1, out_width, out_height),
                        size, cv::INTER_LINEAR, cv::BORDER_REPLICATE);
    cv::Mat rgb(out_height, out_width, CV_8UC3, out_rgb);
    if (!chroma || !chroma->cb || !chroma->cr || chroma->width <= 0) {
      cv::cvtColor(y, rgb, cv::COLOR_GRAY2RGB);
      return 1;
    }
    const double scale = static_cast<double>(chroma->width) / width;
    const cv::Mat transform = perspective(corners, scale, out_width, out_height);
    const cv::Mat cb(chroma->height, chroma->width, CV_8UC1,
                     const_cast<uint8_t *>(chroma->cb),
                     static_cast<size_t>(chroma->stride));
    const cv::Mat cr(chroma->height, chroma->width, CV_8UC1,
                     const_cast<uint8_t *>(chroma->cr),
                     static_cast<size_t>(chroma->stride));
    cv::Mat warpedCb, warpedCr;
    cv::warpPerspective(cb, warpedCb, transform, size, cv::INTER_LINEAR,
                        cv::BORDER_REPLICATE);
    cv::warpPerspective(cr, warpedCr, transform, size, cv::INTER_LINEAR,
                        cv::BORDER_REPLICATE);
    cv::Mat ycrcb;
    cv::merge(std::vector<cv::Mat>{y, warpedCr, warpedCb}, ycrcb);
    cv::cvtColor(ycrcb, rgb, cv::COLOR_YCrCb2RGB);
    return 1;
  } catch (const cv::Exception &) {
    return 0;
  }
}

extern "C" uint8_t *docscan_encode_png(const uint8_t *pixels, int width,
                                       int height, int stride, int channels,
                                       size_t *length) {
  if (!pixels || !length || width <= 0 || height <= 0 ||
      (channels != 1 && channels != 3))
    return nullptr;
  try {
    const cv::Mat image(height, width, channels == 3 ? CV_8UC3 : CV_8UC1,
                        const_cast<uint8_t *>(pixels),
                        static_cast<size_t>(stride));
    cv::Mat bgr;
    if (channels == 3)
      cv::cvtColor(image, bgr, cv::COLOR_RGB2BGR);
    else
      bgr = image;
    std::vector<uchar> encoded;
    if (!cv::imencode(".png", bgr, encoded)) return nullptr;
    auto *out = static_cast<uint8_t *>(std::malloc(encoded.size()));
    if (!out) return nullptr;
    std::memcpy(out, encoded.data(), encoded.size());
    *length = encoded.size();
    return out;
  } catch (const cv::Exception &) {
    return nullptr;
  }
}

extern "C" void docscan_png_free(uint8_t *png) { std::free(png); }

extern "C" DocScanFaceDetector *docscan_face_detector_new(
    const char *cascade_path) {
  if (!cascade_path) return nullptr;
  try {
    auto *detector = new DocScanFaceDetector();
    if (!detector->cascade.load(cascade_path) || detector->cascade.empty()) {
      delete detector;
      return nullptr;
    }
    return detector;
  } catch (const cv::Exception &) {
    return nullptr;
  }
}

extern "C" void docscan_face_detector_free(DocScanFaceDetector *detector) {
  delete detector;
}

extern "C" int docscan_detect_faces(DocScanFaceDetector *detector,
                                    const uint8_t *pixels, int width,
                                    int height, int stride, int min_size,
                                    double search_scale, double scale_factor,
                                    int min_neighbours, int *rects,
                                    int capacity) {
  if (!detector || !pixels || !rects || width <= 0 || height <= 0 ||
      !(search_scale > 0 && search_scale <= 1))
    return -1;
  try {
    const cv::Mat rgb(height, width, CV_8UC3, const_cast<uint8_t *>(pixels),
                      static_cast<size_t>(stride));
    cv::Mat grey;
    cv::cvtColor(rgb, grey, cv::COLOR_RGB2GRAY);
    if (search_scale < 1) {
      const auto scaled = [search_scale](int length) {
        return std::max(1, static_cast<int>(std::lround(length * search_scale)));
      };
      cv::resize(grey, grey, cv::Size(scaled(width), scaled(height)), 0, 0,
                 cv::INTER_AREA);
    }
    const int searched_min =
        std::max(1, static_cast<int>(std::lround(min_size * search_scale)));
    // The copy's own ratio per axis, after rounding its size.
    const double x_ratio = static_cast<double>(width) / grey.cols;
    const double y_ratio = static_cast<double>(height) / grey.rows;
    std::vector<cv::Rect> faces;
    std::vector<int> neighbours;
    detector->cascade.detectMultiScale(grey, faces, neighbours, scale_factor,
                                       min_neighbours, 0,
                                       cv::Size(searched_min, searched_min));
    const int count = std::min(capacity, static_cast<int>(faces.size()));
    // Boxes back in the given picture's pixels.
    const auto back = [](int value, double ratio) {
      return static_cast<int>(std::lround(value * ratio));
    };
    for (int i = 0; i < count; i++) {
      rects[5 * i] = back(faces[i].x, x_ratio);
      rects[5 * i + 1] = back(faces[i].y, y_ratio);
      rects[5 * i + 2] = back(faces[i].width, x_ratio);
      rects[5 * i + 3] = back(faces[i].height, y_ratio);
      rects[5 * i + 4] = i < static_cast<int>(neighbours.size()) ? neighbours[i] : 0;
    }
    return count;
  } catch (const cv::Exception &) {
    return -1;
  }
}
