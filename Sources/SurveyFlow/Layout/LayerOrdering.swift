// The combinatorial steps of the layered layout: breaking cycles, layering, ordering, x positions.

extension LayeredLayout {
    /// Links to draw upwards so the rest is acyclic: those going back in document order (vertex
    /// order), so a survey reads top to bottom as it is written.
    static func backEdges(links: [(from: Int, to: Int)]) -> Set<Int> {
        Set(links.indices.filter { links[$0].to < links[$0].from })
    }

    /// Longest-path layers over the acyclic orientation (sources on layer 0).
    static func layers(count: Int, links: [(from: Int, to: Int)], reversed: Set<Int>) -> [Int] {
        var outgoing = Array(repeating: [Int](), count: count)
        var indegree = Array(repeating: 0, count: count)
        for (index, link) in links.enumerated() {
            let (a, b) = reversed.contains(index) ? (link.to, link.from) : (link.from, link.to)
            outgoing[a].append(b)
            indegree[b] += 1
        }
        var layer = Array(repeating: 0, count: count)
        var ready = (0..<count).filter { indegree[$0] == 0 }.reversed().map { $0 }
        while let vertex = ready.popLast() {
            for next in outgoing[vertex] {
                layer[next] = max(layer[next], layer[vertex] + 1)
                indegree[next] -= 1
                if indegree[next] == 0 { ready.append(next) }
            }
        }
        return layer
    }

    /// Nodes of each layer in first-seen order of a walk along the chains (vertices in graph order first).
    static func initialOrder(nodes: [LayoutNode], chains: [[Int]]) -> [[Int]] {
        let layerCount = (nodes.map(\.layer).max() ?? 0) + 1
        var order = Array(repeating: [Int](), count: layerCount)
        var placed = Array(repeating: false, count: nodes.count)
        var chainsFrom: [Int: [Int]] = [:]
        for (index, chain) in chains.enumerated() { chainsFrom[chain[0], default: []].append(index) }
        for vertex in nodes.indices where nodes[vertex].vertex != nil {
            if !placed[vertex] { placed[vertex] = true; order[nodes[vertex].layer].append(vertex) }
            for chain in chainsFrom[vertex] ?? [] {
                for node in chains[chain] where !placed[node] {
                    placed[node] = true
                    order[nodes[node].layer].append(node)
                }
            }
        }
        return order
    }

    /// Barycentre sweeps down and up; keeps the ordering with the fewest crossings seen.
    static func reduceCrossings(_ order: inout [[Int]], nodes: [LayoutNode], chains: [[Int]]) {
        var up = Array(repeating: [Int](), count: nodes.count), down = Array(repeating: [Int](), count: nodes.count)
        for chain in chains {
            for step in 0..<(chain.count - 1) {
                down[chain[step]].append(chain[step + 1])
                up[chain[step + 1]].append(chain[step])
            }
        }
        var best = order
        var bestCrossings = crossings(order, down: down, size: nodes.count)
        var position = Array(repeating: 0, count: nodes.count)
        func index(_ layer: [Int]) { for (place, node) in layer.enumerated() { position[node] = place } }
        for iteration in 0..<12 {
            let downward = iteration % 2 == 0
            let layers = downward ? Array(order.indices.dropFirst()) : Array(order.indices.dropLast().reversed())
            order.forEach(index)
            for layer in layers {
                let keyed = order[layer].enumerated().map { place, node -> (Double, Int, Int) in
                    let neighbours = downward ? up[node] : down[node]
                    guard !neighbours.isEmpty else { return (Double(place), place, node) }
                    return (Double(neighbours.map { position[$0] }.reduce(0, +)) / Double(neighbours.count), place, node)
                }
                order[layer] = keyed.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
                index(order[layer])
            }
            let count = crossings(order, down: down, size: nodes.count)
            if count < bestCrossings {
                best = order
                bestCrossings = count
            }
        }
        order = best
    }

    /// Edge crossings between consecutive layers.
    static func crossings(_ order: [[Int]], down: [[Int]], size: Int) -> Int {
        var position = Array(repeating: 0, count: size)
        for layer in order { for (place, node) in layer.enumerated() { position[node] = place } }
        var total = 0
        for layer in order.dropLast() {
            var segments: [(Int, Int)] = []
            for node in layer { for next in down[node] { segments.append((position[node], position[next])) } }
            segments.sort { $0 < $1 }
            for i in segments.indices {
                for j in (i + 1)..<segments.count where segments[j].0 > segments[i].0 && segments[j].1 < segments[i].1 { total += 1 }
            }
        }
        return total
    }

    /// Centre x of every node: each layer in turn is pulled towards its neighbours' mean while keeping
    /// order and spacing (isotonic regression by pooling adjacent violators), down and up several times.
    static func coordinates(order: [[Int]], nodes: [LayoutNode], chains: [[Int]]) -> [Double] {
        var up = Array(repeating: [Int](), count: nodes.count), down = Array(repeating: [Int](), count: nodes.count)
        for chain in chains {
            for step in 0..<(chain.count - 1) {
                down[chain[step]].append(chain[step + 1])
                up[chain[step + 1]].append(chain[step])
            }
        }
        var x = Array(repeating: 0.0, count: nodes.count)
        for layer in order {
            var cursor = 0.0
            for node in layer {
                x[node] = cursor + nodes[node].width / 2
                cursor += nodes[node].width + nodeGap
            }
        }
        for iteration in 0..<10 {
            let layers = iteration % 2 == 0 ? Array(order.indices) : Array(order.indices.reversed())
            for layer in layers where !order[layer].isEmpty {
                let members = order[layer]
                let wanted = members.map { node -> Double in
                    let neighbours = (iteration % 2 == 0 ? up[node] : down[node]) + (iteration % 4 >= 2 ? up[node] + down[node] : [])
                    guard !neighbours.isEmpty else { return x[node] }
                    return neighbours.map { x[$0] }.reduce(0, +) / Double(neighbours.count)
                }
                // Offsets turn "x[i+1] - x[i] >= gap" into a non-decreasing sequence.
                var offsets = [0.0]
                for i in 1..<members.count {
                    offsets.append(offsets[i - 1] + (nodes[members[i - 1]].width + nodes[members[i]].width) / 2 + nodeGap)
                }
                let fitted = nonDecreasingFit(zip(wanted, offsets).map { $0 - $1 })
                for (i, node) in members.enumerated() { x[node] = fitted[i] + offsets[i] }
            }
        }
        let left = nodes.indices.map { x[$0] - nodes[$0].width / 2 }.min() ?? 0
        return x.map { $0 - left + margin }
    }

    /// The non-decreasing sequence closest to `values` in least squares (pool adjacent violators).
    static func nonDecreasingFit(_ values: [Double]) -> [Double] {
        var blocks: [(sum: Double, count: Int)] = []
        for value in values {
            blocks.append((value, 1))
            while blocks.count >= 2 {
                let last = blocks[blocks.count - 1], previous = blocks[blocks.count - 2]
                guard previous.sum / Double(previous.count) > last.sum / Double(last.count) else { break }
                blocks.removeLast(2)
                blocks.append((previous.sum + last.sum, previous.count + last.count))
            }
        }
        return blocks.flatMap { Array(repeating: $0.sum / Double($0.count), count: $0.count) }
    }
}
