/// A layered (Sugiyama-style) drawing of a ``FlowGraph``, top to bottom: cycles broken by reversing
/// edges that go back in document order, longest-path layers, one dummy node per layer an edge crosses (the first one
/// carries its label), barycentre crossing reduction, x by isotonic regression towards neighbours,
/// and orthogonal edges whose horizontal runs get their own tracks between layers. Deterministic.
public struct LayeredLayout: Sendable {
    /// A vertex's box (centre and size).
    public struct Box: Sendable, Equatable {
        /// The centre (`x`, `y`, `y` growing downwards as in SVG) and the size.
        public var x: Double, y: Double, width: Double, height: Double

        /// The left edge.
        public var minX: Double { x - width / 2 }
        /// The top edge.
        public var minY: Double { y - height / 2 }
        /// The right edge.
        public var maxX: Double { x + width / 2 }
        /// The bottom edge.
        public var maxY: Double { y + height / 2 }
    }

    /// One drawn edge (parallel edges are drawn once, their labels joined).
    public struct Route: Sendable {
        /// The graph edges it draws.
        public let edges: [Int]
        /// Polyline points from the source to the destination, with right angles.
        public var points: [(x: Double, y: Double)]
        /// The label text (empty for none).
        public var label: String
        /// Where the label is drawn, when there is one.
        public var labelBox: Box?
    }

    /// Boxes by vertex index.
    public private(set) var boxes: [Box] = []
    /// Every drawn edge.
    public private(set) var routes: [Route] = []
    /// Section rectangles by cluster index (`nil` for a section without shown steps).
    public private(set) var clusterBoxes: [Box?] = []
    /// Where each section's name is written, in its frame's top strip where no edge or edge label passes.
    public private(set) var clusterLabels: [Box?] = []
    /// Drawing size.
    public private(set) var width = 0.0, height = 0.0

    static let layerGap = 18.0, nodeGap = 24.0, margin = 20.0, labelHeight = 16.0, trackGap = 7.0

