/// Finds the MRZ in an image from its dark blobs (characters): rows of 30,
/// 36 or 44 characters at a regular pitch (even, or changing smoothly along
/// a line seen in perspective), stacked two or three high at the bottom of
/// the document.
///
/// The regular pitch is what sets an MRZ apart from other printed text, and
/// it also cuts the line into character cells for the glyph matcher, so no
/// OCR engine has to guess where characters start.
public struct MRZLineFinder: Sendable {
  /// Blobs shorter than this many pixels are specks, not characters.
  public var minimumCharacterHeight = 5
  /// Share of a line's cells that must hold a blob.
  public var minimumOccupancy = 0.85
  /// Rows of fewer blobs are not considered.
  public var minimumBlobs = 20

  public init() {}

  /// The MRZ's rows from top to bottom (2 or 3 of them), or none.
  public func rows(blobs: [PixelRect], imageHeight: Int) -> [MRZRowGeometry] {
    let characters = characterBlobs(blobs, imageHeight: imageHeight)
    let lines = chains(characters)
    let found = stack(lines, completing: false)
    guard found.isEmpty else { return found }
    // Only when no MRZ stacks: lines carried on along their grid over a gap,
    // and a line rebuilt from its fragment (a stamp across the MRZ swallows
    // characters and breaks the chains).
    return stack(lines.map { extending($0, with: characters) }, completing: true)
  }

  /// The rows the lines fit (`fit`) stacked into an MRZ (`stack`), with the
  /// lines serving to complete it when `completing` (a line that fits a row
  /// of another length may be part of an MRZ line).
  private func stack(_ lines: [[PixelRect]], completing: Bool) -> [MRZRowGeometry] {
    let rows = lines.compactMap(fit).sorted { $0.top < $1.top }
    return stack(rows, fragments: completing ? lines : [])
  }

  /// Largest gap (in cells) a line is carried over by `extending`.
  static let longestGap = 8

  /// `line` with the characters that continue it beyond a gap: blobs of its
  /// height, on its baseline and on its grid of cells, up to `longestGap`
  /// cells from the line's ends or from each other.
  private func extending(_ line: [PixelRect], with characters: [PixelRect]) -> [PixelRect] {
    let steps = zip(line.dropFirst(), line).map { $0.centerX - $1.centerX }.sorted()
    let pitch = steps[steps.count / 2]
    let height = Double(line.map(\.height).sorted()[line.count / 2])
    guard pitch > 0, let base = LeastSquares.fit(x: line.map(\.centerX), y: line.map(\.centerY))
    else { return line }
    let origin = line[0].centerX
    let members = Set(line)
    let onLine = characters.filter { blob in
      let cell = (blob.centerX - origin) / pitch
      return !members.contains(blob)
        && abs(blob.centerY - (base.intercept + base.slope * blob.centerX)) <= 0.35 * height
        && Double(blob.height) >= 0.4 * height && Double(blob.height) <= 2.5 * height
        && abs(cell - cell.rounded()) < 0.25
    }
    var extended = line
    var added = true
    while added {
      added = false
      let left = extended.map(\.centerX).min()!
      let right = extended.map(\.centerX).max()!
      for blob in onLine where !extended.contains(blob) {
        let reach = Double(Self.longestGap + 1) * pitch
        if blob.centerX < left - 0.5 * pitch && left - blob.centerX <= reach
          || blob.centerX > right + 0.5 * pitch && blob.centerX - right <= reach
        {
          extended.append(blob)
          added = true
        }
      }
    }
    return extended.sorted { $0.centerX < $1.centerX }
  }

  /// The text lines among `blobs`: chains of at least `minimumBlobs`
  /// blobs of a character's shape, left to right.
  func textLines(blobs: [PixelRect], imageHeight: Int) -> [[PixelRect]] {
    chains(characterBlobs(blobs, imageHeight: imageHeight))
  }

