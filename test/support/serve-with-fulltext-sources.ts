/**
 * A harness program: the Lite server over real stdio, composed and served as the built program
 * does, with the `fulltext` group granted besides Lite's default groups, and every full-text
 * source answered from the fixtures by a loopback server in this process (no network, whatever
 * the machine has). The interop suite starts it to read a paper with the real client libraries.
 */
import { createContainer } from '../../src/index.js';
import { serve } from '../../src/composition/serve.js';
import { LITE_DEFAULT_GROUPS } from '../../src/domain/shared/capability-groups.js';
import { processIo } from '../../bin/process-io.js';
import { startFullTextSources } from './fulltext-sources.js';

const sources = await startFullTextSources({ unref: true });
serve(createContainer('lite', { dispatcher: sources.dispatcher, grants: new Set([...LITE_DEFAULT_GROUPS, 'fulltext']) }), processIo());
