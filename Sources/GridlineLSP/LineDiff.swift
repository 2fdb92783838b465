/// The lines that differ between two texts, as hunks of the old text to replace (Myers'
/// O((N+M)·D) algorithm over lines): formatting answers with the lines it changed, so an
/// editor keeps its cursor, marks and folds everywhere else.
enum LineDiff {
  struct Hunk: Equatable {
    /// The old lines `oldStart..<oldEnd` become `new`.
    var oldStart: Int
    var oldEnd: Int
    var new: [Substring]
  }

  /// Above this many differences the whole changed middle is one hunk: the search's
  /// memory grows with the square of D.
  static let maximumDifferences = 500

  static func hunks(from old: [Substring], to new: [Substring]) -> [Hunk] {
    // The common head and tail cost nothing to skip and are most of a formatted text.
    var head = 0
    while head < old.count && head < new.count && old[head] == new[head] { head += 1 }
    var tail = 0
    while tail < old.count - head && tail < new.count - head
      && old[old.count - 1 - tail] == new[new.count - 1 - tail]
    {
      tail += 1
    }
    let a = old[head..<(old.count - tail)]
    let b = new[head..<(new.count - tail)]
    if a.isEmpty && b.isEmpty { return [] }
    guard let script = editScript(Array(a), Array(b)) else {
      return [Hunk(oldStart: head, oldEnd: old.count - tail, new: Array(b))]
    }
    // Runs of non-matching lines between matches become hunks.
    var hunks: [Hunk] = []
    var i = 0
    var j = 0
    for (x, y) in script + [(a.count, b.count)] {
      if x > i || y > j {
        hunks.append(
          Hunk(
            oldStart: head + i, oldEnd: head + x,
            new: Array(b[(b.startIndex + j)..<(b.startIndex + y)])))
      }
      i = x + 1
      j = y + 1
    }
    return hunks
  }

  /// The matched pairs (old index, new index) of a shortest edit script, in order; nil
  /// when it needs more than `maximumDifferences` edits.
  static func editScript(_ a: [Substring], _ b: [Substring]) -> [(Int, Int)]? {
    let n = a.count
    let m = b.count
    let maximum = min(n + m, maximumDifferences)
    let offset = maximum + 1
    var v = [Int](repeating: 0, count: 2 * maximum + 3)
    var trace: [[Int]] = []
    for d in 0...maximum {
      trace.append(v)
      for k in stride(from: -d, through: d, by: 2) {
        var x =
          (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]))
          ? v[offset + k + 1] : v[offset + k - 1] + 1
        var y = x - k
        while x < n && y < m && a[x] == b[y] {
          x += 1
          y += 1
        }
        v[offset + k] = x
        if x >= n && y >= m { return backtrack(trace, d, n, m, offset, a, b) }
      }
    }
    return nil
  }

  static func backtrack(
    _ trace: [[Int]], _ depth: Int, _ n: Int, _ m: Int, _ offset: Int,
    _ a: [Substring], _ b: [Substring]
  ) -> [(Int, Int)] {
    var pairs: [(Int, Int)] = []
    var x = n
    var y = m
    for d in stride(from: depth, through: 0, by: -1) {
      let v = trace[d]
      let k = x - y
      let previousK: Int
      if d == 0 {
        previousK = k
      } else {
        previousK =
          (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? k + 1 : k - 1
      }
      let previousX = d == 0 ? 0 : v[offset + previousK]
      let previousY = previousX - previousK
      while x > previousX && y > previousY && x > 0 && y > 0 && a[x - 1] == b[y - 1] {
        pairs.append((x - 1, y - 1))
        x -= 1
        y -= 1
      }
      if d > 0 {
        x = previousX
        y = previousY
      }
    }
    return pairs.reversed()
  }
}
