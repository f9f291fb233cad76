/// What a parse keeps besides the tape, known when compiling: the common parse keeps no path, no
/// position and no line, and so carries no test for them in its loops.
protocol ParseMode {
    /// False for a parse keeping no path and no position.
    static var mayTrack: Bool { get }
    /// True for a parse that also writes the text's compact line (`LineWriter`).
    static var writesLine: Bool { get }
}

/// A parse keeping no path and no position (`tracksPaths` and `recordPositions` both false).
enum Untracked: ParseMode {
    static var mayTrack: Bool { false }
    static var writesLine: Bool { false }
}

/// A parse that may keep paths or positions, as the parser state's flags say.
enum Tracked: ParseMode {
    static var mayTrack: Bool { true }
    static var writesLine: Bool { false }
}

/// A parse keeping no path and no position that writes the compact line as it reads.
enum LineWriting: ParseMode {
    static var mayTrack: Bool { false }
    static var writesLine: Bool { true }
}
