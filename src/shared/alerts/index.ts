export * from './dns-mismatch.js';
export { regionOf, SOUTHEAST_ASIA_REGION, type PlaceScope } from './places.js';
export * from './verdict.js';
export * from './where.js';
