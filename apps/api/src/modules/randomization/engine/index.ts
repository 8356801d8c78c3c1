// The randomization engine: pure functions and classes, no database.
export * from './types.ts';
export * from './random-stream.ts';
export * from './ratio.ts';
export * from './strata.ts';
export * from './blocks.ts';
export * from './minimization.ts';
export * from './predictability.ts';
export * from './distribution.ts';
export * from './simulate.ts';
