export * from './calls';
export * from './config';
export * from './email';
export * from './idp';
export * from './impact';
export * from './organizations';
export * from './submissions';
export * from './users';
