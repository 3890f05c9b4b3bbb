export { InMemoryHeldResources, HELD_RESOURCE_TTL_MS } from './in-memory-held-resources.js';
