import LayoutEngine
import Testing

/// The editing menu's three delegate messages, in UIKit's order, with its defaults.
@Suite("Collection view: the editing menu")
struct MenuTests {
  /// Shows the menu for items below `menuBelow`, offers `offered`, remembers what it did.
  final class MenuDelegate: CollectionViewDelegate {
    var menuBelow = 3
    var offered: Set<EditAction> = [.copy]
    var performed: [(EditAction, IndexPath)] = []

    func collectionView(
      _ collectionView: CollectionView, shouldShowMenuForItemAt indexPath: IndexPath
    ) -> Bool { indexPath.item < menuBelow }

    func collectionView(
      _ collectionView: CollectionView, canPerformAction action: EditAction,
      forItemAt indexPath: IndexPath, withSender sender: AnyObject?
    ) -> Bool { offered.contains(action) }

    func collectionView(
      _ collectionView: CollectionView, performAction action: EditAction,
      forItemAt indexPath: IndexPath, withSender sender: AnyObject?
    ) { performed.append((action, indexPath)) }
  }

  static func menuEvents(_ cv: CollectionView) -> [String] {
    cv.events.compactMap { if case .menu(let call) = $0 { call.description } else { nil } }
  }

  @Test("shouldShowMenu, then canPerformAction for cut:, copy:, paste:, then performAction")
  func sequence() {
    let (cv, _) = makeFlow(width: 320, height: 480, counts: [6])
    let delegate = MenuDelegate()
    cv.delegate = delegate
    cv.removeAllEvents()
    let path = IndexPath(item: 1, section: 0)
    #expect(cv.showMenu(forItemAt: path, choosing: .copy) == [.copy])
    #expect(
      Self.menuEvents(cv) == [
        "collectionView(_:shouldShowMenuForItemAt: [0, 1]) → true",
        "collectionView(_:canPerformAction: cut:, forItemAt: [0, 1], withSender:) → false",
        "collectionView(_:canPerformAction: copy:, forItemAt: [0, 1], withSender:) → true",
        "collectionView(_:canPerformAction: paste:, forItemAt: [0, 1], withSender:) → false",
        "collectionView(_:performAction: copy:, forItemAt: [0, 1], withSender:)",
      ])
    #expect(delegate.performed.count == 1)
    #expect(cv.events.last?.callName == "collectionView(_:performAction:forItemAt:withSender:)")
  }

  @Test("no menu: nothing more is asked; an action the menu lacks is never performed")
  func refusals() {
    let (cv, _) = makeFlow(width: 320, height: 480, counts: [6])
    #expect(cv.showMenu(forItemAt: IndexPath(item: 0, section: 0), choosing: .copy).isEmpty)
    #expect(Self.menuEvents(cv) == ["collectionView(_:shouldShowMenuForItemAt: [0, 0]) → false"])
    let delegate = MenuDelegate()
    cv.delegate = delegate
    cv.removeAllEvents()
    #expect(cv.showMenu(forItemAt: IndexPath(item: 4, section: 0)).isEmpty)
    #expect(Self.menuEvents(cv).count == 1)
    #expect(cv.showMenu(forItemAt: IndexPath(item: 0, section: 0), choosing: .paste) == [.copy])
    #expect(delegate.performed.isEmpty)
    cv.removeAllEvents()
    #expect(cv.showMenu(forItemAt: IndexPath(item: 9, section: 0), choosing: .copy).isEmpty)
    #expect(cv.events.isEmpty)
  }
}
