extension LayoutCache {
  /// The display diff's reading half: visits the chunks a pass over `rect` must
  /// (`collectVisits(meeting:)`), putting in `appearBuffer` the displayable elements without
  /// a view and in `endBuffer` the views whose element is no longer displayable (DISP-1),
  /// in display order, and keeps as `shown` the chunks that will hold views. Returns
  /// whether there is anything to show or end.
  mutating func scanVisits(meeting rect: Rect) -> Bool {
    collectVisits(meeting: rect)
    var appearing = appearBuffer
    var ending = endBuffer
    (appearBuffer, endBuffer) = ([], [])
    clearShown()
    for c in visitBuffer where Self.scan(chunks, c, rect, &appearing, &ending) {
      noteShown(c)
    }
    (appearBuffer, endBuffer) = (appearing, ending)
    return !appearing.isEmpty || !ending.isEmpty
  }

  /// Empties a short list without `removeAll(keepingCapacity:)`'s general path: a scroll
  /// frame empties a few of these.
  @inline(__always)
  private func clear<T>(_ list: inout [T]) {
    while !list.isEmpty { list.removeLast() }
  }

  mutating func clearScanBuffers() {
    if !appearBuffer.isEmpty { appearBuffer.removeAll(keepingCapacity: true) }
    if !endBuffer.isEmpty { endBuffer.removeAll(keepingCapacity: true) }
  }

  /// Chunk `c`'s displayable elements without a view and views to end; true when views
  /// remain or come.
  private static func scan(
    _ chunks: [QueryChunk], _ c: Int, _ rect: Rect,
    _ appearing: inout [ElementLocation], _ ending: inout [ElementLocation]
  ) -> Bool {
    var remain = false
    // Read in place: a copy of the chunk, or of each attributes value, would retain their
    // references.
    chunks[c].attributes.withUnsafeBufferPointer { attributes in
      chunks[c].slots.withUnsafeBufferPointer { slots in
        for i in attributes.indices {
          let displayable = CollectionView.isDisplayable(attributes[i], rect)
          if slots[i] == nil {
            if displayable { appearing.append(ElementLocation(chunk: c, index: i)) }
          } else if !displayable {
            ending.append(ElementLocation(chunk: c, index: i))
            continue
          }
          remain = remain || displayable
        }
      }
    }
    return remain
  }

  /// Puts in `visitBuffer` the chunks a pass over `rect` must visit, in display order: those
  /// whose extent meets it, those holding displayed views, and those with oversized
  /// elements. Display order is by rank — where the chunk's answer starts on the
  /// scroll axis — then by age, so that elements show in the order one answer gives and a
  /// layout answering by position would give in one answer across answers.
  mutating func collectVisits(meeting rect: Rect) {
    var buffer = visitBuffer
    visitBuffer = []
    clear(&buffer)
    if coversEverything {
      buffer.append(contentsOf: chunks.indices)
    } else {
      searchHint = appendChunks(meeting: rect, to: &buffer, from: searchHint)
      let found = buffer.count
      // A few chunks, the usual case, are searched faster than they are marked.
      if (shown.count + oversized.count) * found <= 256 {
        for c in shown where !buffer[..<found].contains(c) { buffer.append(c) }
        for c in oversized where !buffer.contains(c) { buffer.append(c) }
        sortByPosition(&buffer)
        visitBuffer = buffer
        return
      }
      // Each chunk is marked as it joins, so that thousands of shown or oversized chunks
      // (tiny items all on screen, huge ones) cost a pass no search of the list.
      visitStamp &+= 1
      let stamp = visitStamp
      for c in buffer { visitMarks[c] = stamp }
      for c in shown where visitMarks[c] != stamp {
        visitMarks[c] = stamp
        buffer.append(c)
      }
      for c in oversized where visitMarks[c] != stamp {
        visitMarks[c] = stamp
        buffer.append(c)
      }
      sortByPosition(&buffer)
    }
    visitBuffer = buffer
  }

  /// The chunks whose extent meets `rect`, in display order.
  func chunks(meeting rect: Rect) -> [Int] {
    var found: [Int] = []
    _ = appendChunks(meeting: rect, to: &found, from: 0)
    return found
  }

  func sortedByPosition(_ ids: [Int]) -> [Int] {
    var sorted = ids
    sortByPosition(&sorted)
    return sorted
  }

