/**
 * The import boundaries `npm run lint` enforces (ADR 0052): layers of the server and the web app, and no
 * import cycle anywhere (server, web, contract), counted with type-only imports too: a cycle of types
 * is still two files (or two modules) that cannot be understood or changed one without the other.
 */
const S = '^apps/server/src/';
const W = '^apps/web/src/';
const TESTS = '\\.(test|e2e)\\.tsx?$';

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'No file takes part in an import cycle.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-module-cycle',
      comment:
        'No server module (a folder under modules/) takes part in a cycle of modules: a module that needs one above it gets a function handed in (see ExamDeps.book). Tests, like app.ts, wire modules together and are left out.',
      severity: 'error',
      scope: 'folder',
      from: { path: S + 'modules/[^/]+$' },
      to: { circular: true },
    },
    {
      name: 'server-platform-not-modules',
      comment: 'db, http, lib, workers and integrations are beneath the modules: they never import one.',
      severity: 'error',
      from: { path: S + '(db|http|lib|workers|integrations)/', pathNot: TESTS },
      to: { path: S + 'modules/' },
    },
    {
      name: 'web-lib-is-bottom',
      comment: 'web lib/ is the bottom layer: it imports no other folder of the app.',
      severity: 'error',
      from: { path: W + 'lib/' },
      to: { path: W + '(api|ui|features|pages|admin|app)/' },
    },
    {
      name: 'web-api-below-ui',
      comment: 'web api/ (the client, the session, the portal config) imports only lib/.',
      severity: 'error',
      from: { path: W + 'api/' },
      to: { path: W + '(ui|features|pages|admin|app)/' },
    },
    {
      name: 'web-ui-is-generic',
      comment: 'web ui/ holds the generic pieces (table, pager, list states, URL state): no domain feature, page or area.',
      severity: 'error',
      from: { path: W + 'ui/' },
      to: { path: W + '(features|pages|admin|app)/' },
    },
    {
      name: 'web-features-below-pages',
      comment: 'web features/ are used by pages, the admin area and the app frame, and never import them.',
      severity: 'error',
      from: { path: W + 'features/' },
      to: { path: W + '(pages|admin|app)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/', TESTS] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    cache: false,
  },
};
