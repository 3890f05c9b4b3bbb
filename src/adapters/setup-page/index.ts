export { LoopbackSetupPages } from './loopback-setup-pages.js';
export type { PageTimings } from './running-page.js';
export { FORM_LIMITS } from './form-body.js';
