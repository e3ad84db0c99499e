export * from './auth';
export * from './config';
export * from './field-errors';
export * from './health';
export * from './ids';
export * from './languages';
export * from './organizations';
export * from './problem';
