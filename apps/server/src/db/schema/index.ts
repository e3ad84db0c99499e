export * from './calls';
export * from './config';
export * from './email';
export * from './idp';
export * from './organizations';
export * from './users';
export * from './submissions';
export * from './impact';
