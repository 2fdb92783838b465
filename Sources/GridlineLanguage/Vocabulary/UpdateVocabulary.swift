/// What follows `insert`, `delete` and `reload` (grammar.md, Data updates): the update
/// calls of BATCH-1. `reload` alone is `reloadData()`.
public enum UpdateTargetKeyword: String, Keyword {
  case items
  case sections

  public var syntax: String {
    switch self {
    case .items: "insert | delete | reload items INDEXPATH, …"
    case .sections: "insert | delete | reload sections N, … (insert: [items N])"
    }
  }

  public var summary: String {
    switch self {
    case .items: "insertItems(at:), deleteItems(at:), reloadItems(at:) (BATCH-1, BATCH-2)."
    case .sections: "insertSections(_:), deleteSections(_:), reloadSections(_:) (BATCH-1)."
    }
  }

  public var example: String {
    switch self {
    case .items: "delete items [0, 1], [0, 3]"
    case .sections: "insert sections 1 items 4"
    }
  }

  public var continuations: [String] { self == .sections ? ["items"] : [] }
}

/// What follows `move`: `moveItem(at:to:)` or `moveSection(_:toSection:)` (data updates),
/// or a step of an interactive movement (a finger dragging an item to a new place).
public enum MoveTargetKeyword: String, Keyword {
  case item
  case section
  case begin
  case to
  case end
  case cancel

  /// True for the words of an interactive movement.
  public var isInteractive: Bool { self != .item && self != .section }

  public var syntax: String {
    switch self {
    case .item: "move item INDEXPATH to INDEXPATH"
    case .section: "move section N to M"
    case .begin: "move begin ITEM"
    case .to: "move to POINT [over N frames]"
    case .end: "move end"
    case .cancel: "move cancel"
    }
  }

  public var summary: String {
    switch self {
    case .item: "moveItem(at:to:): the source names the old state, the target the new (BATCH-2)."
    case .section: "moveSection(_:toSection:); the section's items go with it (BATCH-3)."
    case .begin:
      "beginInteractiveMovementForItem(at:): a long press lifts the item (canMoveItemAt asked)."
    case .to:
      "updateInteractiveMovementTargetPosition(_:): the item follows the finger; over another cell it takes that place."
    case .end:
      "endInteractiveMovement(): the item stays where it is; the data source's moveItemAt is called."
    case .cancel:
      "cancelInteractiveMovement(): the item goes back where it began; the data is as before."
    }
  }

  public var example: String {
    switch self {
    case .item: "move item [0, 5] to [0, 0]"
    case .section: "move section 1 to 0"
    case .begin: "move begin item [0, 0]"
    case .to: "move to (160, 160) over 10 frames"
    case .end: "move end"
    case .cancel: "move cancel"
    }
  }

  public var continuations: [String] {
    switch self {
    case .item, .section: ["to"]
    case .begin: ["item"]
    case .to: ["over"]
    case .end, .cancel: []
    }
  }
}

/// The entries of a batch's `data { … }` block: what the data source answers after the
/// batch, stated instead of derived from the updates.
public enum DataEntryKeyword: String, Keyword {
  case section
  case sections

  public var syntax: String {
    switch self {
    case .section: "section N items M"
    case .sections: "sections N"
    }
  }

  public var summary: String {
    switch self {
    case .section: "collectionView(_:numberOfItemsInSection:) answers M for section N."
    case .sections: "numberOfSections(in:) answers N."
    }
  }

  public var example: String {
    switch self {
    case .section: "data { section 0 items 9 }"
    case .sections: "data { sections 2 }"
    }
  }

  public var continuations: [String] { self == .section ? ["items"] : [] }
}

/// The entries of `apply snapshot { … }` (grammar.md, Diffable data sources): the new
/// snapshot of a diffable data source, and the items it reconfigures or reloads.
public enum SnapshotEntryKeyword: String, Keyword {
  case section
  case reconfigure
  case reload

  public var syntax: String {
    switch self {
    case .section: "section \"NAME\" items [\"ID\", …]"
    case .reconfigure: "reconfigure items [\"ID\", …]"
    case .reload: "reload items [\"ID\", …]"
    }
  }

  public var summary: String {
    switch self {
    case .section: "appendSections([NAME]) and appendItems(IDs, toSection: NAME), in order."
    case .reconfigure: "reconfigureItems(_:): the cells stay and are configured again."
    case .reload: "reloadItems(_:): the cells are replaced (an R update item, BATCH-9)."
    }
  }

  public var example: String {
    switch self {
    case .section: "apply snapshot { section \"Fruits\" items [\"fig\", \"apple\"] }"
    case .reconfigure: "apply snapshot { reconfigure items [\"apple\"] }"
    case .reload: "apply snapshot { reload items [\"fig\"] }"
    }
  }

  public var continuations: [String] { ["items"] }
}
