import AssessmentModel
import Foundation
import JSONCore
import XCTest
@testable import SurveyFlow

final class SVGLayoutTests: XCTestCase {
    /// A box read back from the SVG: `x y width height`.
    struct Rect: Equatable {
        let x, y, width, height: Double
        func overlaps(_ other: Rect) -> Bool {
            x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
        }
        /// Whether an axis-parallel segment passes through the inside (not just along the border).
        func crossedBy(_ a: (Double, Double), _ b: (Double, Double)) -> Bool {
            let (minX, maxX) = (min(a.0, b.0), max(a.0, b.0)), (minY, maxY) = (min(a.1, b.1), max(a.1, b.1))
            return minX < x + width - 0.5 && maxX > x + 0.5 && minY < y + height - 0.5 && maxY > y + 0.5
        }
    }

    /// The values of every `name="…"` attribute in the SVG, in order.
    func attributes(_ name: String, in svg: String) -> [String] {
        svg.components(separatedBy: " \(name)=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    func rects(_ name: String, in svg: String) -> [Rect] {
        attributes(name, in: svg).map { text in
            let numbers = text.split(separator: " ").compactMap { Double($0) }
            return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        }
    }

    /// Checks an SVG drawing: no two boxes overlap, no label overlaps a box or another label, and no
    /// edge runs through a box other than its own two ends.
    func assertReadable(_ svg: String, vertices: Int, file: StaticString = #filePath, line: UInt = #line) {
        let boxes = rects("data-box", in: svg), labels = rects("data-label-box", in: svg)
        XCTAssertEqual(boxes.count, vertices, "every vertex is drawn", file: file, line: line)
        for i in boxes.indices {
            for j in boxes.indices where j > i {
                XCTAssertFalse(boxes[i].overlaps(boxes[j]), "boxes \(i) and \(j) overlap: \(boxes[i]) \(boxes[j])", file: file, line: line)
            }
            for label in labels { XCTAssertFalse(boxes[i].overlaps(label), "label \(label) overlaps box \(i)", file: file, line: line) }
        }
        for i in labels.indices {
            for j in labels.indices where j > i { XCTAssertFalse(labels[i].overlaps(labels[j]), "labels \(labels[i]) \(labels[j]) overlap", file: file, line: line) }
        }
        let ids = attributes("data-id", in: svg)
        let froms = attributes("data-from", in: svg), tos = attributes("data-to", in: svg)
        let paths = svg.components(separatedBy: "<g class=\"edge\"").dropFirst().map { group in
            String(group.components(separatedBy: " d=\"")[1].prefix { $0 != "\"" })
        }
        XCTAssertEqual(paths.count, froms.count, file: file, line: line)
        for (index, path) in paths.enumerated() {
            let points = path.split(separator: " ").map { token -> (Double, Double) in
                let numbers = token.dropFirst().split(separator: ",").compactMap { Double($0) }
                return (numbers[0], numbers[1])
            }
            for (a, b) in zip(points, points.dropFirst()) {
                XCTAssertTrue(a.0 == b.0 || a.1 == b.1, "edge \(froms[index])→\(tos[index]) has a slanted segment", file: file, line: line)
                for (box, id) in zip(boxes, ids) where id != froms[index] && id != tos[index] {
                    XCTAssertFalse(box.crossedBy(a, b), "edge \(froms[index])→\(tos[index]) runs through \(id)", file: file, line: line)
                }
            }
        }
    }

    /// 50 steps with forward jumps of several lengths, loops back, exits and two sections.
    static let tangled: String = {
        var steps: [String] = []
        for index in 0..<50 {
            var rules: [String] = []
            if index % 4 == 1, index + 5 < 50 { rules.append(#"{"matchingAnswer": 1, "skipToIdentifier": "t\#(index + 5)"}"#) }
            if index % 7 == 3, index > 6 { rules.append(#"{"matchingAnswer": 2, "skipToIdentifier": "t\#(index - 6)"}"#) }
            if index % 11 == 5 { rules.append(#"{"matchingAnswer": 3, "skipToIdentifier": "exit"}"#) }
            if rules.isEmpty {
                steps.append(#"{"type": "instruction", "identifier": "t\#(index)"}"#)
            } else {
                steps.append(#"{"type": "choiceQuestion", "identifier": "t\#(index)", "baseType": "integer", "choices": [{"value": 1}, {"value": 2}, {"value": 3}, {"value": 4}], "surveyRules": [\#(rules.joined(separator: ", "))]}"#)
            }
        }
        return #"{"type": "assessment", "identifier": "tangled", "steps": [\#(steps.joined(separator: ",\n"))]}"#
    }()

    func testExampleSurveyDrawingHasNoOverlapsAndIsDeterministic() throws {
        let graph = Fixtures.graph(try Fixtures.survey("examples/surveys/example-survey.json"))
        let svg = GraphWriter(graph: graph).svg
        assertReadable(svg, vertices: graph.vertices.count)
        XCTAssertEqual(svg, GraphWriter(graph: Fixtures.graph(try Fixtures.survey("examples/surveys/example-survey.json"))).svg)
        // Lint problems show: simpleQ4 is dashed red, the dead rule's edge too.
        XCTAssertTrue(svg.contains(#"data-edges="e6" data-from="n2" data-to="n6"><path"#), svg)
        XCTAssertEqual(svg.components(separatedBy: #"stroke-dasharray="5 3" marker-end="url(#arrow-problem)""#).count - 1, 3, "the dead rule 4, the dead else and the edge out of unreachable simpleQ4")
    }

    func testGeneratedFiftyStepSurveysHaveNoOverlaps() throws {
        for text in [Fixtures.linear(steps: 50), SVGLayoutTests.tangled, Fixtures.branching(questions: 12)] {
            let graph = Fixtures.graph(try Fixtures.survey(text: text))
            XCTAssertGreaterThanOrEqual(graph.vertices.count, 50)
            assertReadable(GraphWriter(graph: graph).svg, vertices: graph.vertices.count)
        }
    }

    func testSectionsAreDrawnAroundTheirSteps() throws {
        let graph = Fixtures.graph(try Fixtures.survey("examples/surveys/sleep-sections.json"))
        let svg = GraphWriter(graph: graph).svg
        assertReadable(svg, vertices: graph.vertices.count)
        XCTAssertEqual(attributes("data-section", in: svg), ["lastNight", "habits", "caffeine"])
        let sections = svg.components(separatedBy: "<g class=\"section\"").dropFirst().map { group -> Rect in
            let x = Double(attributes("x", in: group)[0]) ?? 0, y = Double(attributes("y", in: group)[0]) ?? 0
            return Rect(x: x, y: y, width: Double(attributes("width", in: group)[0]) ?? 0, height: Double(attributes("height", in: group)[0]) ?? 0)
        }
        let boxes = rects("data-box", in: svg), ids = attributes("data-id", in: svg)
        for (vertex, box) in zip(graph.vertices, boxes) {
            guard let cluster = vertex.cluster else { continue }
            let frame = sections[cluster]
            XCTAssertTrue(frame.x <= box.x && frame.y <= box.y && box.x + box.width <= frame.x + frame.width && box.y + box.height <= frame.y + frame.height,
                          "\(ids) \(vertex.identifier) lies inside section \(graph.clusters[cluster].identifier)")
        }
    }

    /// The segments of every edge drawn in the SVG.
    func segments(in svg: String) -> [((Double, Double), (Double, Double))] {
        svg.components(separatedBy: "<g class=\"edge\"").dropFirst().flatMap { group -> [((Double, Double), (Double, Double))] in
            let points = String(group.components(separatedBy: " d=\"")[1].prefix { $0 != "\"" }).split(separator: " ").map { token -> (Double, Double) in
                let numbers = token.dropFirst().split(separator: ",").compactMap { Double($0) }
                return (numbers[0], numbers[1])
            }
            return Array(zip(points, points.dropFirst()))
        }
    }

    func testNoEdgeOrEdgeLabelCrossesASectionsNameAndNamesStayInTheirFrames() throws {
        for file in ["examples/surveys/sleep-sections.json", "examples/surveys/breathing-test.json"] {
            let graph = Fixtures.graph(try Fixtures.survey(file))
            let svg = GraphWriter(graph: graph).svg
            assertReadable(svg, vertices: graph.vertices.count)
            let names = rects("data-title-box", in: svg), edgeLabels = rects("data-label-box", in: svg)
            XCTAssertEqual(names.count, graph.clusters.count, file)
            for name in names {
                for (a, b) in segments(in: svg) { XCTAssertFalse(name.crossedBy(a, b), "\(file): an edge \(a)→\(b) crosses the section name at \(name)") }
                for label in edgeLabels { XCTAssertFalse(name.overlaps(label), "\(file): edge label \(label) over section name \(name)") }
            }
            let frames = svg.components(separatedBy: "<g class=\"section\"").dropFirst().map { group -> Rect in
                let number = { (key: String) in Double(self.attributes(key, in: group)[0]) ?? 0 }
                return Rect(x: number("x"), y: number("y"), width: number("width"), height: number("height"))
            }
            for (name, frame) in zip(names, frames) {
                XCTAssertTrue(frame.x < name.x && name.x + name.width < frame.x + frame.width && frame.y < name.y, "\(file): \(name) inside \(frame)")
            }
        }
    }

    func testTheLegendWrapsWithinTheDrawing() throws {
        for file in ["examples/surveys/mood-loop.json", "examples/surveys/sleep-sections.json", "examples/surveys/example-survey.json"] {
            let graph = Fixtures.graph(try Fixtures.survey(file))
            let writer = GraphWriter(graph: graph)
            let layout = LayeredLayout(graph: graph, size: { GraphWriter.boxSize(graph.vertices[$0]) }, label: writer.edgeLabel)
            let svg = writer.svg
            let width = Double(attributes("width", in: svg)[0]) ?? 0
            XCTAssertEqual(width, layout.width, accuracy: 0.1, "\(file): the legend does not widen the drawing")
            let legend = try XCTUnwrap(svg.components(separatedBy: "<g class=\"legend\">").last?.components(separatedBy: "</g>").first)
            let texts = legend.components(separatedBy: "<text x=\"").dropFirst().map { item -> Double in
                let x = Double(item.prefix { $0 != "\"" }) ?? 0
                let text = item.components(separatedBy: ">")[1].prefix { $0 != "<" }
                return x + LayeredLayout.textWidth(String(text), size: 10)
            }
            XCTAssertLessThanOrEqual(texts.max() ?? 0, width - LayeredLayout.margin, "\(file): every key inside the margin")
        }
    }

    func testCoordinatesFitNeighboursInOrderAndCyclesBreakByDocumentOrder() {
        XCTAssertEqual(LayeredLayout.nonDecreasingFit([3, 1, 2]), [2, 2, 2])
        XCTAssertEqual(LayeredLayout.nonDecreasingFit([1, 5, 2, 8]), [1, 3.5, 3.5, 8])
        XCTAssertEqual(LayeredLayout.backEdges(links: [(0, 1), (1, 2), (2, 1), (3, 0)]), [2, 3])
        XCTAssertEqual(LayeredLayout.layers(count: 4, links: [(0, 1), (1, 2), (0, 2), (2, 3)], reversed: []), [0, 1, 2, 3])
        XCTAssertEqual(LayeredLayout.crossings([[0, 1], [2, 3]], down: [[3], [2], [], []], size: 4), 1)
    }
}