    /// Lays out `graph`; `size` gives each vertex's box size, `labels` each edge's label.
    public init(graph: FlowGraph, size: (Int) -> (width: Double, height: Double), label: (FlowGraph.Edge) -> String) {
        let count = graph.vertices.count
        // Parallel edges become one drawn edge; self-loops are drawn beside their box.
        var groups: [[Int]] = []
        var groupOf: [Pair: Int] = [:]
        var loops: [Int: [Int]] = [:]
        for edge in graph.edges {
            if edge.from == edge.to {
                loops[edge.from, default: []].append(edge.index)
                continue
            }
            // Dead and live edges between the same steps stay apart so each is drawn in its own colour.
            let key = Pair(a: edge.from, b: edge.to * 2 + (edge.dead || !edge.reachable ? 1 : 0))
            if let group = groupOf[key] { groups[group].append(edge.index) } else { groupOf[key] = groups.count; groups.append([edge.index]) }
        }
        let texts = groups.map { group in group.map { label(graph.edges[$0]) }.filter { !$0.isEmpty }.joined(separator: ", ") }
        let links = groups.map { (from: graph.edges[$0[0]].from, to: graph.edges[$0[0]].to) }
        let reversed = LayeredLayout.backEdges(links: links)
        let layerOf = LayeredLayout.layers(count: count, links: links, reversed: reversed)

        // Chains of layout nodes: vertices on even layers, dummies on every layer between.
        var nodes: [LayoutNode] = (0..<count).map { index in
            let size = size(index)
            return LayoutNode(layer: 2 * layerOf[index], width: size.width + (loops[index] == nil ? 0 : 40), height: size.height, vertex: index)
        }
        var chains: [[Int]] = []
        for (group, link) in links.enumerated() {
            let top = reversed.contains(group) ? link.to : link.from, bottom = reversed.contains(group) ? link.from : link.to
            var chain = [top]
            for layer in (nodes[top].layer + 1)..<nodes[bottom].layer {
                // The dummy nearest the edge's real source carries the label.
                let labelled = !texts[group].isEmpty && layer == (reversed.contains(group) ? nodes[bottom].layer - 1 : nodes[top].layer + 1)
                nodes.append(LayoutNode(layer: layer, width: labelled ? LayeredLayout.textWidth(texts[group], size: 10) + 12 : 8,
                                        height: labelled ? LayeredLayout.labelHeight : 4, vertex: nil, labelled: labelled))
                chain.append(nodes.count - 1)
            }
            chain.append(bottom)
            chains.append(chain)
        }
        var order = LayeredLayout.initialOrder(nodes: nodes, chains: chains)
        LayeredLayout.reduceCrossings(&order, nodes: nodes, chains: chains)
        let centres = LayeredLayout.coordinates(order: order, nodes: nodes, chains: chains)
        // An edge passes a labelled dummy at its left side; the label fills the rest of its room.
        let xs = nodes.indices.map { nodes[$0].labelled ? centres[$0] - nodes[$0].width / 2 + 4 : centres[$0] }

        // Edges leave a box's bottom and enter its top at spread ports, ordered by where they go.
        var portX = Array(repeating: (top: 0.0, bottom: 0.0), count: chains.count)
        var bottomUsers: [Int: [(chain: Int, toward: Double)]] = [:], topUsers: [Int: [(chain: Int, toward: Double)]] = [:]
        for (index, chain) in chains.enumerated() {
            bottomUsers[chain[0], default: []].append((index, xs[chain[1]]))
            topUsers[chain[chain.count - 1], default: []].append((index, xs[chain[chain.count - 2]]))
        }
        func spread(_ users: [Int: [(chain: Int, toward: Double)]], assign: (Int, Double) -> Void) {
            for (node, list) in users {
                let sorted = list.sorted { ($0.toward, $0.chain) < ($1.toward, $1.chain) }
                let step = sorted.count > 1 ? min(14, nodes[node].width * 0.6 / Double(sorted.count - 1)) : 0
                for (place, user) in sorted.enumerated() { assign(user.chain, xs[node] + (Double(place) - Double(sorted.count - 1) / 2) * step) }
            }
        }
        spread(bottomUsers) { portX[$0].bottom = $1 }
        spread(topUsers) { portX[$0].top = $1 }
        func pointX(_ chain: Int, _ step: Int) -> Double {
            step == 0 ? portX[chain].bottom : (step == chains[chain].count - 1 ? portX[chain].top : xs[chains[chain][step]])
        }

        // Horizontal runs between layer k and k+1 get tracks; the gap grows with them.
        var runs: [[(chain: Int, step: Int, low: Double, high: Double)]] = Array(repeating: [], count: order.count)
        for (index, chain) in chains.enumerated() {
            for step in 0..<(chain.count - 1) {
                let a = pointX(index, step), b = pointX(index, step + 1)
                runs[nodes[chain[step]].layer].append((index, step, min(a, b), max(a, b)))
            }
        }
        var track: [Pair: Int] = [:]
        var trackCount = Array(repeating: 0, count: order.count)
        for layer in runs.indices {
            var ends: [Double] = []
            for run in runs[layer].sorted(by: { ($0.low, $0.high, $0.chain) < ($1.low, $1.high, $1.chain) }) {
                guard run.high - run.low > 0.5 else { continue }
                let slot = ends.firstIndex { $0 + 6 < run.low } ?? ends.count
                if slot == ends.count { ends.append(run.high) } else { ends[slot] = run.high }
                track[Pair(a: run.chain, b: run.step)] = slot
            }
            trackCount[layer] = ends.count
        }
        var layerTop: [Double] = []
        var layerHeight: [Double] = []
        var y = LayeredLayout.margin + 14
        for (layer, members) in order.enumerated() {
            let tallest = members.map { nodes[$0].height }.max() ?? 0
            layerTop.append(y)
            layerHeight.append(tallest)
            y += tallest + max(LayeredLayout.layerGap, Double(trackCount[layer] + 1) * LayeredLayout.trackGap)
        }
        for index in nodes.indices {
            nodes[index].x = centres[index]
            nodes[index].y = layerTop[nodes[index].layer] + layerHeight[nodes[index].layer] / 2
        }
        boxes = (0..<count).map { Box(x: nodes[$0].x - (loops[$0] == nil ? 0 : 20), y: nodes[$0].y, width: nodes[$0].width - (loops[$0] == nil ? 0 : 40),
                                      height: nodes[$0].height) }
        func gapY(_ layer: Int, _ slot: Int?) -> Double {
            layerTop[layer] + layerHeight[layer] + Double((slot ?? 0) + 1) * LayeredLayout.trackGap
        }
        for (index, chain) in chains.enumerated() {
            var points: [(x: Double, y: Double)] = []
            let first = nodes[chain[0]]
            points.append((pointX(index, 0), first.y + first.height / 2))
            for step in 0..<(chain.count - 1) {
                let a = nodes[chain[step]], b = nodes[chain[step + 1]]
                let ax = pointX(index, step), bx = pointX(index, step + 1)
                let runY = gapY(a.layer, track[Pair(a: index, b: step)])
                if step > 0 { points.append((ax, a.y + a.height / 2)) }
                points.append((ax, runY))
                points.append((bx, runY))
                points.append((bx, b.y - b.height / 2))
            }
            if reversed.contains(index) { points.reverse() }
            var route = Route(edges: groups[index], points: LayeredLayout.simplified(points), label: texts[index], labelBox: nil)
            if let dummy = chain.first(where: { nodes[$0].labelled }) {
                let node = nodes[dummy]
                route.labelBox = Box(x: node.x + 4, y: node.y, width: node.width - 8, height: node.height)
            }
            routes.append(route)
        }
        for (vertex, edges) in loops.sorted(by: { $0.key < $1.key }) {
            let box = boxes[vertex]
            let right = box.maxX, top = box.y - 8, bottom = box.y + 8
            let text = edges.map { label(graph.edges[$0]) }.filter { !$0.isEmpty }.joined(separator: ", ")
            routes.append(Route(edges: edges, points: [(right, top), (right + 16, top), (right + 16, bottom), (right, bottom)], label: text,
                                labelBox: text.isEmpty ? nil : Box(x: right + 20 + LayeredLayout.textWidth(text, size: 10) / 2, y: box.y,
                                                                   width: LayeredLayout.textWidth(text, size: 10), height: LayeredLayout.labelHeight)))
        }
        (clusterBoxes, clusterLabels) = LayeredLayout.clusterRects(graph: graph, boxes: boxes, routes: routes)
        let extents = boxes + routes.compactMap(\.labelBox) + clusterBoxes.compactMap { $0 }
            + routes.flatMap(\.points).map { Box(x: $0.x, y: $0.y, width: 0, height: 0) }
        width = (extents.map(\.maxX).max() ?? 0) + LayeredLayout.margin
        height = max(y, (extents.map(\.maxY).max() ?? 0)) + LayeredLayout.margin
    }

