import { strict as assert } from 'assert';
import { redactText, redactValue } from '../../../shared/history/redact';

describe('history: secrets are redacted by pattern', () => {
  const cases: Array<[string, string]> = [
    ['curl -H "Authorization: Bearer abcdef0123456789" https://x', 'curl -H "Authorization: Bearer [REDACTED]" https://x'],
    ['GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789 git push', 'GITHUB_TOKEN=[REDACTED] git push'],
    ['echo ghp_abcdefghijklmnopqrstuvwxyz0123456789', 'echo [REDACTED]'],
    ['aws s3 ls --profile x AKIAABCDEFGHIJKLMNOP', 'aws s3 ls --profile x [REDACTED]'],
    ['mysql --password=hunter22 -u root', 'mysql --password=[REDACTED] -u root'],
    ['mysql --password hunter22', 'mysql --password [REDACTED]'],
    ['git clone https://user:s3cret@github.com/o/r.git', 'git clone https://user:[REDACTED]@github.com/o/r.git'],
    ['curl "https://api.x.dev/v1?api_key=abc123&q=1"', 'curl "https://api.x.dev/v1?api_key=[REDACTED]&q=1"'],
    ['export OPENAI_API_KEY="sk-proj-abcdefghijklmnopqrstuvwxyz"', 'export OPENAI_API_KEY=[REDACTED]'],
    ['curl -u admin:pa55word https://x', 'curl -u admin:[REDACTED] https://x'],
    ['node -e 0 eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U', 'node -e 0 [REDACTED]'],
  ];
  for (const [input, want] of cases) it(input.slice(0, 50), () => assert.equal(redactText(input), want));

  it('keeps text without secrets unchanged', () => {
    for (const s of ['npm test', 'git commit -m "token handling"', 'ls --color=auto', 'cat ~/.ssh/known_hosts']) assert.equal(redactText(s), s);
  });

  it('redacts every string of a tool input, not the keys, and says so', () => {
    const r = redactValue({ command: 'x', headers: { auth: 'Bearer abcdefghij0123' }, list: ['TOKEN=abc'] });
    assert.equal(r.changed, true);
    assert.deepEqual(r.value, { command: 'x', headers: { auth: 'Bearer [REDACTED]' }, list: ['TOKEN=[REDACTED]'] });
    assert.equal(redactValue({ command: 'npm test' }).changed, false);
  });

  it('a private key block is cut whole', () => {
    const s = 'printf "-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----" > k';
    assert.equal(redactText(s), 'printf "-----BEGIN RSA PRIVATE KEY-----[REDACTED]" > k');
  });
});
