#!/usr/bin/env node
import { main } from '../src/composition/main.js';
import { processIo } from './process-io.js';

main(process.argv.slice(2), processIo());
