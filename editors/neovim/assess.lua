-- assess lsp for Neovim's built-in client, 0.7 to 0.11+. Put this file in ~/.config/nvim/plugin/ or paste
-- it into init.lua; it picks the snippet for your Neovim's API. Only surveys get diagnostics, completion
-- and hovers; other JSON is left alone, and JSONC (filetype jsonc) is not claimed.
local cmd = { "assess", "lsp" }
local root_markers = { "assess.json", ".git" }
-- Sent at start and again whenever the client sends workspace/didChangeConfiguration. Add
-- syntaxErrors = false when a JSON server (jsonls) runs too, so syntax errors are shown once.
local settings = { exclude = {}, allowTypes = {} }

if vim.lsp.config and vim.lsp.enable then
  -- Neovim 0.11+
  vim.lsp.config("assess", {
    cmd = cmd,
    filetypes = { "json" },
    root_markers = root_markers,
    init_options = settings,
    settings = { assess = settings },
  })
  vim.lsp.enable("assess")
elseif vim.lsp.start then
  -- Neovim 0.8 to 0.10
  vim.api.nvim_create_autocmd("FileType", {
    pattern = "json",
    callback = function(args)
      local file = vim.api.nvim_buf_get_name(args.buf)
      local marker = vim.fs.find(root_markers, { upward = true, path = vim.fs.dirname(file) })[1]
      vim.lsp.start({
        name = "assess",
        cmd = cmd,
        root_dir = marker and vim.fs.dirname(marker) or vim.fn.getcwd(),
        init_options = settings,
        settings = { assess = settings },
      })
    end,
  })
else
  -- Neovim 0.7: one client, attached to every JSON buffer
  local client_id
  vim.api.nvim_create_autocmd("FileType", {
    pattern = "json",
    callback = function(args)
      client_id = client_id or vim.lsp.start_client({
        name = "assess",
        cmd = cmd,
        root_dir = vim.fn.getcwd(),
        init_options = settings,
        settings = { assess = settings },
      })
      if client_id then
        vim.lsp.buf_attach_client(args.buf, client_id)
      end
    end,
  })
end
