extension Array {
  /// The first index whose element satisfies `belongs`, for an array where those come last.
  func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
    var lo = 0
    var hi = count
    while lo < hi {
      let mid = (lo + hi) / 2
      if belongs(self[mid]) { hi = mid } else { lo = mid + 1 }
    }
    return lo
  }
}
