export * from './ids.ts';
export * from './authority.ts';
export * from './error-codes.ts';
export * from './page.ts';
export * from './password-policy.ts';
export * from './validators.ts';
export * from './contact-validation.ts';
