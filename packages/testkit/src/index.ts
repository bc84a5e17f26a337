export * from './infra.js';
export * from './stack.js';
