import JSONCore

extension Node {
    /// A node with its enclosing containers.
    public struct Visit: Sendable {
        /// The node visited (its ``Node/pointer`` says where it is).
        public let node: Node
        /// The container holding the node, linked to the containers around it (shared by all visits).
        package let chain: AncestorChain

        /// The assessment and sections around it, outermost first (built on demand: linear in the depth).
        public var ancestors: [Node] { chain.nodes }
        /// The innermost enclosing container (a section, or the assessment).
        public var container: Node { chain.node }
    }

    /// Every node below this one, depth first in document order, with its ancestors. Iterative, and
    /// the ancestors are shared links, so a survey nested 10,000 sections deep costs linear time and memory.
    public func descendants() -> [Visit] {
        var visits: [Visit] = []
        // Each open container with the index of its next child to visit.
        var stack: [(chain: AncestorChain, next: Int)] = [(AncestorChain(node: self, parent: nil), 0)]
        while case let (chain, next)? = stack.last {
            guard let siblings = chain.node.steps, next < siblings.count else {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            visits.append(Visit(node: siblings[next], chain: chain))
            if siblings[next].steps?.isEmpty == false { stack.append((AncestorChain(node: siblings[next], parent: chain), 0)) }
        }
        return visits
    }

    /// The child step with this identifier.
    public func step(_ identifier: String) -> Node? { steps?.first { $0.identifier == identifier } }

    /// The node at `pointer` in this tree (`/steps/2/steps/0`, relative to this node), if one is there.
    public func node(at pointer: JSONPointer) -> Node? {
        let own = self.pointer.tokens
        var rest = pointer.tokens.starts(with: own) ? pointer.tokens.dropFirst(own.count) : pointer.tokens[...]
        var node = self
        while !rest.isEmpty {
            guard rest.count >= 2, rest.first == "steps", let index = JSONPointer.arrayIndex(rest.dropFirst().first ?? ""),
                  let steps = node.steps, steps.indices.contains(index) else { return nil }
            node = steps[index]
            rest = rest.dropFirst(2)
        }
        return node
    }
}

/// A container and the containers around it, innermost first: a persistent list whose links are
/// shared by every node inside, so ancestors are never copied per level. Only `deinit` changes
/// `parent`, when no one else can see the link, hence unchecked.
package final class AncestorChain: @unchecked Sendable {
    /// The container.
    package let node: Node
    /// The container around it; `nil` for the outermost.
    package private(set) var parent: AncestorChain?
    /// Whether this container or one around it is a section, and how many containers the chain holds.
    package let inSection: Bool, depth: Int

    package init(node: Node, parent: AncestorChain?) {
        self.node = node
        self.parent = parent
        depth = (parent?.depth ?? 0) + 1
        // An assessment nested as a step behaves as a section.
        inSection = node.kind == .section || (parent != nil && node.kind.isContainer) || (parent?.inSection ?? false)
    }

    /// The containers from the outermost to this one.
    var nodes: [Node] { sequence(first: self, next: \.parent).map(\.node).reversed() }

    // Freed link by link, not recursively, however long the chain.
    deinit {
        var next = parent
        parent = nil
        while isKnownUniquelyReferenced(&next), let link = next {
            next = link.parent
            link.parent = nil
        }
    }
}
