export * from './schema.ts';
export * from './entity-ref.ts';
export * from './page-data.ts';
export * from './error-body.ts';
export * from './entity-subtype.ts';
export * from './relation.ts';
