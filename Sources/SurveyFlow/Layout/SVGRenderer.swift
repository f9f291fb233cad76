import FoundationEssentials

extension GraphWriter {
    /// The graph drawn as SVG by ``LayeredLayout``: sections as dashed frames, steps as boxes shaped
    /// by type, lint problems in red (unreachable, dead) and orange (stuck), coverage in green/red.
    public var svg: String {
        let layout = LayeredLayout(graph: graph, size: { GraphWriter.boxSize(self.graph.vertices[$0]) }, label: edgeLabel)
        let (legend, legendWidth, legendRows) = self.legend(top: layout.height, right: layout.width - LayeredLayout.margin)
        let width = max(layout.width, legendWidth + LayeredLayout.margin), height = layout.height + 6 + 18 * Double(legendRows)
        var out: [String] = []
        out.append(#"<svg xmlns="http://www.w3.org/2000/svg" width="\#(n(width))" height="\#(n(height))" viewBox="0 0 \#(n(width)) \#(n(height))" font-family="Helvetica, Arial, sans-serif">"#)
        out.append("<title>\(escape(graph.identifier))</title>")
        out.append("<defs>")
        for (name, colour) in [("arrow", "#444444"), ("arrow-problem", GraphStyle.problem), ("arrow-covered", GraphStyle.covered)] {
            out.append(#"<marker id="\#(name)" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="\#(colour)"/></marker>"#)
        }
        out.append("</defs>")
        out.append(#"<rect width="100%" height="100%" fill="rgb(255,255,255)"/>"#)
        for (index, box) in layout.clusterBoxes.enumerated() {
            guard let box else { continue }
            out.append(#"<g class="section" data-section="\#(escape(graph.clusters[index].identifier))"><rect x="\#(n(box.minX))" y="\#(n(box.minY))" width="\#(n(box.width))" height="\#(n(box.height))" rx="8" fill="rgb(250,250,250)" fill-opacity="0.6" stroke="rgb(153,153,153)" stroke-dasharray="5 3"/></g>"#)
        }
        for route in layout.routes {
            let edges = route.edges.map { graph.edges[$0] }
            let problem = edges.allSatisfy { $0.dead || !$0.reachable }
            var colour = problem ? GraphStyle.problem : "#444444", marker = problem ? "arrow-problem" : "arrow"
            if let coverage, !problem {
                let taken = edges.contains { covered($0, by: coverage) }
                colour = taken ? GraphStyle.covered : GraphStyle.uncovered
                marker = taken ? "arrow-covered" : "arrow-problem"
            }
            let path = route.points.enumerated().map { ($0.offset == 0 ? "M" : "L") + "\(n($0.element.x)),\(n($0.element.y))" }.joined(separator: " ")
            let dash = problem ? #" stroke-dasharray="5 3""# : ""
            let width = coverage != nil && !problem ? "1.8" : "1.2"
            let ends = #"data-from="\#(graph.vertices[edges[0].from].id)" data-to="\#(graph.vertices[edges[0].to].id)""#
            var group = #"<g class="edge" data-edges="\#(route.edges.map { "e\($0)" }.joined(separator: " "))" \#(ends)><path d="\#(path)" fill="none" stroke="\#(colour)" stroke-width="\#(width)"\#(dash) marker-end="url(#\#(marker))"/>"#
            if let box = route.labelBox {
                group += #"<text class="label" data-label-box="\#(n(box.minX)) \#(n(box.minY)) \#(n(box.width)) \#(n(box.height))" x="\#(n(box.minX))" y="\#(n(box.y + 3.5))" font-size="10" fill="\#(problem ? GraphStyle.problem : "#333333")">\#(escape(route.label))</text>"#
            }
            out.append(group + "</g>")
        }
        // Section names after the edges, so that none is drawn over one.
        for (index, label) in layout.clusterLabels.enumerated() {
            guard let label else { continue }
            out.append(#"<text class="section-label" data-title-box="\#(n(label.minX)) \#(n(label.minY)) \#(n(label.width)) \#(n(label.height))" x="\#(n(label.minX))" y="\#(n(label.minY + 11))" font-size="11" fill="rgb(102,102,102)">\#(escape(graph.clusters[index].identifier))</text>"#)
        }
        for (index, vertex) in graph.vertices.enumerated() {
            out.append(node(vertex, box: layout.boxes[index]))
        }
        out.append(legend)
        out.append("</svg>")
        return out.joined(separator: "\n") + "\n"
    }

    private func node(_ vertex: FlowGraph.Vertex, box: LayeredLayout.Box) -> String {
        let data = #"class="node" data-id="\#(vertex.id)" data-box="\#(n(box.minX)) \#(n(box.minY)) \#(n(box.width)) \#(n(box.height))""#
        switch vertex.kind {
        case .start:
            return #"<g \#(data)><circle cx="\#(n(box.x))" cy="\#(n(box.y))" r="\#(n(box.width / 2))" fill="rgb(34,34,34)"/></g>"#
        case .completed, .exited, .sectionLoop:
            let fill = vertex.kind == .completed ? "#dcfce7" : (vertex.kind == .exited ? "#fee2e2" : GraphStyle.stuckFill)
            return #"<g \#(data)><rect x="\#(n(box.minX))" y="\#(n(box.minY))" width="\#(n(box.width))" height="\#(n(box.height))" rx="\#(n(box.height / 2))" fill="\#(fill)" stroke="rgb(51,51,51)" stroke-width="2"/><text x="\#(n(box.x))" y="\#(n(box.y + 4))" font-size="12" text-anchor="middle" fill="rgb(17,17,17)">\#(vertex.identifier)</text></g>"#
        case .step(let kind):
            let look = GraphStyle.of(kind)
            var stroke = "#555555", dash = "", strokeWidth = "1"
            if !vertex.reachable { stroke = GraphStyle.problem; dash = #" stroke-dasharray="5 3""#; strokeWidth = "1.5" }
            if let coverage, vertex.reachable, !coverage.shown.contains(vertex.id) { stroke = GraphStyle.uncovered; strokeWidth = "2.5" }
            let fill = vertex.stuck ? GraphStyle.stuckFill : look.fill
            var title = "\(vertex.stepPath) (\(kind))"
            if let text = vertex.title { title += ": \(text)" }
            return #"<g \#(data)><title>\#(escape(title))</title><rect x="\#(n(box.minX))" y="\#(n(box.minY))" width="\#(n(box.width))" height="\#(n(box.height))" rx="\#(look.rounded ? 10 : 2)" fill="\#(fill)" stroke="\#(stroke)" stroke-width="\#(strokeWidth)"\#(dash)/><text x="\#(n(box.x))" y="\#(n(box.y - 2))" font-size="12" font-weight="bold" text-anchor="middle" fill="rgb(17,17,17)">\#(escape(vertex.identifier))</text><text x="\#(n(box.x))" y="\#(n(box.y + 12))" font-size="10" text-anchor="middle" fill="rgb(85,85,85)">\#(escape(kind.description))</text></g>"#
        }
    }

    /// The key below the drawing, wrapped so that no row goes past `right` (a row holds at least one
    /// item): its SVG, its right end and its number of rows.
    private func legend(top: Double, right: Double) -> (String, Double, Int) {
        var items: [(width: Double, draw: (Double, Double) -> String)] = []
        for (text, fill, rounded) in [("question", GraphStyle.of(.choiceQuestion).fill, true), ("other step", GraphStyle.of(.instruction).fill, false),
                                      ("never ends", GraphStyle.stuckFill, false)] {
            items.append((24 + LayeredLayout.textWidth(text, size: 10), { x, y in
                #"<rect x="\#(self.n(x))" y="\#(self.n(y))" width="18" height="12" rx="\#(rounded ? 4 : 1)" fill="\#(fill)" stroke="rgb(85,85,85)"/><text x="\#(self.n(x + 24))" y="\#(self.n(y + 10))" font-size="10" fill="rgb(68,68,68)">\#(text)</text>"#
            }))
        }
        var lines = [("unreachable or dead", GraphStyle.problem, true)]
        if coverage != nil { lines += [("taken by a script", GraphStyle.covered, false), ("not taken", GraphStyle.uncovered, false)] }
        for (text, colour, dashed) in lines {
            let dash = dashed ? #" stroke-dasharray="5 3""# : ""
            items.append((28 + LayeredLayout.textWidth(text, size: 10), { x, y in
                #"<path d="M\#(self.n(x)),\#(self.n(y + 6)) L\#(self.n(x + 22)),\#(self.n(y + 6))" stroke="\#(colour)" stroke-width="\#(dashed ? "1.2" : "1.8")"\#(dash)/><text x="\#(self.n(x + 28))" y="\#(self.n(y + 10))" font-size="10" fill="rgb(68,68,68)">\#(text)</text>"#
            }))
        }
        if coverage != nil {
            let text = "step not shown"
            items.append((24 + LayeredLayout.textWidth(text, size: 10), { x, y in
                #"<rect x="\#(self.n(x))" y="\#(self.n(y))" width="18" height="12" rx="1" fill="rgb(255,255,255)" stroke="\#(GraphStyle.uncovered)" stroke-width="2.5"/><text x="\#(self.n(x + 24))" y="\#(self.n(y + 10))" font-size="10" fill="rgb(68,68,68)">\#(text)</text>"#
            }))
        }
        var x = LayeredLayout.margin, y = top - 4, rows = 1, widest = 0.0
        var parts: [String] = []
        for item in items {
            if x > LayeredLayout.margin, x + item.width > right {
                x = LayeredLayout.margin
                y += 18
                rows += 1
            }
            parts.append(item.draw(x, y))
            widest = max(widest, x + item.width)
            x += item.width + 18
        }
        return (#"<g class="legend">"# + parts.joined() + "</g>", widest, rows)
    }

    /// The size of a vertex's box: wide enough for its identifier and type.
    static func boxSize(_ vertex: FlowGraph.Vertex) -> (width: Double, height: Double) {
        switch vertex.kind {
        case .start: return (16, 16)
        case .completed, .exited, .sectionLoop: return (LayeredLayout.textWidth(vertex.identifier, size: 12) + 28, 28)
        case .step(let kind):
            let text = max(LayeredLayout.textWidth(vertex.identifier, size: 12.5), LayeredLayout.textWidth(kind.description, size: 10))
            return (max(text + 20, 80), 38)
        }
    }

    private func n(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    private func escape(_ text: String) -> String {
        text.replacingScalars(["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;"])
    }
}
