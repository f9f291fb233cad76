import FuzzDriver

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzDriver.test(.minified, data, size)
}

FuzzDriver.main(testOneInput)
