export * from './skill.js';
export * from './cv.js';
export * from './job.js';
export * from './updates.js';
export * from './limits.js';
export * from './messages.js';
export * from './matching.js';
export * from './number-words.js';
