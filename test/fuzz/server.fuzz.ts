import * as assert from 'assert';
import fc from 'fast-check';
import { createLanguageService } from '../../server/service/language-service';
import { DIALECTS, initDialects } from '../../shared/dialects';
import { SourceText } from '../../shared/model';
import { assertRangeIn, CORPUS, fileNameOf, fuzzOptions, isRequestsPath } from './common';
import { mutated } from './mutate';

/** Every editor feature on a random position of a random document: no exception, ranges in the text. */
describe('fuzz: the language service on mutated documents', function () {
  this.timeout(0);
  before(() => initDialects());

  const rules = CORPUS.filter((f) => !isRequestsPath(f.path)).map((f) => f.text);
  const requests = CORPUS.filter((f) => isRequestsPath(f.path)).map((f) => f.text);
  const names = DIALECTS.map(fileNameOf);

  it('validates, hovers, completes and lists symbols without throwing', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...names),
        fc.constantFrom(...rules, '{}').chain(mutated),
        fc.constantFrom(...requests, '{"requests": []}').chain(mutated),
        fc.nat(),
        fc.nat(),
        (name, ruleText, requestText, line, character) => {
          const rulePath = `/ws/${name}`;
          const requestsPath = rulePath.replace(/\.(?:jsonc?|ya?ml)$/, '.requests.json');
          const files = new Map([[rulePath, ruleText], [requestsPath, requestText]]);
          const ls = createLanguageService({ readFile: (p) => files.get(p), exists: (p) => files.has(p), ctx: { home: '/home/u', root: '/ws' } });
          for (const [p, text] of files) {
            const uri = `file://${p}`;
            ls.setDocument(uri, text, 1);
            const src = new SourceText(text);
            for (const diag of ls.doValidation(uri)) {
              assertRangeIn(src, diag.range, `${p} diagnostic ${String(diag.code)}`);
              assert.ok((typeof diag.message === 'string' ? diag.message : diag.message.value).length > 0);
            }
            ls.validate(uri);
            const pos = { line: line % (src.lineCount + 1), character: character % 80 };
            ls.doHover(uri, pos);
            ls.completion(uri, pos);
            ls.documentSymbols(uri);
            ls.codeLenses(uri);
            ls.codeActions(uri, { start: pos, end: pos }, { diagnostics: [] });
            ls.listRequests(uri);
          }
        },
      ),
      fuzzOptions(0.25),
    );
  });
});
