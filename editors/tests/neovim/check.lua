-- Drives Neovim's own LSP client against `assess lsp` with editors/neovim/assess.lua as a user installs it.
-- Run headless by test_neovim.py: nvim --headless --clean -u check.lua, with ASSESS_REPO, SURVEY, BIG and
-- OUT in the environment and `assess` on PATH. Writes what it saw to OUT as JSON, then quits.
local out = { version = tostring(vim.version().major) .. "." .. tostring(vim.version().minor) .. "." .. tostring(vim.version().patch) }
local function finish()
  local file = io.open(os.getenv("OUT"), "w")
  file:write(vim.fn.json_encode(out))
  file:close()
  vim.cmd("qa!")
end

-- --clean leaves filetype detection off: on, as in every user setup. As a plugin file, the config is read
-- at startup; the editing starts once Neovim is up.
vim.cmd("filetype on")
-- ASSESS_NVIM_SNIPPET=0.8 hides the 0.11 API so a newer Neovim runs the 0.8-0.10 snippet (its vim.lsp.start).
local hidden = os.getenv("ASSESS_NVIM_SNIPPET") == "0.8" and vim.lsp.config or nil
if hidden then rawset(vim.lsp, "config", false) end
dofile(os.getenv("ASSESS_REPO") .. "/editors/neovim/assess.lua")
if hidden then rawset(vim.lsp, "config", hidden) end
out.snippet = hidden and "0.8" or "native"

local function run()
  local published = {}
  local original = vim.lsp.handlers["textDocument/publishDiagnostics"]
  vim.lsp.handlers["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
    published[#published + 1] = { uri = result.uri, at = vim.loop.hrtime(), count = #result.diagnostics }
    return original(err, result, ctx, config)
  end

  -- Diagnostics of a survey, by rule id.
  vim.cmd("edit " .. os.getenv("SURVEY"))
  out.attached = vim.wait(15000, function() return #vim.diagnostic.get(0) > 0 end, 20)
  out.codes = {}
  for _, diagnostic in ipairs(vim.diagnostic.get(0)) do
    out.codes[#out.codes + 1] = diagnostic.code or (diagnostic.user_data and diagnostic.user_data.lsp and diagnostic.user_data.lsp.code)
  end

  -- A quick fix from the start of the line, the usual habit: the first action is taken.
  vim.ui.select = function(items, _, on_choice) on_choice(items[1], 1) end
  vim.api.nvim_win_set_cursor(0, { 2, 0 })
  vim.lsp.buf.code_action()
  out.fixed = vim.wait(5000, function() return vim.api.nvim_buf_get_lines(0, 1, 2, false)[1]:find('"followupQ"', 1, true) ~= nil end, 20)

  -- A completion accepted inside an existing string keeps the JSON valid.
  local line = vim.api.nvim_buf_get_lines(0, 2, 3, false)[1]
  local column = line:find('"done"', 1, true) + 2
  local params = { textDocument = { uri = vim.uri_from_bufnr(0) }, position = { line = 2, character = column } }
  local responses = vim.lsp.buf_request_sync(0, "textDocument/completion", params, 5000) or {}
  for _, response in pairs(responses) do
    for _, item in ipairs((response.result or {}).items or {}) do
      if item.label == "intro" then
        local edit = item.textEdit
        if edit.replace then edit = { range = edit.replace, newText = edit.newText } end
        vim.lsp.util.apply_text_edits({ edit }, vim.api.nvim_get_current_buf(), "utf-16")
      end
    end
  end
  out.completed_line = vim.api.nvim_buf_get_lines(0, 2, 3, false)[1]
  out.completed_parses = pcall(vim.fn.json_decode, table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), "\n"))

  -- Other JSON gets nothing.
  vim.cmd("edit " .. os.getenv("OTHER"))
  vim.wait(1500, function() return false end, 50)
  out.other_diagnostics = #vim.diagnostic.get(0)

  -- Latency on a large survey: open to first diagnostics, then a keystroke to fresh diagnostics.
  local opened = vim.loop.hrtime()
  local before = #published
  vim.cmd("edit " .. os.getenv("BIG"))
  vim.wait(20000, function() return #published > before end, 5)
  out.open_ms = (published[#published].at - opened) / 1e6
  out.keystroke_ms = {}
  for round = 1, 6 do
    before = #published
    local typed = vim.loop.hrtime()
    if round % 2 == 1 then
      vim.api.nvim_buf_set_text(0, 0, 1, 0, 1, { " " })
    else
      vim.api.nvim_buf_set_text(0, 0, 1, 0, 2, { "" })
    end
    if vim.wait(10000, function() return #published > before end, 2) then
      out.keystroke_ms[#out.keystroke_ms + 1] = (published[#published].at - typed) / 1e6
    end
  end
end

vim.api.nvim_create_autocmd("VimEnter", {
  nested = true, -- so that :edit fires FileType, which starts the client
  callback = function()
    local ok, problem = pcall(run)
    if not ok then out.error = tostring(problem) end
    finish()
  end,
})
