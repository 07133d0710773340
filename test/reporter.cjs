// The spec reporter plus the plain closing line CI reads: "N passed, M failed".
'use strict';
const Mocha = require('mocha');

class CountingSpec extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once('end', () => {
      const s = runner.stats;
      const extra = s.pending ? `, ${s.pending} skipped` : '';
      process.stdout.write(`\n${s.passes} passed, ${s.failures} failed${extra}\n`);
    });
  }
}
module.exports = CountingSpec;
