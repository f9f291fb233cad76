import JSONCore
import JSONSchema
import XCTest
import FileIO
import ZipArchive
@testable import AssessCLI

/// Libraries say what went wrong; only the command line names the option that fixes it.
final class FlagHintsTests: XCTestCase {
    func testAnExistingFileIsALibraryFactAndForceIsTheCLIsHint() {
        let error = FileWriteError.destinationExists("out.zip")
        XCTAssertEqual(error.description, "out.zip already exists")
        XCTAssertEqual(FlagHints.describe(error), "out.zip already exists (use --force to replace it)")
        XCTAssertEqual(FlagHints.describe(.cannotWrite(path: "out.zip", reason: "no space")), FileWriteError.cannotWrite(path: "out.zip", reason: "no space").description)
    }

    func testAnUnresolvedRefIsALibraryFactAndRefDirIsTheCLIsHint() throws {
        let schema: JSONValue = ["$ref": "missing.json#/x"]
        XCTAssertThrowsError(try Validator(schema: schema)) { error in
            guard let error = error as? SchemaError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.message, "cannot resolve $ref \"missing.json#/x\": no registered schema has that URI")
            XCTAssertFalse(error.description.contains("--"), error.description)
            XCTAssertEqual(FlagHints.message(error), error.message + " (load it with --ref-dir)")
        }
    }
}
