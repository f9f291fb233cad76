/// One route through a survey: the edges taken from the start to an end.
public struct Route: Sendable, Equatable {
    /// Edge indices in order, starting with the start edge.
    public let edges: [Int]
}

/// A set of routes and what it leaves out.
public struct RouteSet: Sendable {
    /// The routes, in the order found.
    public let routes: [Route]
    /// Enumeration stopped at the route limit.
    public let truncated: Bool
    /// Reachable edges no route takes (a limit was hit, or no run can end after them).
    public let uncovered: [Int]
}

/// Finds routes through a ``FlowGraph`` along live edges (reachable, with a witness answer).
public struct RoutePlanner: Sendable {
    /// The graph routes follow.
    public let graph: FlowGraph
    private let live: [[Int]]
    /// Steps to the nearest end along live edges (`Int.max` when no end can be reached).
    private let distanceToEnd: [Int]
    /// The first edge of a shortest way to an end.
    private let towardEnd: [Int?]

    /// A planner over `graph`.
    public init(graph: FlowGraph) {
        self.graph = graph
        let live = graph.vertices.indices.map { vertex in graph.outgoing(vertex).filter { graph.edges[$0].reachable } }
        self.live = live
        var incoming = Array(repeating: [Int](), count: graph.vertices.count)
        for edges in live { for edge in edges { incoming[graph.edges[edge].to].append(edge) } }
        var distance = Array(repeating: Int.max, count: graph.vertices.count)
        var toward = [Int?](repeating: nil, count: graph.vertices.count)
        var queue: [Int] = []
        for (index, vertex) in graph.vertices.enumerated() where vertex.kind == .completed || vertex.kind == .exited {
            distance[index] = 0
            queue.append(index)
        }
        var head = 0
        while head < queue.count {
            let vertex = queue[head]
            head += 1
            for edge in incoming[vertex] {
                let source = graph.edges[edge].from
                guard distance[source] == Int.max else { continue }
                distance[source] = distance[vertex] + 1
                toward[source] = edge
                queue.append(source)
            }
        }
        distanceToEnd = distance
        towardEnd = toward
    }

    /// Edges a complete route can take: live, and some end can be reached after them.
    public var coverableEdges: [Int] {
        graph.edges.indices.filter { graph.edges[$0].reachable && distanceToEnd[graph.edges[$0].to] != Int.max }
    }

    /// Few routes that together take every coverable edge: each walks from the start taking untaken
    /// edges where it can, heads for the nearest step that still has one (using each edge at most once
    /// per route, so a loop is gone round once), then takes the shortest way to an end.
    public func edgeCovering(maxRoutes: Int) -> RouteSet {
        var covered = Array(repeating: false, count: graph.edges.count)
        let wanted = coverableEdges
        var remaining = wanted.count
        var routes: [Route] = []
        guard distanceToEnd[graph.start] != Int.max else { return RouteSet(routes: [], truncated: false, uncovered: wanted) }
        while remaining > 0, routes.count < maxRoutes {
            var used = Set<Int>()
            var edges: [Int] = []
            var vertex = graph.start
            func take(_ edge: Int) {
                edges.append(edge)
                used.insert(edge)
                if !covered[edge] && distanceToEnd[graph.edges[edge].to] != Int.max {
                    covered[edge] = true
                    remaining -= 1
                }
                vertex = graph.edges[edge].to
            }
            while !graph.vertices[vertex].kind.isEnd {
                if let fresh = live[vertex].first(where: { !covered[$0] && distanceToEnd[graph.edges[$0].to] != Int.max }) {
                    take(fresh)
                } else if remaining > 0, let path = pathToUntaken(from: vertex, covered: covered, avoiding: used) {
                    path.forEach(take)
                } else if let edge = towardEnd[vertex] {
                    take(edge)
                } else {
                    break
                }
            }
            routes.append(Route(edges: edges))
        }
        return RouteSet(routes: routes, truncated: remaining > 0, uncovered: graph.edges.indices.filter { graph.edges[$0].reachable && !covered[$0] })
    }

    /// Breadth-first from `vertex` over edges not yet used on this route, to the nearest vertex with an untaken edge.
    private func pathToUntaken(from vertex: Int, covered: [Bool], avoiding used: Set<Int>) -> [Int]? {
        var cameBy: [Int: Int] = [vertex: -1]
        var queue = [vertex]
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            if current != vertex, live[current].contains(where: { !covered[$0] && distanceToEnd[graph.edges[$0].to] != Int.max }) {
                var path: [Int] = []
                var step = current
                while let edge = cameBy[step], edge >= 0 {
                    path.append(edge)
                    step = graph.edges[edge].from
                }
                return path.reversed()
            }
            for edge in live[current] where !used.contains(edge) {
                let next = graph.edges[edge].to
                guard cameBy[next] == nil, distanceToEnd[next] != Int.max else { continue }
                cameBy[next] = edge
                queue.append(next)
            }
        }
        return nil
    }

    /// Every distinct route, each edge at most once per route (loops gone round at most once), depth
    /// first in rule order, stopping after `maxRoutes`.
    public func all(maxRoutes: Int) -> RouteSet {
        var routes: [Route] = []
        var truncated = false
        var path: [Int] = []
        var used = Set<Int>()
        // Explicit stack of (vertex, index of the next live edge to try).
        var stack: [(vertex: Int, next: Int)] = [(graph.start, 0)]
        while let top = stack.last {
            if graph.vertices[top.vertex].kind.isEnd {
                if routes.count == maxRoutes { truncated = true; break }
                routes.append(Route(edges: path))
                stack.removeLast()
                if let edge = path.popLast() { used.remove(edge) }
                continue
            }
            let options = live[top.vertex]
            guard top.next < options.count else {
                stack.removeLast()
                if let edge = path.popLast() { used.remove(edge) }
                continue
            }
            stack[stack.count - 1].next += 1
            let edge = options[top.next]
            guard !used.contains(edge), distanceToEnd[graph.edges[edge].to] != Int.max else { continue }
            used.insert(edge)
            path.append(edge)
            stack.append((graph.edges[edge].to, 0))
        }
        var taken = Set<Int>()
        for route in routes { taken.formUnion(route.edges) }
        return RouteSet(routes: routes, truncated: truncated, uncovered: graph.edges.indices.filter { graph.edges[$0].reachable && !taken.contains($0) })
    }
}
