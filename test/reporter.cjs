// The spec reporter plus the plain closing lines CI reads: one "failed test: <full title>" per
// failure (so a failing part of CI says which tests failed), then "N passed, M failed".
'use strict';
const Mocha = require('mocha');

class CountingSpec extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const failed = [];
    runner.on('fail', (test) => failed.push(test.fullTitle()));
    runner.once('end', () => {
      const s = runner.stats;
      const extra = s.pending ? `, ${s.pending} skipped` : '';
      const list = failed.map((t) => `failed test: ${t.replace(/\s+/g, ' ')}\n`).join('');
      process.stdout.write(`\n${list}${s.passes} passed, ${s.failures} failed${extra}\n`);
    });
  }
}
module.exports = CountingSpec;
