export * from './json-bounds';
export * from './survey-answer-bounds';
export * from './survey-model-bounds';
