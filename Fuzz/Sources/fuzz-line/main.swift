import FuzzDriver

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzDriver.test(.line, data, size)
}

FuzzDriver.main(testOneInput)
