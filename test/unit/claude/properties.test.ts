import { strict as assert } from 'assert';
import fc from 'fast-check';
import { evaluateClaude, initShellParser, parseClaude } from '../../../shared/dialects/claude';

// `Bash(**)` is a pattern that matches every command; `Bash(*)` is not: the agent reads it as the bare tool.
const rs = parseClaude({ path: '/p/.claude/settings.json', text: JSON.stringify({ permissions: { deny: ['Bash(rm -rf *)'], allow: ['Bash(**)'] } }) });
const shellish = fc.string({ unit: fc.constantFrom('a', ' ', ';', '&', '|', '(', ')', '$', '`', '"', "'", '\\', '\n', '<', '>', '{', '}', '=', '*', '#'), maxLength: 40 });

describe('claude: properties', () => {
  before(() => initShellParser());

  it('never throws, and always yields a decision, on shell-like noise', () => {
    fc.assert(fc.property(shellish, (command) => {
      const v = evaluateClaude(rs, { tool: 'Bash', command });
      assert.ok(['allow', 'ask', 'deny'].includes(v.decision));
    }), { numRuns: 500 });
  });

  // Without `#`, `<` and `\`: a comment, a heredoc or a line continuation legitimately swallow the rm.
  const prefixes = fc.string({ unit: fc.constantFrom('a', ' ', ';', '&', '|', '(', ')', '$', '`', '"', "'", '\n', '>', '{', '}', '=', '*'), maxLength: 40 });

  it('a denied command chained after anything is never allowed', () => {
    fc.assert(fc.property(prefixes, fc.constantFrom(' && ', '; ', ' | ', '\n', ' || '), (prefix, op) => {
      const v = evaluateClaude(rs, { tool: 'Bash', command: `${prefix}${op}rm -rf /` });
      assert.notEqual(v.decision, 'allow');
    }), { numRuns: 500 });
  });

  // Under the bare tool, which approves whatever a command hides, only the deny can stop the rm: it
  // must see every command bash would run (`$` + newline is a lone `$` and a new line to bash).
  it('under a bare Bash allow, a denied command chained after anything is never allowed', () => {
    const bare = parseClaude({ path: '/p/.claude/settings.json', text: JSON.stringify({ permissions: { deny: ['Bash(rm -rf *)'], allow: ['Bash'] } }) });
    // Blanks between the `$` and the newline change nothing (2.1.328 and 2.1.332 deny each).
    for (const command of ['$\nrm -rf /', '$ \nrm -rf /', '$\t\nrm -rf /', '$  \n\nrm -rf /']) assert.equal(evaluateClaude(bare, { tool: 'Bash', command }).decision, 'deny', JSON.stringify(command));
    // And with allows for both lines, it asks ("This command can't be checked before it runs", both versions).
    const both = parseClaude({ path: '/p/.claude/settings.json', text: JSON.stringify({ permissions: { allow: ['Bash(echo *)', 'Bash(ls)'] } }) });
    for (const command of ['echo $\nls', 'echo $ \nls']) assert.equal(evaluateClaude(both, { tool: 'Bash', command }).decision, 'ask', JSON.stringify(command));
    fc.assert(fc.property(prefixes, fc.constantFrom(' && ', '; ', ' | ', '\n', ' || '), (prefix, op) => {
      assert.notEqual(evaluateClaude(bare, { tool: 'Bash', command: `${prefix}${op}rm -rf /` }).decision, 'allow');
    }), { numRuns: 500 });
  });
});