    /// Approximate width of text in a sans-serif font of `size` points.
    public static func textWidth(_ text: String, size: Double) -> Double {
        Double(text.count) * size * 0.62
    }

    /// Drops points that repeat or lie on a straight line between their neighbours.
    static func simplified(_ points: [(x: Double, y: Double)]) -> [(x: Double, y: Double)] {
        var result: [(x: Double, y: Double)] = []
        for point in points {
            if let last = result.last, abs(last.x - point.x) < 0.01, abs(last.y - point.y) < 0.01 { continue }
            if result.count >= 2 {
                let a = result[result.count - 2], b = result[result.count - 1]
                let straight = (abs(a.x - b.x) < 0.01 && abs(b.x - point.x) < 0.01) || (abs(a.y - b.y) < 0.01 && abs(b.y - point.y) < 0.01)
                if straight { result[result.count - 1] = point; continue }
            }
            result.append(point)
        }
        return result
    }

    /// Where a section's name goes in the top strip of its frame: the leftmost place no edge and no
    /// edge label crosses, which may lie past the frame's right side (the frame is then widened).
    static func sectionLabel(_ text: String, in frame: Box, routes: [Route]) -> Box {
        let width = textWidth(text, size: 11), top = frame.minY + 4, bottom = top + 14
        var blocked: [(low: Double, high: Double)] = []
        for route in routes {
            for (a, b) in zip(route.points, route.points.dropFirst()) where min(a.y, b.y) < bottom && max(a.y, b.y) > top {
                blocked.append((min(a.x, b.x) - 3, max(a.x, b.x) + 3))
            }
            if let label = route.labelBox, label.minY < bottom, label.maxY > top { blocked.append((label.minX - 3, label.maxX + 3)) }
        }
        var x = frame.minX + 8
        for run in blocked.sorted(by: { $0.low < $1.low }) where run.high > x {
            if run.low >= x + width { break }
            x = run.high
        }
        return Box(x: x + width / 2, y: top + 7, width: width, height: 14)
    }

    /// Each section's rectangle, around its steps and inner sections, padded, with room for its name
    /// where no edge crosses it; and where that name goes.
    static func clusterRects(graph: FlowGraph, boxes: [Box], routes: [Route]) -> (rects: [Box?], labels: [Box?]) {
        var rects: [Box?] = Array(repeating: nil, count: graph.clusters.count)
        var labels: [Box?] = Array(repeating: nil, count: graph.clusters.count)
        // Inner sections come after their parents, so walking backwards sees children first.
        for cluster in graph.clusters.indices.reversed() {
            var parts = graph.vertices.indices.filter { graph.vertices[$0].cluster == cluster }.map { boxes[$0] }
            parts += graph.clusters.indices.filter { graph.clusters[$0].parent == cluster }.compactMap { rects[$0] }
            guard !parts.isEmpty else { continue }
            let minX = (parts.map(\.minX).min() ?? 0) - 10, maxX = (parts.map(\.maxX).max() ?? 0) + 10
            let minY = (parts.map(\.minY).min() ?? 0) - 22, maxY = (parts.map(\.maxY).max() ?? 0) + 8
            var wide = max(maxX - minX, textWidth(graph.clusters[cluster].identifier, size: 11) + 16)
            var rect = Box(x: minX + wide / 2, y: (minY + maxY) / 2, width: wide, height: maxY - minY)
            let label = sectionLabel(graph.clusters[cluster].identifier, in: rect, routes: routes)
            if label.maxX + 8 > rect.maxX {
                wide = label.maxX + 8 - minX
                rect = Box(x: minX + wide / 2, y: rect.y, width: wide, height: rect.height)
            }
            rects[cluster] = rect
            labels[cluster] = label
        }
        return (rects, labels)
    }
}

/// An ordered pair of indices, as a dictionary key.
struct Pair: Hashable {
    let a: Int, b: Int
}

/// A vertex or a dummy node during layout.
struct LayoutNode {
    var layer: Int
    var width: Double
    var height: Double
    var vertex: Int?
    var labelled = false
    var x = 0.0, y = 0.0

    init(layer: Int, width: Double, height: Double, vertex: Int?, labelled: Bool = false) {
        self.layer = layer
        self.width = width
        self.height = height
        self.vertex = vertex
        self.labelled = labelled
    }
}
