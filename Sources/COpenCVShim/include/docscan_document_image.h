/* docscan's bridge to OpenCV for the image kept of a side: the document
 * warped in colour, PNG encoding (imgcodecs) and faces (objdetect's cascade
 * classifier). Which frame is kept and which face is the portrait is
 * decided in Swift (SideImages, DocumentPicture). */
#ifndef DOCSCAN_DOCUMENT_IMAGE_H
#define DOCSCAN_DOCUMENT_IMAGE_H

#include <stddef.h>
#include <stdint.h>

#include "docscan_opencv.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Warps the inside of the quad `corners` (x, y of upper-left, upper-right,
 * lower-right, lower-left in luma pixels) to an `out_width` x `out_height`
 * RGB image (3 bytes per pixel, rows out_width * 3 bytes). The chroma
 * planes, at their own smaller size, are warped with the quad scaled to
 * them; without them (NULL) the image is grey. Returns 1, or 0 on failure. */
int docscan_warp_quad_rgb(const uint8_t *luma, int width, int height,
                          int stride, const DocScanChromaPlanes *chroma,
                          const double corners[8], uint8_t *out_rgb,
                          int out_width, int out_height);

/* PNG of an image of 1 (grey) or 3 (RGB) channels. Returns a buffer the
 * caller frees with docscan_png_free, its length in *length; NULL on
 * failure. */
uint8_t *docscan_encode_png(const uint8_t *pixels, int width, int height,
                            int stride, int channels, size_t *length);
void docscan_png_free(uint8_t *png);

/* A face detector: one of OpenCV's cascades (Debian's opencv-data ships
 * them). Not safe to use from two threads at once. */
typedef struct DocScanFaceDetector DocScanFaceDetector;

/* NULL when the file is missing or is not a cascade. */
DocScanFaceDetector *docscan_face_detector_new(const char *cascade_path);
void docscan_face_detector_free(DocScanFaceDetector *detector);

/* Faces in an RGB image (3 bytes per pixel, rows `stride` bytes apart;
 * searched in its luma), at least `min_size` pixels wide, searched with
 * the cascade's `scale_factor` between sizes and kept where at least
 * `min_neighbours` overlapping hits agree. The luma is searched scaled by
 * `search_scale` (0 < scale <= 1; INTER_AREA). Writes x, y, width, height
 * (in the given image's pixels) and the number of agreeing hits per face
 * into `rects` (5 ints each) and returns how many, at most `capacity`; -1
 * on failure. */
int docscan_detect_faces(DocScanFaceDetector *detector, const uint8_t *pixels,
                         int width, int height, int stride, int min_size,
                         double search_scale, double scale_factor,
                         int min_neighbours, int *rects, int capacity);

#ifdef __cplusplus
}
#endif

#endif
