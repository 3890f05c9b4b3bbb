const { Worker } = require('worker_threads');
const code = `
const { parentPort, workerData } = require('worker_threads');
const { AsyncEntry } = require(workerData.path);
parentPort.postMessage('loaded');
try { new AsyncEntry('qiongli', 'x', { linux: { store: 'secret-service' } }); parentPort.postMessage('ctor ok'); }
catch (e) { parentPort.postMessage('ctor err ' + e.message); }
`;
const t = Date.now();
const w = new Worker(code, { eval: true, workerData: { path: '/work/wt/keys/node_modules/@napi-rs/keyring' } });
w.unref();
w.on('message', (m) => console.log('msg', m, Date.now() - t));
w.on('error', (e) => console.log('worker error', e.message));
let ticks = 0; const iv = setInterval(() => { ticks++; }, 10);
setTimeout(() => { clearInterval(iv); console.log('ticks in 1s', ticks); const t2 = Date.now();
  if (process.argv[2] === 'terminate') { w.terminate().then(() => console.log('terminated', Date.now()-t2)); setTimeout(()=>{console.log('exiting'); process.exit(0)}, 200); }
  else if (process.argv[2] === 'exit') { process.exit(0); }
}, 1000);
