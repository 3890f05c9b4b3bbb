// Targets and table of measurement (e), the single executable's cold session (issue 8 §2).

import { ratio, summarise } from './stats.mjs';

/** The targets of the single executable: cold session against the floor on the same Node, peak RSS. */
const BINARY_TARGETS = { coldVsFloor: 1.3, peakRssMiB: 64 };

const LABELS = {
  binary: 'binary',
  floorPinned: 'floor, pinned Node',
  bundlePinned: 'bundle, pinned Node',
  bundleMachine: 'bundle, machine Node',
  floorMachine: 'floor, machine Node',
};
const fmt1 = (value) => (value === undefined ? '–' : value.toFixed(1));
const fmt2 = (value) => (value === undefined ? '–' : value.toFixed(2));
const cell = (stats) => (stats === undefined ? '–' : `${fmt1(stats.median)} (${fmt1(stats.min)}–${fmt1(stats.max)})`);
const stats = (runs, pick) => summarise((runs ?? []).filter((run) => run.complete).map(pick));

/** Target rows `{ target, measured, met }` of measurement (e). */
export function judgeBinary(binaryCold) {
  if (binaryCold?.runs === undefined) return [];
  const wall = stats(binaryCold.runs.binary, (run) => run.wallMs);
  const floor = stats(binaryCold.runs.floorPinned, (run) => run.wallMs);
  const vsFloor = ratio(wall, floor);
  const peak = stats(binaryCold.runs.binary, (run) => run.peakKiB / 1024);
  return [
    {
      target: `binary cold session ≤ ${BINARY_TARGETS.coldVsFloor}× the floor on the same Node ${binaryCold.pinnedVersion} (median wall time)`,
      measured: `${fmt2(vsFloor)}× floor (${fmt1(wall?.median)} ms vs ${fmt1(floor?.median)} ms)`,
      met: vsFloor === undefined ? undefined : vsFloor <= BINARY_TARGETS.coldVsFloor,
    },
    {
      target: `binary peak RSS ≤ ${BINARY_TARGETS.peakRssMiB} MiB in the cold session (worst run)`,
      measured: `${fmt1(peak?.max)} MiB (median ${fmt1(peak?.median)})`,
      met: peak === undefined ? undefined : peak.max <= BINARY_TARGETS.peakRssMiB,
    },
  ];
}

/** The RESULTS.md section of measurement (e). */
export function renderBinaryCold(binaryCold) {
  if (binaryCold.runs === undefined) return `## (e) Single executable — not measured\n\n${binaryCold.reason}\n`;
  const names = [...Object.keys(LABELS), ...(binaryCold.contestants ?? []).filter((name) => !(name in LABELS))];
  const labelOf = (name) => LABELS[name] ?? binaryCold.labels?.[name] ?? name;
  const compared = names.filter((name) => !(name in LABELS));
  const row = (label, pick) => {
    const byName = Object.fromEntries(names.map((name) => [name, stats(binaryCold.runs[name], pick)]));
    return [
      label,
      ...names.map((name) => cell(byName[name])),
      fmt2(ratio(byName.binary, byName.floorPinned)),
      fmt2(ratio(byName.bundleMachine, byName.floorMachine)),
      ...compared.map((name) => fmt2(ratio(byName[name], byName.floorPinned))),
    ];
  };
  const rows = [
    row('whole-process wall time, ms', (run) => run.wallMs),
    row('spawn → initialize answered, ms', (run) => run.firstAnswerMs),
    row('CPU time (user+system, 10 ms resolution), ms', (run) => run.cpuMs),
    row('peak RSS, MiB', (run) => run.peakKiB / 1024),
    row('resident anonymous memory after the call, MiB', (run) => run.anonKiB / 1024),
    row('resident file pages after the call, MiB', (run) => run.fileKiB / 1024),
  ];
  const line = (cells) => `| ${cells.join(' | ')} |`;
  const header = [
    'measure',
    ...names.map(labelOf),
    'binary / floor (pinned)',
    'bundle / floor (machine)',
    ...compared.map((name) => `${labelOf(name)} / floor (pinned)`),
  ];
  return [
    `## (e) Single executable — ${binaryCold.count} runs each`,
    '',
    `The session of (b) against \`dist/binary/qiongli\` (${fmt1(binaryCold.binaryMiB)} MiB, Node ${binaryCold.pinnedVersion} with Qiongli's start-up snapshot), the floor server and the bundle on the same pinned Node ${binaryCold.pinnedVersion}, and the bundle and floor on this machine's Node ${binaryCold.machineVersion}. Every executable is copied into the run's folder with the same 64 KiB writes first, so all start from the same page-cache state. Peak RSS and CPU time come from GNU \`/usr/bin/time\` at exit; the anonymous/file split is read from \`/proc\` right after the call is answered.`,
    '',
    line(header),
    line(header.map(() => '---')),
    ...rows.map(line),
  ].join('\n');
}
