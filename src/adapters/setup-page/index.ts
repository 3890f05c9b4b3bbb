export { LoopbackSetupPages } from './loopback-setup-pages.js';
export { PAGE_TIMINGS, type PageTimings } from './running-page.js';
export { FORM_LIMITS } from './form-body.js';
