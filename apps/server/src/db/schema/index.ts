export * from './people.ts';
export * from './uc.ts';
export * from './platform.ts';
export * from './catalog.ts';
export * from './content.ts';
export * from './learning.ts';
