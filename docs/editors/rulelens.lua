-- RuleLens for Neovim 0.7 to 0.10 (init.lua, or :luafile this file). Neovim 0.11+: see rulelens-0.11.lua.
-- Starts `rulelens lsp --stdio` for every file type RuleLens reads; the server itself decides which
-- files hold rules, so other JSON, YAML or TOML files simply get no diagnostics.
local cmd = { 'rulelens', 'lsp', '--stdio' } -- or { 'npx', 'rulelens', 'lsp', '--stdio' } in a project that installed it

-- Codex rule files are Starlark; Neovim would take `*.rules` for another format.
vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
  pattern = { '*/.codex/rules/*.rules', '*/rules/*.rules', '*.codexpolicy' },
  callback = function() vim.bo.filetype = 'starlark' end,
})

local client_id
vim.api.nvim_create_autocmd('FileType', {
  pattern = { 'json', 'jsonc', 'yaml', 'toml', 'starlark' },
  callback = function(args)
    local config = { name = 'rulelens', cmd = cmd, root_dir = vim.fn.getcwd() }
    if vim.lsp.start then
      vim.lsp.start(config) -- 0.8+: reuses the running client for the same root
    else
      client_id = client_id or vim.lsp.start_client(config) -- 0.7: one client, attached to each buffer
      vim.lsp.buf_attach_client(args.buf, client_id)
    end
  end,
})