  /// The blobs that may be characters (not specks, not a sixth of the image
  /// tall, not wider than two heights), left to right.
  private func characterBlobs(_ blobs: [PixelRect], imageHeight: Int) -> [PixelRect] {
    blobs.filter {
      $0.height >= minimumCharacterHeight
        && $0.height <= max(minimumCharacterHeight, imageHeight / 6)
        && $0.width <= 2 * $0.height
    }.sorted { $0.centerX < $1.centerX }
  }

  /// Blobs linked left to right into text lines: each to its nearest
  /// right-hand neighbour at the same height, close enough to be the next
  /// character.
  private func chains(_ blobs: [PixelRect]) -> [[PixelRect]] {
    var used = [Bool](repeating: false, count: blobs.count)
    var result: [[PixelRect]] = []
    for start in blobs.indices where !used[start] {
      var chain = [start]
      var current = start
      while let next = neighbour(of: current, in: blobs, used: used) {
        chain.append(next)
        used[next] = true
        current = next
      }
      guard chain.count >= minimumBlobs else { continue }
      chain.forEach { used[$0] = true }
      result.append(chain.map { blobs[$0] })
    }
    return result
  }

  private func neighbour(of index: Int, in blobs: [PixelRect], used: [Bool]) -> Int? {
    let blob = blobs[index]
    var best: (index: Int, gap: Int)?
    for other in (index + 1)..<blobs.count where !used[other] {
      let candidate = blobs[other]
      let tallest = Double(max(blob.height, candidate.height))
      if candidate.centerX - blob.centerX > 3 * tallest { break }
      let gap = candidate.x - (blob.x + blob.width)
      let ratio = Double(candidate.height) / Double(blob.height)
      guard candidate.centerX > blob.centerX, Double(gap) <= 1.5 * tallest,
        abs(candidate.centerY - blob.centerY) <= 0.35 * tallest, ratio >= 0.4, ratio <= 2.5
      else { continue }
      if best == nil || gap < best!.gap { best = (other, gap) }
    }
    return best?.index
  }

  /// A text line as a row of cells, when it holds an MRZ line's count.
  private func fit(_ line: [PixelRect]) -> MRZRowGeometry? {
    let steps = zip(line.dropFirst(), line).map { $0.centerX - $1.centerX }.sorted()
    let roughPitch = steps[steps.count / 2]
    guard roughPitch > 0 else { return nil }
    let chain = Self.separatingTouchingCharacters(line, pitch: roughPitch)
    // Cell numbers from neighbour to neighbour, so an imprecise pitch does
    // not add up along the line.
    var cells = [0]
    for step in zip(chain.dropFirst(), chain).map({ $0.centerX - $1.centerX }) {
      cells.append(cells.last! + max(1, Int((step / roughPitch).rounded())))
    }
    // Specks beside a line (print, dust) are linked into its chain too, and
    // would pull the window a cell off: only blobs of at least 0.6 of the
    // line's usual height place it (OCR-B's `<` is 0.7 of a capital).
    let typicalHeight = Double(chain.map(\.height).sorted()[chain.count / 2])
    let placing = chain.indices.filter { Double(chain[$0].height) >= 0.6 * typicalHeight }
    guard let window = bestWindow(cells: placing.map { cells[$0] }) else { return nil }
    let members = placing.filter { window.range.contains(cells[$0] - window.start) }
    let indices = members.map { Double(cells[$0] - window.start) }
    let xs = members.map { chain[$0].centerX }
    let ys = members.map { chain[$0].centerY }
    guard let line = LeastSquares.fit(x: indices, y: xs), line.slope > 0,
      let drift = LeastSquares.fit(x: xs, y: ys)
    else { return nil }
    // Cell centres as a quadratic in the cell number: a page seen in
    // perspective changes the pitch along the line (`MRZRowGeometry`).
    let (firstCenterX, pitch, curvature) = perspectiveFit(
      cells: indices, xs: xs, linear: line, cellCount: window.range.count)
    var row = MRZRowGeometry(
      cellCount: window.range.count, firstCenterX: firstCenterX, pitch: pitch,
      slope: drift.slope, top: 0, bottom: 0, curvature: curvature)
    // Capital letters are the row's tallest blobs; `<` and specks are shorter.
    let heights = members.map { chain[$0].height }.sorted()
    let tall = heights[heights.count * 9 / 10]
    let capitals = members.filter { Double(chain[$0].height) >= 0.85 * Double(tall) }
    // Each capital's top and bottom brought back to the first cell: along
    // the drift, and scaled by the perspective's change of size.
    let ends = capitals.map { index -> (top: Double, bottom: Double) in
      let blob = chain[index]
      let cell = Double(cells[index] - window.start)
      let scale = row.sizeScale(atCell: cell)
      let middle = blob.centerY - drift.slope * (blob.centerX - firstCenterX)
      return (
        middle - (blob.centerY - Double(blob.y)) / scale,
        middle + (Double(blob.y + blob.height) - blob.centerY) / scale
      )
    }
    row.top = ends.map(\.top).median
    row.bottom = ends.map(\.bottom).median
    return row
  }

