import XCTest

/// The scanner behind `PublicDocCommentTests`, on small texts: what it reports and what it lets pass.
final class PublicDeclarationScannerTests: XCTestCase {
    private func undocumentedLines(_ source: String) -> [Int] {
        PublicDeclarationScanner.undocumented(in: source, file: "F.swift").map(\.line)
    }

    func testReportsFileLineAndDeclaration() {
        let found = PublicDeclarationScanner.undocumented(in: "struct A {}\n\npublic func run(_ x: Int) {}\n", file: "S/A.swift")
        XCTAssertEqual(found.map(\.description), ["S/A.swift:3: public func run(_ x: Int) {}"])
    }

    func testEveryKindOfPublicDeclarationIsChecked() {
        let source = """
            public struct S {
                public init() {}
                public init?(text: String) { nil }
                public var value: Int { 1 }
                public private(set) var count = 0
                private(set) public var other = 0
                public static let shared = S()
                public subscript(index: Int) -> Int { index }
                public static func == (lhs: S, rhs: S) -> Bool { true }
                public mutating func reset() {}
                public typealias Element = Int
            }
            open class C {
                open class func make() -> C { C() }
                public final class Nested {}
                @inlinable public func inlined() {}
                nonisolated(unsafe) public static var state = 0
            }
            public enum E {}
            public protocol P {}
            public actor A {}
            """
        XCTAssertEqual(undocumentedLines(source), Array(1...11) + Array(13...17) + Array(19...21))
    }

    func testDocCommentsWithAttributesBetweenPass() {
        let source = """
            /// One line.
            public struct S {
                /// Says what.
                @inlinable
                @available(*, deprecated, message: "use other")
                public func a() {}
                /**
                 A block doc comment.
                 */
                public func b() {}
                /** On one line. */ 
                @discardableResult public func c() -> Int { 1 }
            }
            """
        XCTAssertEqual(undocumentedLines(source), [])
    }

    func testPlainCommentsAndSeparatedDocCommentsDoNotCount() {
        let source = """
            // A plain comment.
            public func a() {}
            /* A plain block. */
            public func b() {}
            //// Four slashes are a plain comment.
            public func c() {}
            /// Not directly above: a line of code between.
            let x = 1
            public func d() {}
            /// A blank line between.

            public func e() {}
            """
        XCTAssertEqual(undocumentedLines(source), [2, 4, 6, 9, 12])
    }

    func testInternalAndPrivateDeclarationsAndEnumCasesAreNotChecked() {
        let source = """
            struct S { func a() {} }
            internal func b() {}
            private var c = 0
            fileprivate struct D {}
            package func e() {}
            /// The enum's comment covers its cases.
            public enum F {
                case one
                case two(Int)
            }
            func publicFunc() {}
            let publicValue = 1
            """
        XCTAssertEqual(undocumentedLines(source), [])
    }

    func testWordsInStringsAndCommentsAreNotDeclarations() {
        let source = #"""
            let a = "public func notOne() {}"
            let b = """
                public func notOne() {}
                """
            let c = #"public "quoted" func \(x)"#
            let d = "\("nested \"public\" string")"
            /* public func notOne() {}
               /* nested */ public func stillComment() {} */
            let e = "\(f("}"))"
            public func real() {}
            """#
        XCTAssertEqual(undocumentedLines(source), [10])
    }

    func testMembersOfPublicProtocolsAndPublicExtensionsAreChecked() {
        let source = """
            /// A protocol.
            public protocol P {
                var id: String { get }
                /// Documented.
                func run()
                associatedtype Item
            }
            /// Internal: its members are not public.
            protocol Q {
                func hidden()
            }
            public extension String {
                func shout() -> String { let inner = self; return inner }
                private func quiet() {}
            }
            extension Int {
                func plain() {}
            }
            """
        XCTAssertEqual(undocumentedLines(source), [3, 6, 13])
    }

    func testLibraryTargetsAreReadFromTheManifest() {
        let manifest = """
            let package = Package(name: "p", targets: [
                .target(name: "A", dependencies: ["B", .product(name: "X", package: "y")]),
                .target(
                    name: "B",
                    path: "Custom/B"
                ),
                .executableTarget(name: "tool", dependencies: ["A"]),
                .testTarget(name: "ATests", dependencies: ["A"]),
                .systemLibrary(name: "CZ", path: "Sources/CZ"),
            ])
            """
        XCTAssertEqual(PackageManifest.libraryTargets(in: manifest), [
            PackageManifest.Target(name: "A", path: "Sources/A"),
            PackageManifest.Target(name: "B", path: "Custom/B"),
        ])
    }
}
