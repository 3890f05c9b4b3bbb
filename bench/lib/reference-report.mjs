// Rendering and targets of measurement (k), the reference check of issue 27 (bench/suites/reference-check.mjs).

/** Targets of issue 27, row 7: checking 200 references under 100 ms of CPU; no hostile read step at 50 ms; the paced check within 1.1 × its floor. */
const CHECK_CPU_TARGET_MS = 100;
const READ_STEP_TARGET_MS = 50;
const PACED_RATIO_TARGET = 1.1;

/** The target rows of measurement (k). */
export function judgeReferenceCheck(check) {
  if (check?.implemented !== true) return [];
  const warm = Math.max(...check.formats.map((row) => row.warmMs));
  const step = Math.max(...check.steps.map((row) => row.longestMs));
  const { paced } = check;
  const rows = [
    {
      target: `checking 200 references (read, score, merge) < ${CHECK_CPU_TARGET_MS} ms of CPU (warm median, slowest format)`,
      measured: `${warm.toFixed(1)} ms`,
      met: warm < CHECK_CPU_TARGET_MS,
    },
    { target: `reading a hostile bibliography: every step < ${READ_STEP_TARGET_MS} ms`, measured: `${step.toFixed(1)} ms`, met: step < READ_STEP_TARGET_MS },
  ];
  if (paced === undefined) return rows;
  return [
    ...rows,
    {
      target: `${paced.references} references with DOIs checked within ${PACED_RATIO_TARGET} × the floor the pacing lanes allow`,
      measured: `${(paced.wallMs / 1000).toFixed(1)} s / ${(paced.floorMs / 1000).toFixed(1)} s = ${paced.ratio.toFixed(3)}×`,
      met: paced.ratio <= PACED_RATIO_TARGET,
    },
  ];
}

/** The Markdown section of measurement (k). */
export function renderReferenceCheck(check) {
  const { paced } = check;
  const sent =
    paced &&
    Object.entries(paced.requests)
      .map(([source, count]) => `${source} ${count}`)
      .join(', ');
  const pacedRows =
    paced === undefined
      ? []
      : [
          '',
          `Paced: ${paced.references} references with DOIs through \`tools/call\`, the composed server and its own lookups (real undici, real clock, the program's pacing lanes, keyless), every source a loopback answering real bodies after ${paced.delayMs} ms. The floor is what the lanes allow: per source, (requests − 1) × its interval (Crossref and OpenAlex keyless: 1 s) + one answer's delay; the slowest lane's.`,
          '',
          '| references | verified | requests | wall time | paced floor | ratio | CPU meanwhile |',
          '| --- | --- | --- | --- | --- | --- | --- |',
          `| ${paced.references} | ${paced.verified} | ${sent} | ${(paced.wallMs / 1000).toFixed(2)} s | ${(paced.floorMs / 1000).toFixed(2)} s | ${paced.ratio.toFixed(3)}× | ${paced.cpuMs.toFixed(0)} ms |`,
        ];
  return [
    `## (k) Reference check (issue 27)${check.smoke ? ' — smoke run' : ''}`,
    '',
    `Checking itself: 200 references of the labelled set (128 correct, 40 perturbed, 32 invented) against in-process sources that answer at once; CPU ms of one whole check (read, resolve, score, flags, first page). Target < ${CHECK_CPU_TARGET_MS} ms.`,
    '',
    '| format | cold (first check) | warm (median) | verified |',
    '| --- | --- | --- | --- |',
    ...check.formats.map((row) => `| ${row.format} | ${row.coldMs.toFixed(1)} | ${row.warmMs.toFixed(1)} | ${row.verified} |`),
    '',
    `Hostile bibliographies, read stepwise: the longest single step (median of 5 runs) and the whole read. Target: every step < ${READ_STEP_TARGET_MS} ms.`,
    '',
    '| input | longest step ms | whole read ms |',
    '| --- | --- | --- |',
    ...check.steps.map((row) => `| ${row.input} | ${row.longestMs.toFixed(1)} | ${row.wholeMs.toFixed(1)} |`),
    ...pacedRows,
  ].join('\n');
}
