import Testing

@testable import LayoutEngine

@Suite("FrameStore: an array's value semantics, and frames written into its room")
struct FrameStoreTests {
  func rect(_ i: Int) -> Rect { Rect(x: Double(i), y: Double(2 * i), width: 1, height: 1) }

  @Test("a copy is independent of writes to either side")
  func copyOnWrite() {
    var a = FrameStore()
    for i in 0..<100 { a.append(rect(i)) }
    var b = a
    b[3] = rect(-1)
    a.append(rect(100))
    #expect(a.count == 101 && b.count == 100)
    #expect(a[3] == rect(3) && b[3] == rect(-1))
    var c = a
    c.removeLast(from: 10)
    #expect(c.count == 10 && a.count == 101 && Array(c) == (0..<10).map(rect))
    var d = a
    d.removeAll(keepingCapacity: true)
    #expect(d.isEmpty && a.count == 101)
  }

  @Test("frames written into the room count once counted, and survive growth while pending")
  func writtenFrames() {
    var store = FrameStore()
    store.append(rect(0))
    // Two frames written, not yet counted; then room for many more forces a new buffer.
    let first = store.freeSlots(after: 0, reserving: 2)
    first[0] = rect(1)
    first[1] = rect(2)
    #expect(store.count == 1)
    let more = store.freeSlots(after: 2, reserving: 10_000)
    for k in 0..<10_000 { more[k] = rect(3 + k) }
    store.didAppend(10_002)
    #expect(Array(store) == (0..<10_003).map(rect))
  }

  @Test("writing into the room of a shared store leaves the other copy alone")
  func roomOfASharedStore() {
    var a = FrameStore()
    for i in 0..<4 { a.append(rect(i)) }
    let b = a
    let slots = a.freeSlots(after: 0, reserving: 1)
    slots[0] = rect(4)
    a.didAppend(1)
    #expect(Array(a) == (0..<5).map(rect) && Array(b) == (0..<4).map(rect))
  }

  @Test("equality is by the frames, not the storage")
  func equality() {
    var a = FrameStore()
    var b = FrameStore()
    b.reserveCapacity(1_000)
    for i in 0..<50 {
      a.append(rect(i))
      b.append(rect(i))
    }
    #expect(a == b && a.capacity != b.capacity)
    b[49] = rect(0)
    #expect(a != b)
    #expect(FrameStore() == FrameStore() && FrameStore().capacity == 0)
  }

  @Test("frames counted after a copy was made are this store's alone")
  func countingAfterACopy() {
    var a = FrameStore()
    for i in 0..<4 { a.append(rect(i)) }
    let slots = a.freeSlots(after: 0, reserving: 2)
    slots[0] = rect(4)
    slots[1] = rect(5)
    let b = a  // shares the buffer, written frames and all
    a.didAppend(2)
    #expect(Array(a) == (0..<6).map(rect) && Array(b) == (0..<4).map(rect))
    var c = a
    c.removeAll(keepingCapacity: true)
    #expect(c.isEmpty && c.capacity >= a.count && a.count == 6)
    var d = FrameStore()
    d.reserveCapacity(0)
    #expect(d.capacity == 0)
  }
}