  /// Width, in pitches, from which a blob is taken for characters that touch.
  /// One OCR-B character is at most about 0.8 of a pitch wide, and
  /// `characterBlobs` drops blobs wider than two capital heights (about 1.8
  /// pitches), so what lies between is two characters run together.
  static let touchingWidth = 1.5

  /// `chain` with each blob of two characters run together (small or soft
  /// print, ink spread by JPEG) split into one blob per cell it covers.
  /// Counted as one, its centre lies half a cell off any character's: the
  /// step to it rounds up a whole cell, every later character is numbered a
  /// cell too far, and the row's window drops a real character at the
  /// other end (a 7 px passport row on a small scan lost its first letter
  /// that way, its pitch fitted 2 % short, and its document number was read
  /// a cell off with the check digit passing by chance).
  static func separatingTouchingCharacters(_ chain: [PixelRect], pitch: Double) -> [PixelRect] {
    chain.flatMap { blob -> [PixelRect] in
      let width = Double(blob.width)
      guard width >= touchingWidth * pitch else { return [blob] }
      let count = max(2, Int((width / pitch).rounded()))
      return (0..<count).map { part in
        let left = blob.x + Int((Double(part) * width / Double(count)).rounded())
        let right = blob.x + Int((Double(part + 1) * width / Double(count)).rounded())
        return PixelRect(x: left, y: blob.y, width: right - left, height: blob.height)
      }
    }
  }

  /// Smallest change of pitch from one end of a line to the other taken for
  /// perspective (a share of the pitch). Below it an even spacing is within
  /// 0.15 cells of the quadratic, and the quadratic fits the unevenness of
  /// the print (flat scans measure up to 1.5 %) rather than a view.
  static let minimumPitchChange = 0.05
  /// Largest change of pitch from one end of a line to the other that is
  /// taken for perspective (a share of the pitch); beyond it the fit is
  /// noise or a wrong chain, and the line is taken as evenly spaced.
  static let maximumPitchChange = 0.4

  /// First centre, pitch at the first cell and curvature of cell centres
  /// `xs` at cell numbers `cells`: a quadratic by least squares when at
  /// least half the line's cells are placed and the pitch changes within
  /// `minimumPitchChange...maximumPitchChange`, else the straight fit
  /// `linear`.
  private func perspectiveFit(
    cells: [Double], xs: [Double], linear: (slope: Double, intercept: Double), cellCount: Int
  ) -> (Double, Double, Double) {
    let straight = (linear.intercept, linear.slope, 0.0)
    guard cells.count >= cellCount / 2,
      let quadratic = LeastSquares.fitQuadratic(x: cells, y: xs), quadratic.linear > 0
    else { return straight }
    let change = 2 * quadratic.square * Double(cellCount - 1) / quadratic.linear
    guard abs(change) >= Self.minimumPitchChange, abs(change) <= Self.maximumPitchChange else {
      return straight
    }
    return (quadratic.constant, quadratic.linear, quadratic.square)
  }

