export * from './config';
export * from './email';
export * from './idp';
export * from './users';
