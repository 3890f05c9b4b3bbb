// qiongli_zotero_save through the clients of the project's own install, each starting the built
// program (Standard) against the loopback Zotero, all inside one private network namespace.
import { describe } from 'node:test';
import { insidePrivateNetwork } from '../support/private-network.js';
import { INTEROP_CLIENTS } from './client-table.js';
import { describeZoteroInteropRows } from './zotero-checks.js';

describe('qiongli_zotero_save through every client library (issue 28, step 2)', () => {
  if (insidePrivateNetwork(import.meta.url)) describeZoteroInteropRows(INTEROP_CLIENTS);
});
