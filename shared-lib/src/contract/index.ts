export * from './types';
export * from './console';
export * from './memberUpdates';
export * from './paths';
export * from './imageUrls';
export * from './parcelProps';
export * from './appPaths';
