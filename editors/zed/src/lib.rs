// Zed starts language servers only through extensions: this one runs `assess lsp` from PATH.
use zed_extension_api::{self as zed, LanguageServerId, Result};

struct Assess;

impl zed::Extension for Assess {
    fn new() -> Self {
        Assess
    }

    fn language_server_command(&mut self, _id: &LanguageServerId, worktree: &zed::Worktree) -> Result<zed::Command> {
        let command = worktree.which("assess").ok_or("assess is not on PATH (build it with `swift build -c release`)")?;
        Ok(zed::Command { command, args: vec!["lsp".into()], env: worktree.shell_env() })
    }
}

zed::register_extension!(Assess);
