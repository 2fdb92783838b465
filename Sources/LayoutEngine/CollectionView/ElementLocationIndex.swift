/// Element key → where the layout cache keeps it. Cells — nearly every key — live in an
/// open-addressing table keyed by their index path packed in 64 bits (multiplicative hash,
/// linear probing, 16 bytes a slot), which a scroll frame of a million-item view can afford
/// to fill as answers arrive; supplementary and decoration keys (and index paths outside
/// the packable range) use a dictionary.
struct ElementLocationIndex {
  private struct Slot {
    var key: UInt64
    var value: UInt64
  }

  private static let empty = UInt64.max
  private var slots: [Slot] = []
  private var shift: UInt64 = 64
  private var cellCount = 0
  private var others: [ElementKey: ElementLocation] = [:]

  subscript(key: ElementKey) -> ElementLocation? {
    get {
      guard let packed = Self.pack(key) else { return others[key] }
      guard !slots.isEmpty else { return nil }
      var i = home(packed)
      while slots[i].key != Self.empty {
        if slots[i].key == packed { return Self.unpack(slots[i].value) }
        i = (i + 1) & (slots.count - 1)
      }
      return nil
    }
    set {
      guard let packed = Self.pack(key) else {
        others[key] = newValue
        return
      }
      if let newValue { insert(packed, Self.pack(newValue)) } else { remove(packed) }
    }
  }

  /// Forgets every key; a small table keeps its storage.
  mutating func removeAll() {
    others.removeAll(keepingCapacity: true)
    guard cellCount > 0 else { return }
    if slots.count <= 1024 {
      for i in slots.indices { slots[i].key = Self.empty }
    } else {
      slots = []
      shift = 64
    }
    cellCount = 0
  }

  /// Cells with a section and item in 0..<2³¹; others are not packed.
  private static func pack(_ key: ElementKey) -> UInt64? {
    guard key.category == .cell, key.indexPath.section >= 0, key.indexPath.item >= 0,
      key.indexPath.section < 1 << 31, key.indexPath.item < 1 << 31
    else { return nil }
    return UInt64(key.indexPath.section) << 32 | UInt64(key.indexPath.item)
  }

  private static func pack(_ location: ElementLocation) -> UInt64 {
    UInt64(truncatingIfNeeded: location.chunk) << 32
      | UInt64(UInt32(truncatingIfNeeded: location.index))
  }

  private static func unpack(_ value: UInt64) -> ElementLocation {
    ElementLocation(chunk: Int(value >> 32), index: Int(value & 0xFFFF_FFFF))
  }

  @inline(__always)
  private func home(_ packed: UInt64) -> Int {
    Int(truncatingIfNeeded: (packed &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  private mutating func insert(_ packed: UInt64, _ value: UInt64) {
    if (cellCount + 1) * 2 > slots.count { grow() }
    var i = home(packed)
    while slots[i].key != Self.empty {
      if slots[i].key == packed {
        slots[i].value = value
        return
      }
      i = (i + 1) & (slots.count - 1)
    }
    slots[i] = Slot(key: packed, value: value)
    cellCount += 1
  }

  /// Backward-shift deletion: later entries of the probe run move into the gap.
  private mutating func remove(_ packed: UInt64) {
    guard !slots.isEmpty else { return }
    let mask = slots.count - 1
    var i = home(packed)
    while slots[i].key != packed {
      if slots[i].key == Self.empty { return }
      i = (i + 1) & mask
    }
    var gap = i
    var j = (i + 1) & mask
    while slots[j].key != Self.empty {
      let h = home(slots[j].key)
      // The entry at j may fill the gap when its home is not cyclically in (gap, j].
      if (j > gap && (h <= gap || h > j)) || (j < gap && h <= gap && h > j) {
        slots[gap] = slots[j]
        gap = j
      }
      j = (j + 1) & mask
    }
    slots[gap] = Slot(key: Self.empty, value: 0)
    cellCount -= 1
  }

  private mutating func grow() {
    let old = slots
    let capacity = Swift.max(64, old.count * 2)
    slots = [Slot](repeating: Slot(key: Self.empty, value: 0), count: capacity)
    shift = UInt64(64 - capacity.trailingZeroBitCount)
    cellCount = 0
    for slot in old where slot.key != Self.empty { insert(slot.key, slot.value) }
  }
}