  /// Insertion sort for the usual few nearly sorted chunks; a long list (thousands of
  /// chunks on screen) is sorted in O(n log n) — the same order, `precedes` being total.
  private func sortByPosition(_ ids: inout [Int]) {
    if ids.count > 64 {
      ids.sort { precedes($0, $1) }
      return
    }
    var i = 1
    while i < ids.count {
      let x = ids[i]
      var j = i
      while j > 0 && precedes(x, ids[j - 1]) {
        ids[j] = ids[j - 1]
        j -= 1
      }
      ids[j] = x
      i += 1
    }
  }

  private func precedes(_ a: Int, _ b: Int) -> Bool {
    let (ra, rb) = (ranks[a], ranks[b])
    return ra < rb || (ra == rb && a < b)
  }

  private func positionKey(_ c: Int) -> Double { ranks[c] }

  /// The first chunk whose running end reaches `rect` — looked for next to `hint` first,
  /// then by binary search — and a walk while chunks start before its end. Returns that
  /// first position.
  private func appendChunks(meeting rect: Rect, to found: inout [Int], from hint: Int) -> Int {
    guard !rect.isNull else { return hint }
    let (low, high) = (start(rect), end(rect))
    var a = firstReaching(low, near: hint)
    let first = a
    while a < order.count {
      let c = order[a]
      let extent = extents[c]
      if start(extent) > high { break }
      if extent.intersects(rect) { found.append(c) }
      a += 1
    }
    return first
  }

  /// The first position in `order` whose running end reaches `low`.
  private func firstReaching(_ low: Double, near hint: Int) -> Int {
    let n = reach.count
    if hint < n && reach[hint] >= low && (hint == 0 || reach[hint - 1] < low) { return hint }
    if hint + 1 < n && reach[hint + 1] >= low && reach[hint] < low { return hint + 1 }
    var a = 0
    var b = n
    while a < b {
      let m = (a + b) / 2
      if reach[m] < low { a = m + 1 } else { b = m }
    }
    return a
  }

  // MARK: Extents

  @inline(__always)
  func start(_ r: Rect) -> Double { vertical ? r.minY : r.minX }

  @inline(__always)
  func end(_ r: Rect) -> Double { vertical ? r.maxY : r.maxX }

  /// Longer on the scroll axis than the rect its chunk was asked for, or not finite.
  func isOversized(_ frame: Rect, in rect: Rect) -> Bool {
    guard frame.minX.isFinite, frame.minY.isFinite, frame.maxX.isFinite, frame.maxY.isFinite
    else { return true }
    return end(frame) - start(frame) > end(rect) - start(rect)
  }

  /// Grows chunk `c`'s extent to hold `frame`, or marks the chunk oversized.
  mutating func include(_ frame: Rect, inChunk c: Int) {
    if isOversized(frame, in: chunks[c].rect) {
      if !oversized.contains(c) { oversized.append(c) }
      return
    }
    setExtent(of: c, to: extents[c].union(frame))
  }

  /// Sets a chunk's extent (it only grows) and keeps `order` and `reach` right: a new
  /// extent is inserted; one whose start moved is moved, the entries it passed recomputed;
  /// then the running ends after it rise to its end, stopping where they already reach it.
  mutating func setExtent(of c: Int, to new: Rect) {
    let old = extents[c]
    guard !new.isNull, old != new else { return }
    let newEnd = end(new)
    if old.isNull {
      extents[c] = new
      let p = position(of: c, start: start(new))
      order.insert(c, at: p)
      reach.insert(Swift.max(p > 0 ? reach[p - 1] : -.infinity, newEnd), at: p)
      raiseReach(from: p + 1, to: newEnd)
      return
    }
    let p = position(of: c, start: start(old))
    extents[c] = new
    if start(new) == start(old) {
      raiseReach(from: p, to: newEnd)
      return
    }
    order.remove(at: p)
    reach.remove(at: p)
    let q = position(of: c, start: start(new))
    order.insert(c, at: q)
    reach.insert(newEnd, at: q)
    for k in q...p {
      reach[k] = Swift.max(k > 0 ? reach[k - 1] : -.infinity, end(extents[order[k]]))
    }
    raiseReach(from: p + 1, to: newEnd)
  }

  /// Where chunk `c` with extent start `s` is (or goes) in `order`.
  private func position(of c: Int, start s: Double) -> Int {
    var a = 0
    var b = order.count
    while a < b {
      let m = (a + b) / 2
      let other = order[m]
      let t = start(extents[other])
      if t < s || (t == s && other < c) { a = m + 1 } else { b = m }
    }
    return a
  }

  private mutating func raiseReach(from p: Int, to newEnd: Double) {
    var k = p
    while k < reach.count && reach[k] < newEnd {
      reach[k] = newEnd
      k += 1
    }
  }
}
