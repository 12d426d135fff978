/**
 * The import boundaries `npm run lint` enforces (ADR 0052): the server's layers and tables, and no
 * import cycle in the server or the contract (the web app's layers are not enforced yet: see the ADR), counted with type-only imports too: a cycle of types
 * is still two files (or two modules) that cannot be understood or changed one without the other.
 */
import fs from 'node:fs';
import path from 'node:path';

const S = '^apps/server/src/';
const TESTS = '\\.(test|e2e)\\.tsx?$';

/** Each schema file under db/schema/ and the module that owns (and alone writes) its tables (ARCHITECTURE.md §4). */
const TABLE_OWNERS = {
  admin: ['admin'],
  catalog: ['catalog'],
  certificate: ['certificate'],
  content: ['content'],
  exam: ['exam'],
  import: ['imports'],
  inbox: ['inbox'],
  jobs: ['jobs'],
  learning: ['learning'],
  media: ['media'],
  mistakes: ['mistakes'],
  notes: ['notes'],
  person: ['people'],
  platform: ['platform'],
  teacher: ['teaching', 'remind'],
  uc: ['uc'],
  work: ['work'],
};

/**
 * Another module's schema files a module imported when this rule came, to go behind the owner's
 * service one by one; a new entry needs a reason here. Most are reads of names and units for a list.
 * The ones marked WRITES break "no module writes another's tables" and are the first to move.
 */
const CROSS_TABLE_BASELINE = {
  catalog: ['exam', 'certificate', 'learning', 'notes', 'teaching', 'work'], // reads exams (an exam's public face in the catalogue); the course and training administration reads enrolments, progress, notes, classes, exams, assignments and certificates only to count and to refuse (ADR 0051)
  certificate: ['catalog', 'exam', 'people'], // WRITES installs (certificate settings of an install); reads years, exams, units, persons
  exam: ['catalog', 'people', 'teaching'], // the exam administration reads topics, persons and classes for its lists and results
  content: ['catalog', 'certificate', 'people', 'platform', 'uc'], // reads installs, certificates, cities/units/persons, the audit log, sessions (the index counts)
  import: ['exam', 'people'], // reads the question types and persons
  learning: ['catalog'], // WRITES courses and person_courses; reads the rest of the catalogue
  media: ['people'], // reads persons
  notes: ['catalog', 'people'], // reads courses, resources, persons
  ops: ['people', 'platform'], // WRITES audit_log (operator calls); reads persons
  uc: ['admin', 'people'], // WRITES admin_challenges and persons (login, password); reads admin roles
  teacher: ['catalog', 'exam', 'inbox', 'people', 'work'], // the class administration reads topics, persons, and a class's exams, notices and assignments before it deletes one
  work: ['catalog', 'people', 'teaching'], // reads courses, installs, units, persons, classes and members
};

/**
 * The one module allowed to read every module's tables: reports, whose header lists what it reads and
 * says it never writes; and the administration platform (session, audit log, roles, operations at a
 * glance: ADR 0051), which still imports the schema index for its overview counts.
 */
const READS_ALL_TABLES = ['reports'];
const ADMIN_MODULES = ['admin'];

const MODULES = fs.readdirSync(path.join(import.meta.dirname, 'apps/server/src/modules'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

/** A module imports the schema files of its own tables (and its allow-listed ones), never the index that hides whose they are. */
const tableRules = MODULES.filter((m) => !READS_ALL_TABLES.includes(m) && !ADMIN_MODULES.includes(m)).map((m) => {
  const allowed = [...(TABLE_OWNERS[m] ?? []), ...(CROSS_TABLE_BASELINE[m] ?? [])];
  return {
    name: `tables-of-${m}`,
    comment: `modules/${m} imports only its own tables (${(TABLE_OWNERS[m] ?? []).join(', ') || 'none'}) and its listed reads; another module's data comes through that module's service.`,
    severity: 'error',
    from: { path: `${S}modules/${m}/` },
    to: allowed.length ? { path: `${S}db/schema/`, pathNot: `${S}db/schema/(${allowed.join('|')})\\.ts$` } : { path: `${S}db/schema/` },
  };
});

export default {
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
    ...tableRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/', TESTS] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    cache: false,
  },
};
