-- assess lsp for Neovim 0.11+ (built-in client). Put this file in ~/.config/nvim/plugin/ or paste it
-- into init.lua. Surveys are JSON files; the server leaves other JSON alone (syntax, known $schema only).
vim.lsp.config("assess", {
  cmd = { "assess", "lsp" },
  filetypes = { "json", "jsonc" },
  root_markers = { "assess.json", ".git" },
  init_options = { exclude = {}, allowTypes = {} },
})
vim.lsp.enable("assess")

-- Neovim 0.10 instead:
-- vim.api.nvim_create_autocmd("FileType", { pattern = { "json", "jsonc" }, callback = function(args)
--   vim.lsp.start({ name = "assess", cmd = { "assess", "lsp" },
--     root_dir = vim.fs.root(args.buf, { "assess.json", ".git" }) })
-- end })
