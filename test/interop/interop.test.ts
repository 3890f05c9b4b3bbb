// The clients of the project's own install (Node 20 and later), in every `npm test`, with each profile.
import { INTEROP_CLIENTS } from './client-table.js';
import { describeInteropRows } from './interop-checks.js';
import { describeGraphInteropRows } from './graph-checks.js';
import { describeResourceRows } from './resource-checks.js';

describeInteropRows(INTEROP_CLIENTS);
describeInteropRows(INTEROP_CLIENTS, 'standard');
describeGraphInteropRows(INTEROP_CLIENTS);
describeResourceRows(INTEROP_CLIENTS);
