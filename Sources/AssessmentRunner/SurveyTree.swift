import AssessmentModel

/// A survey's nodes as a flat table in breadth-first order, with parent links: the children of an
/// entry are consecutive, so a location resolves in one step per level and nothing per level is
/// copied. Button inheritance is folded down the containers once, so a step's buttons cost only
/// its own and its container's.
struct SurveyTree: Sendable {
    /// Every node; entry 0 is the assessment.
    let nodes: [Node]
    /// Each entry's container (the assessment's is itself).
    let parent: [Int]
    /// Each entry's index among its container's steps.
    let position: [Int]
    /// The entry of each node's first child (its children follow it).
    let firstChild: [Int]
    /// How many steps each node holds.
    let childCount: [Int]
    /// Each container's steps by identifier (the first step of a name wins), so a jump costs no scan of its siblings.
    private let positionByName: [ChildName: Int]
    /// Buttons hidden on each container and everything inside it (own and inherited).
    private let hiddenInside: [Set<ButtonType>]
    /// Button titles in force inside each container, nearest definition first.
    private let titlesInside: [[ButtonType: String]]

    init(_ assessment: Node) {
        var nodes = [assessment], parent = [0], position = [0], firstChild: [Int] = [], childCount: [Int] = []
        var hiddenInside: [Set<ButtonType>] = [], titlesInside: [[ButtonType: String]] = []
        var positionByName: [ChildName: Int] = [:]
        var entry = 0
        while entry < nodes.count {
            let node = nodes[entry]
            let children = node.steps ?? []
            firstChild.append(nodes.count)
            childCount.append(children.count)
            for (index, child) in children.enumerated() {
                nodes.append(child)
                parent.append(entry)
                position.append(index)
                let name = ChildName(container: entry, identifier: child.identifier)
                if positionByName[name] == nil { positionByName[name] = index }
            }
            // Containers come before their children in this order, so the inherited state is ready.
            let outer = entry == 0 ? (Set<ButtonType>(), [ButtonType: String]()) : (hiddenInside[parent[entry]], titlesInside[parent[entry]])
            if node.steps != nil {
                hiddenInside.append(node.shouldHideActions.map { outer.0.union($0) } ?? outer.0)
                titlesInside.append(SurveyTree.titles(of: node, over: outer.1))
            } else {
                hiddenInside.append([])
                titlesInside.append([:])
            }
            entry += 1
        }
        self.nodes = nodes
        self.parent = parent
        self.position = position
        self.firstChild = firstChild
        self.childCount = childCount
        self.hiddenInside = hiddenInside
        self.titlesInside = titlesInside
        self.positionByName = positionByName
    }

    /// A container's entry and a step identifier.
    private struct ChildName: Hashable {
        let container: Int
        let identifier: String
    }

    /// The index among `container`'s steps of its first step named `identifier`.
    func position(of identifier: String, in container: Int) -> Int? {
        positionByName[ChildName(container: container, identifier: identifier)]
    }

    /// How many nodes the survey has, the assessment included.
    var count: Int { nodes.count }

    /// The entry at a location (indices of `steps` from the assessment down).
    func entry(at location: StepLocation) -> Int? {
        var entry = 0
        for index in location {
            guard index >= 0, index < childCount[entry] else { return nil }
            entry = firstChild[entry] + index
        }
        return entry
    }

    /// The location of an entry.
    func location(of entry: Int) -> StepLocation {
        var location: StepLocation = []
        var current = entry
        while current != 0 {
            location.append(position[current])
            current = parent[current]
        }
        return location.reversed()
    }

    /// The identifiers of the sections around an entry, outermost first.
    /// The containers (sections, nested assessments) holding an entry, outermost first, without the root.
    func sectionNodes(above entry: Int) -> [Node] {
        var sections: [Node] = []
        var current = parent[entry]
        while current != 0 {
            sections.append(nodes[current])
            current = parent[current]
        }
        return sections.reversed()
    }

    /// The buttons of the step at an entry.
    func buttons(of entry: Int, isFirstStep: Bool) -> ButtonState {
        let container = parent[entry]
        return ButtonState(step: nodes[entry], hiddenAround: hiddenInside[container], titlesAround: titlesInside[container], isFirstStep: isFirstStep)
    }

    /// A node's own titles over those in force around it (its first definition of a button wins).
    static func titles(of node: Node, over outer: [ButtonType: String]) -> [ButtonType: String] {
        guard let actions = node.actions, !actions.isEmpty else { return outer }
        var titles: [ButtonType: String] = [:]
        for entry in actions where titles[entry.button] == nil {
            if let title = entry.action.buttonTitle { titles[entry.button] = title }
        }
        return titles.merging(outer) { own, _ in own }
    }
}
