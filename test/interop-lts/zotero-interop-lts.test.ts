// qiongli_zotero_save through the client majors that need Node 22 or later (the pinned Node LTS
// run only, like the rest of this folder), each against the loopback Zotero in one private
// network namespace.
import { describe } from 'node:test';
import { insidePrivateNetwork } from '../support/private-network.js';
import { describeZoteroInteropRows } from '../interop/zotero-checks.js';
import { LTS_INTEROP_CLIENTS } from './client-table.js';

describe('qiongli_zotero_save through the newer client majors (issue 28, step 2)', () => {
  if (insidePrivateNetwork(import.meta.url)) describeZoteroInteropRows(LTS_INTEROP_CLIENTS);
});
