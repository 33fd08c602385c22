/* docscan's bridge to OpenCV's features2d and calib3d: how much of one
 * document image is found again in another (ORB features, one homography
 * fitted by RANSAC). Whether that makes it the same side is decided in
 * Swift (SideLikeness). */
#ifndef DOCSCAN_FEATURE_MATCH_H
#define DOCSCAN_FEATURE_MATCH_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Two grey images (rows `stride` bytes apart), each scaled to `width`
 * pixels wide first: up to `max_features` ORB features of each, matched by
 * cross-checked Hamming distance; returns how many matches one homography
 * (RANSAC, `ransac_pixels` reprojection error at that width) maps onto
 * each other, 0 when fewer than 4 match, -1 on failure. */
int docscan_matched_features(const uint8_t *a, int a_width, int a_height,
                             int a_stride, const uint8_t *b, int b_width,
                             int b_height, int b_stride, int width,
                             int max_features, double ransac_pixels);

#ifdef __cplusplus
}
#endif

#endif
