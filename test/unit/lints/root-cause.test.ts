import { strict as assert } from 'assert';
import { oneRootCause } from '../../../shared/analysis/report';
import { finding, type Range } from '../../../shared/model';

const at = (line: number): Range => ({ start: { line, character: 4 }, end: { line, character: 20 } });

describe('one finding per rule per root cause', () => {
  it('a rule that never decides needs nothing else said about it', () => {
    const dead = finding('dead-rule', 'information', 'rule 2 decides nothing', at(2));
    const exact = finding('exact-command-pattern', 'information', 'allows exactly one command', at(2));
    const other = finding('exact-command-pattern', 'information', 'another rule', at(3));
    assert.deepEqual(oneRootCause([dead, exact, other]), [dead, other]);
  });

  it('an information root cause never hides a warning on the same rule', () => {
    // `edit * allow` appended after `edit * ask`: the duplicate note sits on the broad rule, which overrides a deny.
    const duplicate = finding('duplicate-rule', 'information', 'the same action and pattern as rule 1', at(6));
    const broad = finding('broad-catch-all', 'warning', 'rule 4 overrides rule 3: edit secrets/* deny', at(6));
    assert.deepEqual(oneRootCause([duplicate, broad]), [duplicate, broad]);
  });

  it('files and requests findings always stay', () => {
    const shadow = finding('shadowed-deny', 'warning', 'never decides', at(1));
    const schema = finding('schema', 'error', 'bad value', at(1));
    assert.deepEqual(oneRootCause([shadow, schema]), [shadow, schema]);
  });
});
