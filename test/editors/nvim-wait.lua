-- Run after opening a rule file with the RuleLens snippet loaded: waits until the server's
-- diagnostics arrive, prints them, and quits 0 when one has the lint code in $EXPECT (1 if not).
-- The wait is only a safety net against a hang; a loaded machine makes it slower, not wrong.
local expect = os.getenv('EXPECT') or ''
local function has()
  for _, d in ipairs(vim.diagnostic.get(0)) do
    if d.code == expect then return true end
  end
  return false
end
local ok = vim.wait(60000, has, 100)
local codes = {}
for _, d in ipairs(vim.diagnostic.get(0)) do table.insert(codes, tostring(d.code)) end
io.stdout:write(string.format('filetype=%s diagnostics=%s\n', vim.bo.filetype, table.concat(codes, ',')))
vim.cmd(ok and 'qa!' or 'cquit')
