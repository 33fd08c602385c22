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

// The spread of `image`'s levels between its 1st and 99th percentiles.
double levelSpread(const cv::Mat &image) {
  cv::Mat histogram;
  const int channels[] = {0}, bins[] = {256};
  const float range[] = {0, 256};
  const float *ranges[] = {range};
  cv::calcHist(&image, 1, channels, cv::Mat(), histogram, 1, bins, ranges);
  const double tail = 0.01 * static_cast<double>(image.total());
  int low = 0, high = 255;
  for (double seen = 0; low < 255 && (seen += histogram.at<float>(low)) < tail;) low++;
  for (double seen = 0; high > 0 && (seen += histogram.at<float>(high)) < tail;) high--;
  return std::max(0, high - low);
}

// The desk's level in one channel as a smooth surface (a quadratic in x and
// y) fitted to the ring of pixels along the frame's border, which shows desk
// wherever no document crosses it; pixels the fit cannot explain (a page
// crossing the border) are dropped and the fit repeated. Returns, per pixel,
// the squared distance from the desk in units of `threshold`: the larger of
// `floor` and `spread` robust deviations of the ring around the fit. Empty
// when too little of the ring agrees to call it a desk.
cv::Mat deskDistance(const cv::Mat &channel, double ringFraction, double floor,
                     double spread) {
  const int width = channel.cols, height = channel.rows;
  const int ring = std::max(2, static_cast<int>(ringFraction * std::min(width, height)));
  std::vector<double> xs, ys, values;
  for (int y = 0; y < height; y += 2)
    for (int x = 0; x < width; x += 2)
      if (y < ring || y >= height - ring || x < ring || x >= width - ring) {
        xs.push_back(static_cast<double>(x) / width);
        ys.push_back(static_cast<double>(y) / height);
        values.push_back(channel.at<uint8_t>(y, x));
      }
  const size_t count = values.size();
  if (count < 12) return cv::Mat();
  // A first guess that a page crossing one border cannot bend: the ring's
  // median level, keeping only what lies near it.
  std::vector<double> sorted(values);
  std::nth_element(sorted.begin(), sorted.begin() + count / 2, sorted.end());
  const double median = sorted[count / 2];
  std::vector<double> offsets(count);
  for (size_t i = 0; i < count; i++) offsets[i] = std::abs(values[i] - median);
  std::nth_element(offsets.begin(), offsets.begin() + count / 2, offsets.end());
  double deviation = offsets[count / 2] * 1.4826 + 0.5;
  std::vector<bool> keep(count);
  size_t kept = 0;
  for (size_t i = 0; i < count; i++) {
    keep[i] = std::abs(values[i] - median) < 3 * deviation;
    kept += keep[i];
  }
  if (kept < count / 2 || kept < 6) return cv::Mat();
  cv::Mat coefficients;
  for (int round = 0; round < 3; round++) {
    cv::Mat terms(static_cast<int>(kept), 6, CV_64F), target(static_cast<int>(kept), 1, CV_64F);
    for (size_t i = 0, row = 0; i < count; i++) {
      if (!keep[i]) continue;
      const double x = xs[i], y = ys[i];
      const double t[6] = {1, x, y, x * x, y * y, x * y};
      for (int k = 0; k < 6; k++) terms.at<double>(static_cast<int>(row), k) = t[k];
      target.at<double>(static_cast<int>(row), 0) = values[i];
      row++;
    }
    // The normal equations (6 x 6): an SVD of the whole ring cost a tenth
    // of detection, and the six terms over [0, 1] are well conditioned.
    if (!cv::solve(terms.t() * terms, terms.t() * target, coefficients, cv::DECOMP_CHOLESKY))
      return cv::Mat();
    const double *c = coefficients.ptr<double>();
    std::vector<double> residuals(count), keptResiduals;
    for (size_t i = 0; i < count; i++) {
      const double x = xs[i], y = ys[i];
      residuals[i] = values[i] - (c[0] + c[1] * x + c[2] * y + c[3] * x * x + c[4] * y * y + c[5] * x * y);
      if (keep[i]) keptResiduals.push_back(std::abs(residuals[i]));
    }
    std::nth_element(keptResiduals.begin(), keptResiduals.begin() + keptResiduals.size() / 2,
                     keptResiduals.end());
    // 1.4826 turns a median absolute deviation into a standard deviation;
    // the half level keeps a flat synthetic desk from a zero spread.
    deviation = keptResiduals[keptResiduals.size() / 2] * 1.4826 + 0.5;
    kept = 0;
    for (size_t i = 0; i < count; i++) {
      keep[i] = std::abs(residuals[i]) < 3 * deviation;
      kept += keep[i];
    }
    if (kept < count / 2 || kept < 6) return cv::Mat();
  }
  const double threshold = std::max(floor, spread * deviation);
  const double *c = coefficients.ptr<double>();
  cv::Mat distance(height, width, CV_32F);
  for (int y = 0; y < height; y++) {
    const double fy = static_cast<double>(y) / height;
    float *out = distance.ptr<float>(y);
    const uint8_t *in = channel.ptr<uint8_t>(y);
    for (int x = 0; x < width; x++) {
      const double fx = static_cast<double>(x) / width;
      const double desk = c[0] + c[1] * fx + c[2] * fy + c[3] * fx * fx + c[4] * fy * fy + c[5] * fx * fy;
      const double d = (in[x] - desk) / threshold;
      out[x] = static_cast<float>(d * d);
    }
  }
  return distance;
}

