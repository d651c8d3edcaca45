export * from './app';
export * from './dict';
export * from './identity';
export * from './job';
export * from './knowledge';
export * from './mail';
export * from './monitor';
export * from './system';
