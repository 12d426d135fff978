/**
 * The part of the contract that builds no schema: constants, messages, the shape of a call (types,
 * paths) and the access rules. The web's first load imports this and the call references (refs.ts)
 * instead of the whole contract, whose zod schemas are built when the first call is made (ADR 0011).
 */
export * from './constants.ts';
export * from './calendar.ts';
export * from './messages.ts';
export * from './callDef.ts';
export * from './access/rules.ts';
export * from './access/routes.ts';
export { examResultText } from './classExam.ts';
export * from './anchor.ts';
export * from './bookTitle.ts';
export { workFileTypeOfName } from './workFiles.ts';
export { markDisplay } from './display.ts';
export { maskMobile } from './mobileMask.ts';
