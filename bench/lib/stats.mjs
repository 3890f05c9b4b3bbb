// Summary statistics of repeated measurements.

/**
 * Median, minimum and maximum of the finite values (undefined when there are none).
 * @param {number[]} values
 * @returns {{median:number, min:number, max:number, n:number}|undefined}
 */
export function summarise(values) {
  const finite = values.filter((value) => typeof value === 'number' && Number.isFinite(value)).sort((a, b) => a - b);
  if (finite.length === 0) return undefined;
  const middle = finite.length >> 1;
  const median = finite.length % 2 === 1 ? finite[middle] : (finite[middle - 1] + finite[middle]) / 2;
  return { median, min: finite[0], max: finite[finite.length - 1], n: finite.length };
}

/** `a / b` of two medians, or undefined when either is missing or b is 0. */
export function ratio(a, b) {
  if (a === undefined || b === undefined || b.median === 0) return undefined;
  return a.median / b.median;
}