// An opened and closed mask (replicated borders: a page a few pixels from
// the frame's edge must not be closed onto it, and one that crosses it must
// stay cut), closed over `close` pixels.
cv::Mat cleaned(cv::Mat mask, int close) {
  cv::morphologyEx(mask, mask, cv::MORPH_OPEN, cv::Mat::ones(3, 3, CV_8U), cv::Point(-1, -1), 1,
                   cv::BORDER_REPLICATE);
  cv::morphologyEx(mask, mask, cv::MORPH_CLOSE,
                   cv::getStructuringElement(cv::MORPH_RECT, cv::Size(close, close)),
                   cv::Point(-1, -1), 1, cv::BORDER_REPLICATE);
  return mask;
}

// Pixels unlike the desk in texture, as a cleaned mask at half the size of
// `luma`: a card's underprint and print against a plain desk of its own
// level and colour (or a plain page on a grained desk). The texture is the
// absolute Laplacian averaged over 2x2 blocks, then its 5x5 median (a 7x7
// median at full size cost 10 ms a frame, this under 1 ms): the median
// keeps what covers most of the window, not the single lines of an H.264
// frame's banding on a smooth desk. Its floor is not scaled with the
// image's level spread: a frame of little spread (a grey card on a white
// desk) keeps its compression noise. A mask of its own, as a level's or
// colour's distance added to it would join the page to whatever part of
// the desk the desk model explains less well.
cv::Mat roughUnlikeDesk(const cv::Mat &luma, const DocScanQuadSearch &search) {
  if (search.desk_texture_floor <= 0) return cv::Mat();
  cv::Mat laplacian, magnitude, texture;
  cv::Laplacian(luma, laplacian, CV_16S, 3);
  cv::convertScaleAbs(laplacian, magnitude);
  cv::resize(magnitude, texture, cv::Size(luma.cols / 2, luma.rows / 2), 0, 0, cv::INTER_AREA);
  cv::medianBlur(texture, texture, 5);
  const cv::Mat distance = deskDistance(texture, search.desk_ring_fraction,
                                        search.desk_texture_floor, search.desk_spread);
  if (distance.empty()) return cv::Mat();
  return cleaned(distance > 1.0, 5);
}