  /// The MRZ line length whose window of cells holds the most blobs; of
  /// windows holding as many, one whose first and last cells both hold one
  /// (an MRZ line is printed from its first cell to its last).
  private func bestWindow(cells: [Int]) -> (start: Int, range: Range<Int>)? {
    guard let first = cells.first, let last = cells.last else { return nil }
    let span = last - first + 1
    let occupiedCells = Set(cells)
    var best: (start: Int, range: Range<Int>, occupied: Int, ends: Int)?
    for length in [30, 36, 44] where span >= length - 2 {
      for start in (first + min(0, span - length))...(first + max(0, span - length)) {
        let occupied = occupiedCells.filter { (start..<(start + length)).contains($0) }.count
        guard Double(occupied) >= minimumOccupancy * Double(length) else { continue }
        let ends = [start, start + length - 1].filter(occupiedCells.contains).count
        if best == nil || (occupied, ends) > (best!.occupied, best!.ends) {
          best = (start, 0..<length, occupied, ends)
        }
      }
    }
    return best.map { ($0.start, $0.range) }
  }

  /// The lowest stack of rows that forms an MRZ: same length and pitch,
  /// left-aligned, one above the other. A row missing above the stack may
  /// be completed from a fragment of a line (`completing`).
  private func stack(_ rows: [MRZRowGeometry], fragments: [[PixelRect]]) -> [MRZRowGeometry] {
    for last in rows.indices.reversed() {
      let bottom = rows[last]
      let needed = bottom.cellCount == 30 ? 3 : 2
      var group = [bottom]
      for index in stride(from: last - 1, through: 0, by: -1) where group.count < needed {
        let row = rows[index]
        // Pitches compared at the middle, their mean over the line: one row
        // may be fitted in perspective and its neighbour as even.
        let middle = Double(bottom.cellCount - 1) / 2
        let pitch = bottom.pitch(atCell: middle)
        guard row.cellCount == bottom.cellCount,
          abs(row.firstCenterX - bottom.firstCenterX) < 2 * pitch,
          abs(row.pitch(atCell: middle) / pitch - 1) < 0.1,
          Self.isLineAbove(row.top, group[0]), group[0].top - row.top < 3.5 * pitch
        else { continue }
        group.insert(row, at: 0)
      }
      while group.count < needed, let row = completing(above: group[0], from: fragments) {
        group.insert(row, at: 0)
      }
      if group.count == needed && Self.isEvenlySpaced(group) {
        return Self.leftAligned(Self.sharingOneGrid(group))
      }
    }
    return []
  }

  /// Largest difference between the two gaps of a three-line stack, as a
  /// share of the larger.
  public static let gapTolerance = 0.3

  /// Whether a stack's lines are printed at one spacing, as an MRZ's are:
  /// a row of background print under the last line (a guilloche's waves at
  /// the characters' pitch) stacks with the lines above it, the last line
  /// lying too close above it to count, but leaves a gap far wider than
  /// the others. Rows are compared at their middles.
  public static func isEvenlySpaced(_ rows: [MRZRowGeometry]) -> Bool {
    guard rows.count == 3 else { return true }
    let middles = rows.map { ($0.top + $0.bottom) / 2 }
    let gaps = [middles[1] - middles[0], middles[2] - middles[1]]
    guard let wider = gaps.max(), let narrower = gaps.min(), wider > 0 else { return false }
    return (wider - narrower) / wider <= gapTolerance
  }

  /// Largest distance (in cells) between two rows' cells, measured from
  /// their first, at which they are taken to lie on one grid.
  static let sameGridTolerance = 0.25
  /// Smallest such distance at which a row is taken to lie on a grid of
  /// its own.
  static let ownGridDistance = 0.5

