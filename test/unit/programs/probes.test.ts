import { strict as assert } from 'assert';
import fc from 'fast-check';
import { CATALOG, MAX_PROBES, probesFor } from '../../../shared/programs';

const spell = (template: string, program: string) => template.split('{P}').join(program);

/** What a wildcard program proposes, spelled out from the catalog one witness at a time. */
function everyWitness(pattern: string, start: string): string[] {
  const lastStar = Math.max(pattern.lastIndexOf('*'), pattern.lastIndexOf('?'));
  const tail = lastStar >= 0 ? pattern.slice(lastStar + 1) : '';
  const out: string[] = [];
  for (const p of CATALOG) for (const c of p.capabilities) for (const w of c.witnesses) {
    const command = spell(w, p.names[0]);
    if (out.length >= MAX_PROBES || !command.startsWith(start)) continue;
    for (const x of tail && !command.endsWith(tail) ? [command, command + tail] : [command]) if (!out.includes(x)) out.push(x);
  }
  return out;
}

describe('programs: probes for a pattern whose program is a wildcard', () => {
  const starts = CATALOG.flatMap((p) => p.capabilities.flatMap((c) => c.witnesses.map((w) => spell(w, p.names[0]))));

  it('propose every witness that starts as the pattern must, in catalog order, whatever the start', () => {
    const start = fc.oneof(
      fc.constant(''),
      fc.constantFrom(...starts).chain((s) => fc.nat(s.length).map((n) => s.slice(0, n))),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(fc.property(fc.constantFrom('*', '* x', 'p* -c *', '?ython *', 'area5/part2/*'), start, (pattern, s) => {
      assert.deepEqual(probesFor(pattern, s).map((p) => p.command), everyWitness(pattern, s), `${pattern} from ${JSON.stringify(s)}`);
    }), { numRuns: 400, seed: 35 });
  });

  it('spell each follow-up with the program, and give every probe its own list', () => {
    const all = probesFor('*');
    const withFollowUp = all.find((p) => p.followUp.length > 0);
    assert.ok(withFollowUp, 'the catalog has a witness with a follow-up');
    assert.ok(withFollowUp.followUp.every((f) => !f.includes('{P}') && f.includes(withFollowUp.program.names[0])));
    withFollowUp.followUp.push('changed');
    assert.ok(!probesFor('*').some((p) => p.followUp.includes('changed')));
    assert.deepEqual(probesFor('area5/part2/*', 'area5/part2/'), []);
  });
});
