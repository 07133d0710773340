export * from './decision';
export * from './source';
export * from './finding';
export * from './rule';
export * from './verdict';
export * from './context';
export * from './path-limit';
export * from './text';