// Pixels unlike the desk in level or colour, as a closed binary mask of
// `size`; empty when the border shows no consistent desk.
// `contrast` (the image's level spread over canny_full_spread, as for the
// Canny thresholds) scales the floors: in low light or on a desk of the
// page's own level, the page differs from the desk by fewer levels (the
// ring's own robust deviations still hold a noisy desk together).
cv::Mat unlikeDesk(const cv::Mat &luma, const cv::Mat &cb, const cv::Mat &cr,
                   const DocScanQuadSearch &search, double contrast) {
  cv::Mat distance = deskDistance(luma, search.desk_ring_fraction,
                                  search.desk_luma_floor * contrast, search.desk_spread);
  if (distance.empty()) return cv::Mat();
  for (const cv::Mat *plane : {&cb, &cr}) {
    if (plane->empty()) continue;
    cv::Mat smooth;
    cv::GaussianBlur(*plane, smooth, cv::Size(5, 5), 0);
    cv::Mat colour = deskDistance(smooth, search.desk_ring_fraction,
                                  search.desk_chroma_floor * contrast, search.desk_spread);
    if (colour.empty()) continue;
    cv::resize(colour, colour, distance.size(), 0, 0, cv::INTER_LINEAR);
    distance += colour;
  }
  return cleaned(distance > 1.0, 9);
}

}  // namespace

extern "C" int docscan_find_quads(const uint8_t *pixels, int width, int height,
                                  int stride, const DocScanChromaPlanes *chroma,
                                  const DocScanQuadSearch *search,
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
    const double contrast =
        std::clamp(levelSpread(smooth) / std::max(1.0, search->canny_full_spread),
                   std::min(1.0, search->canny_min_scale), 1.0);
    cv::Canny(smooth, edges, search->canny_low * contrast, search->canny_high * contrast);
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
    const double pageContrast = cv::mean(smooth, page)[0] - cv::mean(smooth, dark)[0];
    if (pageContrast >= search->min_threshold_contrast &&
        brightShare >= search->min_threshold_share &&
        1.0 - brightShare >= search->min_threshold_share) {
      cv::morphologyEx(page, page, cv::MORPH_CLOSE,
                       cv::getStructuringElement(cv::MORPH_RECT, cv::Size(7, 7)));
      collect(page, 1, scale, minArea, search->approx_fraction, found);
    }

    // Whatever differs from the desk seen along the border, in level or
    // colour: a page on a white desk differs little in level.
    cv::Mat cb, cr;
    if (chroma && chroma->cb && chroma->cr && chroma->width >= 8 && chroma->height >= 8) {
      cb = cv::Mat(chroma->height, chroma->width, CV_8UC1, const_cast<uint8_t *>(chroma->cb),
                   static_cast<size_t>(chroma->stride));
      cr = cv::Mat(chroma->height, chroma->width, CV_8UC1, const_cast<uint8_t *>(chroma->cr),
                   static_cast<size_t>(chroma->stride));
    }
    const cv::Mat foreground = unlikeDesk(small, cb, cr, *search, contrast);
    if (!foreground.empty()) collect(foreground, 2, scale, minArea, search->approx_fraction, found);
    const cv::Mat rough = roughUnlikeDesk(small, *search);
    if (!rough.empty()) {
      const double half = static_cast<double>(rough.cols) / small.cols;
      collect(rough, 3, scale * half, minArea * half * half, search->approx_fraction, found);
    }

    const int count = std::min(capacity, static_cast<int>(found.size()));
    std::copy(found.begin(), found.begin() + count, out);
    return count;
  } catch (const cv::Exception &) {
    return 0;
  }
}

extern "C" int docscan_area_sample(const uint8_t *pixels, int width,
                                   int height, int stride, int x, int y,
                                   int window_width, int window_height,
                                   float *out, int out_width, int out_height) {
  if (!pixels || !out || out_width <= 0 || out_height <= 0 ||
      window_width <= 0 || window_height <= 0 || x < 0 || y < 0 ||
      x + window_width > width || y + window_height > height)
    return 0;
  try {
    const cv::Mat image(height, width, CV_8UC1, const_cast<uint8_t *>(pixels),
                        static_cast<size_t>(stride));
    cv::Mat shrunk;
    cv::resize(image(cv::Rect(x, y, window_width, window_height)), shrunk,
               cv::Size(out_width, out_height), 0, 0, cv::INTER_AREA);
    cv::Mat target(out_height, out_width, CV_32FC1, out);
    shrunk.convertTo(target, CV_32F);
    return 1;
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
