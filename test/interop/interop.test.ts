// The clients of the project's own install (Node 20 and later), in every `npm test`.
import { INTEROP_CLIENTS } from './client-table.js';
import { describeInteropRows } from './interop-checks.js';
import { describeGraphInteropRows } from './graph-checks.js';

describeInteropRows(INTEROP_CLIENTS);
describeGraphInteropRows(INTEROP_CLIENTS);
