-- RuleLens for Neovim 0.11+ (init.lua). Neovim 0.7 to 0.10: see rulelens.lua.
-- Codex rule files are Starlark; Neovim would take `*.rules` for another format.
vim.filetype.add({
  pattern = { ['.*/%.codex/rules/.*%.rules'] = 'starlark', ['.*/rules/.*%.rules'] = 'starlark' },
  extension = { codexpolicy = 'starlark' },
})
vim.lsp.config('rulelens', {
  cmd = { 'rulelens', 'lsp', '--stdio' }, -- or { 'npx', 'rulelens', 'lsp', '--stdio' } in a project that installed it
  filetypes = { 'json', 'jsonc', 'yaml', 'toml', 'starlark' },
  root_markers = { '.rulelens.json', 'opencode.json', 'opencode.jsonc', '.opencode', '.claude', '.codex', '.gemini', '.omp', '.attesso', '.git' },
})
vim.lsp.enable('rulelens')
