import JSONCore

/// A subschema that applies to the same instance as the schema holding it: a `$ref` target or a
/// subschema of `allOf`, `anyOf`, `oneOf`, `not`, `if`, `then`, `else` or `dependencies`.
struct InPlaceEdge: Sendable {
    let target: SchemaRegistry.Location
    /// The `$ref` text when the edge is a reference.
    let reference: String?
}

extension SchemaCompiler {
    /// Finds the loops of in-place subschemas among the compiled nodes: evaluating one recurses without
    /// descending into the instance, and would never end if taken. Recursion through `properties`,
    /// `items` and the other keywords that step into a part of the instance is fine and is not an
    /// edge here.
    ///
    /// A depth-first walk: every loop holds an edge back to a node still open on the walk, so
    /// guarding each such node (`guardLoops`) catches every loop when it is taken. Each back edge
    /// also gives one warning, at a `$ref` of its loop (a document's own nesting has no loops), with
    /// the loop spelled out; a `$ref` is reported once.
    func inPlaceLoops() -> (reentered: [SchemaRegistry.Location], warnings: [SchemaError]) {
        enum Mark { case open, done }
        var marks: [SchemaRegistry.Location: Mark] = [:]
        var reentered: [SchemaRegistry.Location] = []
        var warnings: [SchemaError] = []
        for start in compiledOrder where marks[start] == nil {
            // An explicit stack: each entry is a location and the index of its next edge to follow.
            var stack: [(location: SchemaRegistry.Location, next: Int)] = [(start, 0)]
            marks[start] = .open
            while let top = stack.last {
                let edges = inPlaceEdges[top.location] ?? []
                guard top.next < edges.count else {
                    marks[top.location] = .done
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let edge = edges[top.next]
                switch marks[edge.target] {
                case .done?:
                    continue
                case .open?:
                    guard let first = stack.lastIndex(where: { $0.location == edge.target }) else { continue }
                    if !reentered.contains(edge.target) { reentered.append(edge.target) }
                    let loop = stack[first...].map { ($0.location, inPlaceEdges[$0.location]?[$0.next - 1]) }
                    let warning = cycleWarning(loop.compactMap { location, edge in edge.map { (location, $0) } })
                    if !warnings.contains(where: { $0.location == warning.location }) { warnings.append(warning) }
                case nil:
                    marks[edge.target] = .open
                    stack.append((edge.target, 0))
                }
            }
        }
        return (reentered, warnings)
    }

    /// Puts a `LoopGuardKeyword` round the keywords of each node a loop re-enters.
    func guardLoops(at locations: [SchemaRegistry.Location]) {
        for location in locations {
            guard let node = nodes.byLocation[location], case .keywords(let keywords) = node.body else { continue }
            node.setBody(.keywords([LoopGuardKeyword(keywords: keywords, schema: node.location)]))
        }
    }

    /// The warning for a loop, given as each location with the edge it leaves by.
    private func cycleWarning(_ loop: [(location: SchemaRegistry.Location, edge: InPlaceEdge)]) -> SchemaError {
        // Start the loop at its last `$ref`, so it reads from the offending reference round to it again.
        let start = loop.lastIndex { $0.edge.reference != nil } ?? 0
        let ordered = Array(loop[start...] + loop[..<start])
        let document = ordered[0].location.document
        func name(_ location: SchemaRegistry.Location) -> String {
            location.document == document ? "#" + location.pointer.description : registry.absoluteURI(of: location)
        }
        var steps = ordered.map { step in name(step.location) + (step.edge.reference == nil ? "" : "/$ref") }
        steps.append(name(ordered[0].location))
        return error(.referenceCycle(reference: ordered[0].edge.reference ?? "", cycle: steps),
                     at: ordered[0].location.appending("$ref"))
    }
}
