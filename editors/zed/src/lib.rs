// Zed starts language servers only through extensions: this one runs `assess lsp` from PATH for JSON
// (Zed's JSONC is not claimed). Options come from Zed's settings, `lsp.assess.initialization_options` and
// `lsp.assess.settings`; syntax errors are left to Zed's own JSON server unless `syntaxErrors` says otherwise.
use zed_extension_api::{self as zed, serde_json, settings::LspSettings, LanguageServerId, Result};

struct Assess;

impl zed::Extension for Assess {
    fn new() -> Self {
        Assess
    }

    fn language_server_command(&mut self, _id: &LanguageServerId, worktree: &zed::Worktree) -> Result<zed::Command> {
        let command = worktree.which("assess").ok_or("assess is not on PATH (build it with `swift build -c release`)")?;
        Ok(zed::Command { command, args: vec!["lsp".into()], env: worktree.shell_env() })
    }

    fn language_server_initialization_options(&mut self, id: &LanguageServerId, worktree: &zed::Worktree) -> Result<Option<serde_json::Value>> {
        let mut options = LspSettings::for_worktree(id.as_ref(), worktree).ok().and_then(|s| s.initialization_options).unwrap_or_else(|| serde_json::json!({}));
        if let Some(members) = options.as_object_mut() {
            members.entry("syntaxErrors").or_insert(serde_json::Value::Bool(false));
        }
        Ok(Some(options))
    }

    fn language_server_workspace_configuration(&mut self, id: &LanguageServerId, worktree: &zed::Worktree) -> Result<Option<serde_json::Value>> {
        let settings = LspSettings::for_worktree(id.as_ref(), worktree).ok().and_then(|s| s.settings);
        Ok(settings.map(|settings| serde_json::json!({ "assess": settings })))
    }
}

zed::register_extension!(Assess);
