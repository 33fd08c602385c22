// ORB features matched between two document images (docscan_feature_match.h).
#include "docscan_feature_match.h"

#include <opencv2/calib3d.hpp>
#include <opencv2/features2d.hpp>
#include <opencv2/imgproc.hpp>

#include <vector>

namespace {

// The image scaled to `width` pixels wide (area averaging).
cv::Mat scaled(const uint8_t *pixels, int width, int height, int stride,
               int target) {
  cv::Mat image(height, width, CV_8UC1, const_cast<uint8_t *>(pixels),
                static_cast<size_t>(stride));
  int target_height = static_cast<int>(
      static_cast<double>(height) * target / width + 0.5);
  cv::Mat out;
  cv::resize(image, out, cv::Size(target, target_height > 0 ? target_height : 1),
             0, 0, cv::INTER_AREA);
  return out;
}

}  // namespace

extern "C" int docscan_matched_features(const uint8_t *a, int a_width,
                                        int a_height, int a_stride,
                                        const uint8_t *b, int b_width,
                                        int b_height, int b_stride, int width,
                                        int max_features,
                                        double ransac_pixels) {
  if (!a || !b || a_width <= 0 || a_height <= 0 || b_width <= 0 ||
      b_height <= 0 || a_stride < a_width || b_stride < b_width || width <= 0 ||
      max_features <= 0)
    return -1;
  try {
    cv::Ptr<cv::ORB> orb = cv::ORB::create(max_features);
    std::vector<cv::KeyPoint> keys_a, keys_b;
    cv::Mat descriptors_a, descriptors_b;
    orb->detectAndCompute(scaled(a, a_width, a_height, a_stride, width),
                          cv::noArray(), keys_a, descriptors_a);
    orb->detectAndCompute(scaled(b, b_width, b_height, b_stride, width),
                          cv::noArray(), keys_b, descriptors_b);
    if (descriptors_a.empty() || descriptors_b.empty()) return 0;
    std::vector<cv::DMatch> matches;
    cv::BFMatcher(cv::NORM_HAMMING, true).match(descriptors_a, descriptors_b,
                                                matches);
    if (matches.size() < 4) return 0;
    std::vector<cv::Point2f> points_a, points_b;
    for (const cv::DMatch &match : matches) {
      points_a.push_back(keys_a[static_cast<size_t>(match.queryIdx)].pt);
      points_b.push_back(keys_b[static_cast<size_t>(match.trainIdx)].pt);
    }
    std::vector<unsigned char> inliers;
    cv::Mat homography = cv::findHomography(points_a, points_b, cv::RANSAC,
                                            ransac_pixels, inliers);
    if (homography.empty()) return 0;
    int count = 0;
    for (unsigned char inlier : inliers) count += inlier ? 1 : 0;
    return count;
  } catch (const cv::Exception &) {
    return -1;
  }
}
