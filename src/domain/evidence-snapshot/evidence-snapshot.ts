import { z } from 'zod';
import { redactCredentials } from '../shared/redaction.js';
import { invalidArguments, succeed, type Outcome } from '../shared/tool-outcome.js';
import { canonicalJson } from './canonical-json.js';
import { EVIDENCE_ALIAS_CONFLICT, hasAliasConflict, type EvidenceSnapshotArguments } from './evidence-snapshot-input.js';

/** `artifact_type` of every evidence snapshot. */
export const EVIDENCE_ARTIFACT_TYPE = 'qiongli_literature_evidence_snapshot';

const jsonObject = z.record(z.string(), z.unknown());

/**
 * Result of `qiongli_literature_export_evidence` (SPEC §6.4 #8), after redaction. The four
 * evidence parts are free-form JSON objects; `result_count` is the length of `results`.
 */
export const evidenceSnapshotOutput = z.strictObject({
  status: z.literal('ok'),
  artifact_type: z.literal(EVIDENCE_ARTIFACT_TYPE),
  query: z.string(),
  provider_status: jsonObject,
  search_plan: jsonObject,
  result_count: z.number().int().min(0),
  results: z.array(jsonObject),
  diagnostics: jsonObject,
});

/** An evidence snapshot, as returned to the client. */
export type EvidenceSnapshot = z.output<typeof evidenceSnapshotOutput>;

type JsonObject = Record<string, unknown>;

/** Redacts with the stronger evidence rule (SPEC §6.3), then sorts keys so equal data gives equal bytes. */
const sealed = <T>(value: T): T => canonicalJson(redactCredentials(value, 'evidence'));

/**
 * Builds an auditable, side-effect-free snapshot of a literature search. An alias stands in
 * for its canonical field when that field is absent; both together fail with
 * {@link EVIDENCE_ALIAS_CONFLICT}. Missing parts become `""`, `{}` or `[]`; `cwd`
 * never appears.
 *
 * The snapshot is complete on its own: every credential-like key (the `evidence` redaction
 * rule, SPEC §6.3) is already removed at any depth, and every object inside the four evidence
 * parts has its keys sorted, so the same data (in any key order) gives the same bytes.
 * The top-level keys keep the fixed order above. Arrays keep their order and length.
 *
 * Expects arguments validated by `evidenceSnapshotInput` (bounded nesting and size).
 * Fails only with `invalid_arguments` when a canonical field and its alias are both present.
 */
export function exportEvidenceSnapshot(args: EvidenceSnapshotArguments): Outcome<EvidenceSnapshot> {
  if (hasAliasConflict(args)) return invalidArguments(EVIDENCE_ALIAS_CONFLICT);
  const results: JsonObject[] = args.results ?? args.search_results ?? [];
  const sealedResults = results.map((item) => sealed(item));
  return succeed({
    status: 'ok',
    artifact_type: EVIDENCE_ARTIFACT_TYPE,
    query: args.query ?? '',
    provider_status: sealed(args.provider_status ?? {}),
    search_plan: sealed(args.search_plan ?? args.query_plan ?? {}),
    result_count: sealedResults.length,
    results: sealedResults,
    diagnostics: sealed(args.diagnostics ?? args.search_diagnostics ?? {}),
  });
}
