/**
 * The files a homework or practice report takes (calls/work.ts): the accepted types, how a file's
 * name says its type, and their names for people. Here rather than in calls/work.ts so that the web
 * takes `workFileTypeOfName` from the schema-free part of the contract (base.ts) too.
 */
/** Files accepted by the work-file upload (by content), and by the photo upload. */
export const WORK_FILE_TYPES = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'jpg', 'png'] as const;
export type WorkFileType = (typeof WORK_FILE_TYPES)[number];
export const PHOTO_TYPES = ['jpg', 'png'] as const;

/**
 * Each accepted type: the extensions a file of it may be named with, and the name people know it by.
 * The one definition behind the inputs' `accept`, the server's reading of a file's name, the
 * editor's hint and the refusals.
 */
export const WORK_FILE_FORMATS: Record<WorkFileType, { extensions: readonly string[]; name: string }> = {
  pdf: { extensions: ['pdf'], name: 'PDF' },
  doc: { extensions: ['doc'], name: 'Word' },
  docx: { extensions: ['docx'], name: 'Word' },
  xls: { extensions: ['xls'], name: 'Excel' },
  xlsx: { extensions: ['xlsx'], name: 'Excel' },
  jpg: { extensions: ['jpg', 'jpeg'], name: 'JPG' },
  png: { extensions: ['png'], name: 'PNG' },
};
/** The type a file name's extension claims, or null for none of the accepted ones. */
export function workFileTypeOfName(name: string): WorkFileType | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  return WORK_FILE_TYPES.find((t) => WORK_FILE_FORMATS[t].extensions.includes(ext)) ?? null;
}
const acceptOf = (types: readonly WorkFileType[]) => types.flatMap((t) => WORK_FILE_FORMATS[t].extensions.map((e) => `.${e}`)).join(',');
/** PDF、Word、Excel、JPG、PNG. */
const namesOf = (types: readonly WorkFileType[]) => [...new Set(types.map((t) => WORK_FILE_FORMATS[t].name))].join('、');
/** The `accept` of the file inputs. */
export const WORK_FILE_ACCEPT = acceptOf(WORK_FILE_TYPES);
export const PHOTO_ACCEPT = acceptOf(PHOTO_TYPES);
/** The accepted types by name, for the editor's hint. */
export const WORK_FILE_NAMES = namesOf(WORK_FILE_TYPES);
export const PHOTO_NAMES = namesOf(PHOTO_TYPES);

