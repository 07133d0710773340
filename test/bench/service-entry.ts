/**
 * What the benchmarks time in process, bundled as the server ships (`node esbuild.mjs --bench`
 * writes `dist/bench-service.js`): code run through the test loader instead calls across modules
 * through getters, and a large file's open took half as long again that way.
 */
export { checkRuleFile, lintRuleSet, loadRuleSet } from '../../shared/check/check-file';
export { initDialects } from '../../shared/dialects';
export { createLanguageService } from '../../server/service/language-service';
export { createBaseTextReader } from '../../server/base-text';
export { fileExists, readText } from '../../shared/host/node-fs';
