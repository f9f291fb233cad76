/// Placeholder until the module is written.
public enum ResultArchiveModule {}
