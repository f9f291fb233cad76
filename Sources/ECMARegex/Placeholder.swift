/// Placeholder until the module is written.
public enum ECMARegexModule {}