  /// `rows` with a row whose cells run apart from the others' put on their
  /// grid: an MRZ's lines are printed at one pitch, left-aligned, in one
  /// plane (a view in perspective changes every row's pitch alike). A line
  /// fitted from a chain with a stray blob at one end (a card's edge) or a
  /// run of characters missing can take a pitch of its own, or a change
  /// of pitch no other row shows: one of three TD1 rows read upside down
  /// ran 0.7 cells off the others' grid in its middle, and its first
  /// character was lost. Acts only in a three-line MRZ where two rows agree
  /// (`sameGridTolerance`) and the third lies off both
  /// (`ownGridDistance`); the third takes the nearer one's cells, moved
  /// across the line's direction to its own height.
  public static func sharingOneGrid(_ rows: [MRZRowGeometry]) -> [MRZRowGeometry] {
    guard rows.count == 3, Set(rows.map(\.cellCount)).count == 1 else { return rows }
    for odd in rows.indices {
      let others = rows.indices.filter { $0 != odd }
      let (a, b) = (rows[others[0]], rows[others[1]])
      guard gridDistance(a, b) <= sameGridTolerance,
        gridDistance(rows[odd], a) >= ownGridDistance,
        gridDistance(rows[odd], b) >= ownGridDistance
      else { continue }
      let row = rows[odd]
      let nearest = abs(a.top - row.top) <= abs(b.top - row.top) ? a : b
      // The nearest row's first cell seen at this row's height, across the
      // line's direction (a slanted MRZ starts its lower lines further left).
      let dy = row.middleY(atCell: 0) - nearest.middleY(atCell: 0)
      let firstX = nearest.firstCenterX - nearest.slope * dy
      let middle = row.middleY(atCell: row.cellPosition(atX: firstX))
      var placed = nearest
      placed.firstCenterX = firstX
      placed.top = middle - nearest.capHeight / 2
      placed.bottom = middle + nearest.capHeight / 2
      var result = rows
      result[odd] = placed
      return result
    }
    return rows
  }

  /// How far apart (in cells of `a`) the cells of two rows of one length
  /// run, each measured from its own first cell: 0 for one grid.
  static func gridDistance(_ a: MRZRowGeometry, _ b: MRZRowGeometry) -> Double {
    let last = Double(a.cellCount - 1)
    return stride(from: 0.0, through: last, by: max(1, last / 8)).map { cell in
      abs((a.centerX(ofCell: cell) - a.firstCenterX) - (b.centerX(ofCell: cell) - b.firstCenterX))
        / a.pitch(atCell: cell)
    }.max() ?? 0
  }

  /// Largest distance (in cells) from a whole number of cells at which rows
  /// are taken to be set a whole number of cells apart.
  static let alignmentTolerance = 0.35

  /// `rows` with a row that starts whole cells away from the others moved to
  /// their start: an MRZ's lines are left-aligned, but a mark beside one
  /// line's first or last character (the card's edge, a photo's corner) can
  /// set its window of cells one or two off. Acts only where a majority of
  /// the rows agree (in a three-line MRZ); two rows that disagree are left
  /// to the reader's registration.
  public static func leftAligned(_ rows: [MRZRowGeometry]) -> [MRZRowGeometry] {
    guard rows.count >= 3 else { return rows }
    let reference = rows[0]
    let referenceY = reference.middleY(atCell: 0)
    // Where each row sees the first row's first cell, measured across the
    // line's direction (a slanted MRZ shifts its lower lines' starts).
    let starts = rows.map { row in
      row.cellPosition(
        atX: reference.firstCenterX - row.slope * (row.middleY(atCell: 0) - referenceY))
    }
    guard starts.allSatisfy({ abs($0 - $0.rounded()) <= alignmentTolerance }) else { return rows }
    let offsets = starts.map { Int($0.rounded()) }
    let counts = Dictionary(grouping: offsets, by: { $0 }).mapValues(\.count)
    guard let majority = counts.first(where: { $0.value * 2 > rows.count })?.key else {
      return rows
    }
    return zip(rows, offsets).map { row, offset in
      offset == majority ? row : row.cells(from: offset - majority, count: row.cellCount)
    }
  }

  /// Whether a line whose capitals' top is at `top` lies above `row` rather
  /// than on it: a capital height higher at least (MRZ lines are printed
  /// about two capital heights apart). Two chains of one line, or a
  /// fragment of it, would otherwise stack as two rows.
  public static func isLineAbove(_ top: Double, _ row: MRZRowGeometry) -> Bool {
    row.top - top >= row.capHeight
  }

  /// Share of a fragment's blobs that must sit on the row's grid.
  static let fragmentOnGrid = 0.8
  /// A fragment must cover at least this share of the row's cells.
  static let fragmentCoverage = 0.5

