export * from './names.js';
export * from './streams.js';
export * from './payloads.js';
