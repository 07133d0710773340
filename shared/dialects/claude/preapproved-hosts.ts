// The documentation sites Claude Code fetches from without a rule: after deny, ask and allow rules
// found nothing, WebFetch of a URL on this list is allowed ("Preapproved host" in the agent's
// trace). Entries with a path approve that path and everything under it; on github.com and
// raw.githubusercontent.com only repository pages on the default branch `main` qualify. The list
// and the path rules are facts observed in the published CLI 2.1.328 and checked by the
// differential test; a URL the rules do not clearly cover is not preapproved (stricter).

const HOSTS_AND_PREFIXES = [
  'platform.claude.com', 'code.claude.com', 'claude.dev', 'www.claude.dev', 'claude.com/docs', 'modelcontextprotocol.io',
  'github.com/anthropics', 'github.com/anthropic-experimental', 'raw.githubusercontent.com/anthropics',
  'raw.githubusercontent.com/anthropic-experimental', 'agentskills.io', 'docs.python.org', 'en.cppreference.com', 'docs.oracle.com',
  'learn.microsoft.com', 'developer.mozilla.org', 'go.dev/doc', 'go.dev/ref', 'www.php.net', 'docs.swift.org', 'kotlinlang.org',
  'ruby-doc.org', 'doc.rust-lang.org', 'www.typescriptlang.org', 'react.dev', 'angular.io', 'vuejs.org', 'nextjs.org', 'expressjs.com',
  'nodejs.org', 'bun.sh', 'jquery.com', 'getbootstrap.com', 'tailwindcss.com', 'd3js.org', 'threejs.org', 'redux.js.org',
  'webpack.js.org', 'jestjs.io', 'reactrouter.com', 'docs.djangoproject.com', 'flask.palletsprojects.com', 'fastapi.tiangolo.com',
  'pandas.pydata.org', 'numpy.org', 'www.tensorflow.org', 'pytorch.org', 'scikit-learn.org', 'matplotlib.org', 'requests.readthedocs.io',
  'jupyter.org', 'laravel.com', 'symfony.com', 'wordpress.org/documentation', 'docs.spring.io', 'hibernate.org', 'tomcat.apache.org',
  'gradle.org', 'maven.apache.org', 'asp.net', 'dotnet.microsoft.com', 'blazor.net', 'reactnative.dev', 'docs.flutter.dev',
  'developer.apple.com', 'developer.android.com', 'keras.io', 'spark.apache.org', 'huggingface.co/docs', 'www.kaggle.com/docs',
  'www.mongodb.com', 'redis.io', 'www.postgresql.org', 'dev.mysql.com', 'www.sqlite.org', 'graphql.org', 'prisma.io', 'docs.getdbt.com',
  'docs.aws.amazon.com', 'cloud.google.com', 'kubernetes.io', 'www.docker.com', 'www.terraform.io', 'www.ansible.com', 'vercel.com/docs',
  'docs.stripe.com', 'docs.netlify.com', 'devcenter.heroku.com', 'dev.wix.com/docs', 'cypress.io', 'selenium.dev', 'docs.unity.com',
  'docs.unrealengine.com', 'git-scm.com', 'nginx.org', 'httpd.apache.org',
];

/** Hosts whose every page is preapproved. */
const WHOLE_HOSTS = new Set(HOSTS_AND_PREFIXES.filter((e) => !e.includes('/')));
/** Hosts preapproved under some paths only. */
const PATH_PREFIXES = new Map<string, string[]>();
for (const e of HOSTS_AND_PREFIXES) {
  const slash = e.indexOf('/');
  if (slash < 0) continue;
  const host = e.slice(0, slash);
  PATH_PREFIXES.set(host, [...(PATH_PREFIXES.get(host) ?? []), e.slice(slash)]);
}
/** Hosts where a prefix further needs a repository page on `main` (an organisation owns the prefix, not the page). */
const REPOSITORY_HOSTS = new Set(['github.com', 'raw.githubusercontent.com']);
/** The one GitHub prefix approved without the repository-page test. */
const WHOLE_ORGANISATION = 'github.com/anthropics';
/** A percent-encoded `/`, `\` or `.` (even double-encoded) could step out of a prefix: never preapproved. */
const ENCODED_SEPARATOR = /%(?:25)*(?:2f|5c|2e)/i;

function repositoryPage(host: string, path: string): boolean {
  if (host === 'raw.githubusercontent.com') return /^\/[^/]+\/[^/]+\/refs\/heads\/main\/./.test(path);
  return /^\/[^/]+\/[^/]+(?:\/?|\/(?:tree|blob)\/main(?:\/.*)?)$/.test(path);
}

/**
 * Whether WebFetch of `url` needs no rule on the agent: the URL's host (and path, for path entries)
 * is on its built-in documentation list. A URL that does not parse is not preapproved.
 * @example preapprovedUrl('https://docs.python.org/3/') // true
 * @example preapprovedUrl('https://github.com/someone/repo') // false
 */
export function preapprovedUrl(url: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  const host = u.hostname;
  const path = u.pathname;
  if (WHOLE_HOSTS.has(host)) return true;
  const prefixes = PATH_PREFIXES.get(host);
  if (!prefixes || ENCODED_SEPARATOR.test(path)) return false;
  for (const prefix of prefixes) {
    if (path !== prefix && !path.startsWith(`${prefix}/`)) continue;
    // The first prefix that covers the path decides.
    return !REPOSITORY_HOSTS.has(host) || host + prefix === WHOLE_ORGANISATION || repositoryPage(host, path);
  }
  return false;
}