  /// The MRZ line right above `row` rebuilt from a fragment of it: a stamp
  /// or a photo's edge across that line breaks its chain, but what is left
  /// sits on the same grid (the MRZ's lines share pitch and left edge), so
  /// the row takes `row`'s cells and the fragment's height. nil when no
  /// fragment lies on the grid within the stacking distance.
  private func completing(above row: MRZRowGeometry, from fragments: [[PixelRect]])
    -> MRZRowGeometry?
  {
    for fragment in fragments {
      let placed = fragment.map { ($0, row.cellPosition(atX: $0.centerX)) }.filter {
        abs($1 - $1.rounded()) < 0.25 && (0..<row.cellCount).contains(Int($1.rounded()))
      }
      let onGrid = placed.map(\.0)
      let covered = Set(placed.map { Int($1.rounded()) })
      guard Double(onGrid.count) >= Self.fragmentOnGrid * Double(fragment.count),
        Double(covered.count) >= Self.fragmentCoverage * Double(row.cellCount)
      else { continue }
      let heights = onGrid.map(\.height).sorted()
      let tall = Double(heights[heights.count * 9 / 10])
      let capitals = onGrid.filter { Double($0.height) >= 0.85 * tall }
      func atFirstCell(_ y: Int, _ blob: PixelRect) -> Double {
        Double(y) - row.slope * (blob.centerX - row.firstCenterX)
      }
      let top = capitals.map { atFirstCell($0.y, $0) }.median
      let bottom = capitals.map { atFirstCell($0.y + $0.height, $0) }.median
      guard Self.isLineAbove(top, row), row.top - top < 3.5 * row.pitch,
        abs((bottom - top) / row.capHeight - 1) < 0.3
      else { continue }
      var completed = row
      completed.top = top
      completed.bottom = bottom
      return completed
    }
    return nil
  }
}

extension PixelRect {
  fileprivate var centerX: Double { Double(x) + Double(width) / 2 }
  fileprivate var centerY: Double { Double(y) + Double(height) / 2 }
}

extension Array where Element == Double {
  fileprivate var median: Double { isEmpty ? 0 : sorted()[count / 2] }
}

/// A straight line through points, by least squares.
enum LeastSquares {
  /// `y = constant + linear * x + square * x * x`, by least squares.
  static func fitQuadratic(x: [Double], y: [Double]) -> (
    constant: Double, linear: Double, square: Double
  )? {
    guard x.count >= 3 else { return nil }
    // Normal equations, solved by Cramer's rule (3x3).
    var s = [Double](repeating: 0, count: 5)
    var t = [Double](repeating: 0, count: 3)
    for (xi, yi) in zip(x, y) {
      var power = 1.0
      for k in 0..<5 {
        s[k] += power
        if k < 3 { t[k] += power * yi }
        power *= xi
      }
    }
    func determinant(_ m: [[Double]]) -> Double {
      m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
        - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    }
    let matrix = [[s[0], s[1], s[2]], [s[1], s[2], s[3]], [s[2], s[3], s[4]]]
    let whole = determinant(matrix)
    guard abs(whole) > 1e-9 else { return nil }
    let solved = (0..<3).map { column in
      determinant(
        matrix.enumerated().map { row, values in
          values.enumerated().map { $0.offset == column ? t[row] : $0.element }
        }) / whole
    }
    return (solved[0], solved[1], solved[2])
  }

  static func fit(x: [Double], y: [Double]) -> (slope: Double, intercept: Double)? {
    let n = Double(x.count)
    guard x.count >= 2 else { return nil }
    let sx = x.reduce(0, +)
    let sy = y.reduce(0, +)
    let sxx = x.reduce(0) { $0 + $1 * $1 }
    let sxy = zip(x, y).reduce(0) { $0 + $1.0 * $1.1 }
    let denominator = n * sxx - sx * sx
    guard denominator != 0 else { return nil }
    let slope = (n * sxy - sx * sy) / denominator
    return (slope, (sy - slope * sx) / n)
  }
}
