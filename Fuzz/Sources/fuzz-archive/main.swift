import FuzzDriver

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzDriver.test(.archive, data, size)
}

@_cdecl("LLVMFuzzerCustomMutator")
func customMutator(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    FuzzDriver.mutateZip(data, size, maxSize, seed, resultArchive: true)
}

FuzzDriver.main(testOneInput)
