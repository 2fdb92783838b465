import LayoutEngine

/// Adaptive sections (their entries read `environment`) in `gl export swift`: each is built
/// once, as the provider builds it, for the container the layout's provider was given,
/// noting which values read `environment` (`EnvironmentReads`). The writer writes the
/// sample's descriptors, each noted value as the Swift of its expression over the
/// provider's `environment.container.effectiveContentSize` — so the Swift adapts as the
/// script does.
extension CompositionalExportModel {
  mutating func buildAdaptiveSections() throws(ExportProblem) {
    guard !described.adaptive.isEmpty else { return }
    let container =
      layout.sections.first?.environment.container.effectiveContentSize
      ?? layout.collectionView?.bounds.size ?? .zero
    for (index, adaptive) in described.adaptive {
      do throws(Diagnostic) {
        let section = try layout.callbacks.adaptiveSection(
          adaptive.entries, adaptive.range, container: container, reads: reads,
          providers: described.providers)
        adaptiveSections[index] = section
      } catch {
        throw .error(
          ExportProblem.adaptiveFails(error.message), line: file.line(of: error.range.start))
      }
      // Its visible-items handler, written as any section's.
      for entry in adaptive.entries {
        if case .handler(let operations) = entry.value {
          described.handlers[index] = (operations, entry.range)
        }
      }
    }
  }

  /// Each noted value as Swift, or the export is refused at its line.
  mutating func translateEnvironmentReads(_ lets: [String: SwiftValue]) throws(ExportProblem) {
    for (object, property, expression) in reads.all {
      var t = SwiftCodeTranslator(file: file, lets: lets)
      t.bound = [ProviderName.environment.spelling: SwiftValue(code: containerName, kind: .size)]
      do throws(SwiftCodeTranslator.Unsupported) {
        var value = try t.value(expression)
        if property == .count || property == .zIndex {
          value = SwiftValue(code: try t.integer(value), kind: .int)
        } else if value.kind == .int {
          value = t.number(value)
        }
        guard value.kind == .number || value.kind == .int else {
          throw t.unsupported("a value that is not a number", expression.range)
        }
        adaptiveValues[object, default: [:]][property] = value
      } catch {
        throw .error(ExportProblem.adaptiveValue(error.what), line: error.line)
      }
      adaptiveTranslators.append(t)
    }
  }

  /// The Swift of a value that reads `environment`; nil for one the sample's value says.
  func adaptive(_ object: AnyObject, _ property: EnvironmentReads.Property) -> String? {
    adaptiveValues[ObjectIdentifier(object)]?[property]?.code
  }

  /// Whether the section `index` (nil: the shared one) is built by the provider.
  func isAdaptive(_ index: Int?) -> Bool { adaptiveSections[index] != nil }
}
