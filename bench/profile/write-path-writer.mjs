// Child process of the write-path experiment in what-if.mjs: writes `count` JSON-RPC responses
// around one large pre-encoded result (Qiongli's tools/list result) to stdout, the way a server's
// frame writer could, so the cost of the write path alone can be compared.
//
//   node write-path-writer.mjs <strategy> <count> <result.json>
//   strategy: string          — per frame: header + cached result string + `}`, scanned for `\n`
//                               (as encodeFrame does), joined into ≥ 256 KiB string writes
//             string-no-scan  — the same without the `\n` scan
//             buffer          — per frame: small header Buffer + the SAME pre-encoded result
//                               Buffer + tail, handed to write() inside cork()/uncork()
// Every strategy stops producing while more than 1 MiB waits in stdout and goes on at `drain`.
// Production starts when the first input line arrives.

import { readFileSync } from 'node:fs';

const [strategy, countText, resultPath] = process.argv.slice(2);
const count = Number(countText);
const resultText = readFileSync(resultPath, 'utf8');
const resultBuffer = Buffer.from(resultText, 'utf8');
const TAIL = Buffer.from('}\n');
const BATCH = 256 * 1024;
const PRESSURE = 1024 * 1024;
let next = 1;

const full = () => process.stdout.writableLength >= PRESSURE;

function produceStrings(scan) {
  let pending = '';
  while (next <= count) {
    const payload = `{"jsonrpc":"2.0","id":${next++},"result":${resultText}}`;
    const line = scan && payload.includes('\n') ? payload.replaceAll('\n', ' ') : payload;
    pending += `${line}\n`;
    if (pending.length >= BATCH) {
      process.stdout.write(pending);
      pending = '';
      if (full()) break;
    }
  }
  if (pending !== '') process.stdout.write(pending);
}

function produceBuffers() {
  process.stdout.cork();
  let batched = 0;
  while (next <= count) {
    process.stdout.write(Buffer.from(`{"jsonrpc":"2.0","id":${next++},"result":`, 'latin1'));
    process.stdout.write(resultBuffer);
    process.stdout.write(TAIL);
    batched += resultBuffer.length + 40;
    if (batched >= BATCH) {
      process.stdout.uncork();
      batched = 0;
      if (full()) return;
      process.stdout.cork();
    }
  }
  process.stdout.uncork();
}

function produce() {
  if (strategy === 'buffer') produceBuffers();
  else produceStrings(strategy === 'string');
  if (next <= count) process.stdout.once('drain', produce);
}

process.stdin.once('data', () => {
  process.stdin.pause();
  produce();
});
