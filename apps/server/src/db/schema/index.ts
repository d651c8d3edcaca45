export * from './dict';
export * from './identity';
export * from './job';
export * from './knowledge';
export * from './monitor';
export * from './system';
