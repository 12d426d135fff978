/**
 * `npm run import:templates -w @portal/server`: writes apps/server/import-templates/<kind>.xlsx, the
 * import templates with their filled examples, from the import's own sheet definitions, so they stay
 * in step with the code (import.test.ts fails when a committed template differs from what this writes).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { IMPORT_KINDS, templateOf } from '../src/modules/import/service.ts';

export const TEMPLATES_DIR = path.resolve(import.meta.dirname, '../import-templates');
for (const kind of IMPORT_KINDS) {
  writeFileSync(path.join(TEMPLATES_DIR, `${kind}.xlsx`), await templateOf(kind));
  console.log(`import-templates/${kind}.xlsx`);
}
