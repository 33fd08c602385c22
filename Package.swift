// swift-tools-version:6.0
import PackageDescription

// Layers, from the bottom up:
//   CGStreamer, CPangoCairo  system libraries found with pkg-config
//   CDocScanShim             C: thin bridges (structures, conversion, cairo/pango), no logic
//   CDocScanElement          C: plugin registration and the GstVideoFilter boilerplate
//   DocScanCore              pure Swift: quality, feedback, the session actor (no GStreamer)
//   DocScanElement           Swift glue: wires the core to the shim
//   gstdocscan               the plugin, libgstdocscan.so (built by plugin/build.sh)
//   DocScanRun               docscan-run, a command-line scanner loading the plugin (own C
//                            bridges: CDocScanRunShim for GStreamer, CMosquittoShim for MQTT)
let shimWarnings: [CSetting] = [.unsafeFlags(["-Wall", "-Wextra", "-Werror"])]

let package = Package(
  name: "docscan",
  products: [
    .library(name: "DocScanCore", targets: ["DocScanCore"]),
    .library(name: "DocScanOpenCV", targets: ["DocScanOpenCV"]),
    .library(name: "DocScanOCR", targets: ["DocScanOCR"]),
    .library(name: "DocScanBarcode", targets: ["DocScanBarcode"]),
    .library(name: "gstdocscan", type: .dynamic, targets: ["DocScanElement"]),
    .executable(name: "docscan-run", targets: ["DocScanRun"]),
  ],
  dependencies: [
    // docscan-run's command line.
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
  ],
  targets: [
    .systemLibrary(
      name: "CGStreamer",
      pkgConfig: "gstreamer-video-1.0",
      providers: [.apt(["libgstreamer1.0-dev", "libgstreamer-plugins-base1.0-dev"])]
    ),
    .systemLibrary(
      name: "CPangoCairo",
      pkgConfig: "pangocairo",
      providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]
    ),
    .target(
      name: "CDocScanShim",
      dependencies: ["CGStreamer", "CPangoCairo"],
      cSettings: shimWarnings
    ),
    .target(
      name: "CDocScanElement",
      dependencies: ["CGStreamer"],
      cSettings: shimWarnings + [
        .define("PACKAGE", to: "\"docscan\""),
        .define("VERSION", to: "\"0.1.0\""),
      ]
    ),
    // OpenCV behind a C interface (Debian ships no opencv4.pc for it): imgproc
    // for detection and warps, imgcodecs for PNG, objdetect for portraits,
    // features2d and calib3d for telling a side shown again.
    .target(
      name: "COpenCVShim",
      cxxSettings: [.unsafeFlags(["-Wall", "-Wextra", "-Werror", "-I/usr/include/opencv4"])],
      linkerSettings: [
        .linkedLibrary("opencv_objdetect"), .linkedLibrary("opencv_imgcodecs"),
        .linkedLibrary("opencv_calib3d"), .linkedLibrary("opencv_features2d"),
        .linkedLibrary("opencv_imgproc"), .linkedLibrary("opencv_core"),
      ]
    ),
    // Tesseract's C API, loaded with dlopen (see its header for why).
    .target(
      name: "CTesseractShim",
      cSettings: shimWarnings,
      linkerSettings: [.linkedLibrary("dl")]
    ),
    // zbar's image scanner (linear codes, QR) behind a C interface.
    .target(
      name: "CZBarShim",
      cSettings: shimWarnings,
      linkerSettings: [.linkedLibrary("zbar")]
    ),
    // zxing-cpp 1.4's readers (PDF417, Data Matrix, Aztec, QR) behind a C interface.
    .target(
      name: "CZXingShim",
      cxxSettings: [.unsafeFlags(["-Wall", "-Wextra", "-Werror"]), .define("ZX_USE_UTF8")],
      linkerSettings: [.linkedLibrary("ZXing")]
    ),
    .target(name: "DocScanCore"),
    // Detection's image operations (DocumentVision) done by OpenCV.
    .target(name: "DocScanOpenCV", dependencies: ["DocScanCore", "COpenCVShim"]),
    // Barcode reading: zbar for linear codes and QR, zxing-cpp for PDF417 and the 2D codes.
    .target(name: "DocScanBarcode", dependencies: ["DocScanCore", "CZBarShim", "CZXingShim"]),
    // MRZ reading: OpenCV blobs and glyph matching, Tesseract, OCR-B templates.
    .target(
      name: "DocScanOCR",
      dependencies: [
        "DocScanCore", "DocScanOpenCV", "COpenCVShim", "CTesseractShim", "CDocScanShim",
      ]
    ),
    .target(
      name: "DocScanElement",
      dependencies: [
        "DocScanCore", "DocScanOpenCV", "DocScanOCR", "DocScanBarcode", "CDocScanShim",
        "CDocScanElement",
      ]
    ),
    // docscan-run's bridge to GStreamer: pipeline, bus, GValues, Ctrl-C.
    .target(
      name: "CDocScanRunShim",
      dependencies: ["CGStreamer"],
      cSettings: shimWarnings
    ),
    // docscan-run's bridge to libmosquitto (MQTT, for --publish).
    .target(
      name: "CMosquittoShim",
      cSettings: shimWarnings,
      linkerSettings: [.linkedLibrary("mosquitto")]
    ),
    // docscan-run: the command-line scanner. It loads the plugin like any
    // GStreamer application and shares no Swift code with it at run time.
    .executableTarget(
      name: "DocScanRun",
      dependencies: [
        "DocScanCore", "CDocScanRunShim", "CMosquittoShim",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // What only tests and fixtures need from C libraries (zxing-cpp's
    // writer, a page projected onto a desk, PNG files, GstStructures read
    // back): never in the plugin.
    .target(
      name: "CDocScanTestShim",
      dependencies: ["CPangoCairo", "CGStreamer"],
      path: "Tests/CDocScanTestShim",
      cSettings: shimWarnings,
      cxxSettings: [.unsafeFlags(["-Wall", "-Wextra", "-Werror", "-I/usr/include/opencv4"])],
      linkerSettings: [
        .linkedLibrary("ZXing"), .linkedLibrary("opencv_imgproc"), .linkedLibrary("opencv_core"),
      ]
    ),
    // Renders document-like fixture frames for the tests and the benchmark.
    .target(
      name: "DocScanTestSupport",
      dependencies: [
        "DocScanCore", "DocScanOCR", "CDocScanShim", "COpenCVShim", "CZXingShim",
        "CDocScanTestShim",
      ],
      path: "Tests/DocScanTestSupport"
    ),
    // libFuzzer's driver, referenced weakly: only a -sanitize=fuzzer build has it.
    .target(
      name: "CDocScanFuzzShim",
      path: "Tests/Fuzz/CDocScanFuzzShim",
      cSettings: shimWarnings
    ),
    // Fuzzes the MRZ parser, MRZ fusion and the AAMVA parser (plugin/fuzz.sh).
    .executableTarget(
      name: "docscan-fuzz",
      dependencies: ["DocScanCore", "CDocScanFuzzShim"],
      path: "Tests/Fuzz/DocScanFuzz"
    ),
    // Renders the frames of the bundled demo clip (pipelines/media/render-demo.sh).
    .executableTarget(
      name: "render-demo-video",
      dependencies: ["DocScanTestSupport"],
      path: "Tests/RenderDemoVideo"
    ),
    // The MRZ stage's cost and time to result (plugin/benchmark.sh).
    .executableTarget(
      name: "mrz-benchmark",
      dependencies: ["DocScanCore", "DocScanOCR", "DocScanTestSupport"],
      path: "Tests/MRZBenchmark"
    ),
    // Why a document's MRZ is or is not returned (plugin/mrz-explain.sh).
    .executableTarget(
      name: "mrz-explain",
      dependencies: ["DocScanCore", "DocScanOCR", "DocScanTestSupport"],
      path: "Tests/MRZExplain"
    ),
    // What detection saw in one frame (plugin/detect-explain.sh).
    .executableTarget(
      name: "detect-explain",
      dependencies: ["DocScanCore", "DocScanOpenCV", "DocScanTestSupport"],
      path: "Tests/DetectExplain"
    ),
    // PDF417 symbols for Tests/SecondLook's licence backs (Python has no encoder).
    .executableTarget(
      name: "render-pdf417",
      dependencies: ["CZXingShim", "CDocScanTestShim"],
      path: "Tests/RenderPDF417"
    ),
    // The blur meter's calibration helper (Tests/Calibration/blur_calibration.py).
    .executableTarget(
      name: "blur-calibration",
      dependencies: ["DocScanCore", "DocScanTestSupport"],
      path: "Tests/BlurCalibration"
    ),
    .testTarget(
      name: "DocScanCoreTests",
      dependencies: [
        "DocScanCore", "DocScanOpenCV", "DocScanOCR", "DocScanBarcode", "DocScanTestSupport",
        // zxing-cpp's writer renders the generated barcodes of BarcodeGeneratedTests.
        "CZXingShim", "CDocScanTestShim",
      ]
    ),
    .testTarget(
      name: "DocScanPluginTests",
      dependencies: [
        "DocScanCore", "DocScanElement", "DocScanTestSupport", "DocScanOCR", "DocScanOpenCV",
        "CDocScanTestShim",
        // RunOptionsTests read docscan-run's command line (@testable import).
        "DocScanRun",
      ]
    ),
  ],
  // The OpenCV shim is C++17.
  cxxLanguageStandard: .cxx17
)
