export * from './infra.js';
export * from './stack.js';
export * from './sse.js';
export * from './wait.js';
export * from './fake-llm.js';
export * from './fake-pdl-server.js';
export * from './datasets.js';
export * from './bench-stack.js';
