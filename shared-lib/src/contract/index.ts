export * from './types';
export * from './paths';
export * from './imageUrls';
export * from './parcelProps';
export * from './appPaths';
