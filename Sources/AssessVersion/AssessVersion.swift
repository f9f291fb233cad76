/// The version printed by `assess --version` and reported to Bowtie: a leaf module, so a program that only
/// needs the version (the Bowtie harness) does not link the command-line library.
public enum AssessVersion {
    /// Semantic version of the tool.
    public static let current = "0.1.0"
}
