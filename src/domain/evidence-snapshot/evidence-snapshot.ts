import * as z from 'zod';
import { schemaOnFirstUse } from '../shared/schema-on-first-use.js';
import { finishNow, type Stepwise } from '../shared/stepwise.js';
import { invalidArguments, type ToolFailure } from '../shared/tool-failure.js';
import { success, type Result } from '../shared/result.js';
import { canonicalRedactedJson } from './canonical-json.js';
import { EVIDENCE_ALIAS_CONFLICT, hasAliasConflict, type EvidenceSnapshotArguments } from './evidence-snapshot-input.js';
import { checkPassages } from './evidence-passages.js';
import type { TextDigest } from '../fulltext/passage-ids.js';
import { deliveryShape } from '../shared/file-delivery.js';

/** How a snapshot is built beyond its arguments. */
export interface EvidenceSnapshotOptions {
  /** SHA-256 of a text; with it, results that are full-text passages are checked against their ids. */
  readonly digest?: TextDigest;
}

/** `artifact_type` of every evidence snapshot. */
export const EVIDENCE_ARTIFACT_TYPE = 'qiongli_literature_evidence_snapshot' as const;

const jsonObject = () => z.record(z.string(), z.unknown());

/**
 * The snapshot file (`evidence-snapshot.json`), after redaction. The four evidence parts are
 * free-form JSON objects; `result_count` is the length of `results`.
 */
export const evidenceSnapshotSchema = schemaOnFirstUse(() =>
  z.strictObject({
    status: z.literal('ok'),
    artifact_type: z.literal(EVIDENCE_ARTIFACT_TYPE),
    query: z.string(),
    provider_status: jsonObject(),
    search_plan: jsonObject(),
    result_count: z.number().int().min(0),
    results: z.array(jsonObject()),
    diagnostics: jsonObject(),
  }),
);

/** An evidence snapshot, as its file holds it. */
export type EvidenceSnapshot = z.output<ReturnType<typeof evidenceSnapshotSchema>>;

/** The name of the snapshot file. */
export const EVIDENCE_FILE = {
  name: 'evidence-snapshot.json',
  title: 'Evidence snapshot of a literature search (canonical JSON)',
  mimeType: 'application/json',
} as const;

/**
 * Result of `qiongli_literature_export_evidence` (docs/tools.md#8-qiongli_literature_export_evidence):
 * the snapshot held as a resource (`evidence-snapshot.json`: name, uri, size, SHA-256 — the same
 * input gives the same bytes and hash), how to get it, its `result_count` (on the first answer),
 * and in `inline` delivery one part of it.
 */
export const evidenceSnapshotOutput = schemaOnFirstUse(() =>
  z.strictObject({
    status: z.literal('ok'),
    artifact_type: z.literal(EVIDENCE_ARTIFACT_TYPE),
    result_count: z.number().int().min(0).optional(),
    ...deliveryShape(),
  }),
);

/**
 * Builds an auditable, side-effect-free snapshot of a literature search as its canonical JSON
 * text, stepwise (the MCP tool runs it in time slices and sends the text as it is). An alias
 * stands in for its canonical field when that field is absent; both together fail with
 * {@link EVIDENCE_ALIAS_CONFLICT}. Missing parts become `""`, `{}` or `[]`; `cwd` never appears.
 *
 * The snapshot is complete on its own: every credential-like key (the `evidence` redaction
 * rule, docs/tools.md#redaction) is already removed at any depth, and every object inside the four evidence
 * parts has its keys sorted (UTF-16 code-unit order), so the same data (in any key order) gives
 * the same bytes. The top-level keys keep the fixed order above. Arrays keep their order and
 * length.
 *
 * Results that are passages of the full-text reader (recognised by shape, see
 * {@link checkPassages}) carry a `passage_check` when `options.digest` is given: whether their
 * text is still the text their id was given for.
 *
 * Expects arguments validated by `evidenceSnapshotInput` (bounded nesting and size).
 * Fails only with `invalid_arguments` when a canonical field and its alias are both present.
 */
export function* encodeEvidenceSnapshot(args: EvidenceSnapshotArguments, options: EvidenceSnapshotOptions = {}): Stepwise<Result<string, ToolFailure>> {
  if (hasAliasConflict(args)) return invalidArguments(EVIDENCE_ALIAS_CONFLICT);
  const given = args.results ?? args.search_results ?? [];
  const results = options.digest === undefined ? given : yield* checkPassages(given, options.digest);
  const part = (value: unknown) => canonicalRedactedJson(value, 'evidence');
  return success(
    `{"status":"ok","artifact_type":${JSON.stringify(EVIDENCE_ARTIFACT_TYPE)},"query":${JSON.stringify(args.query ?? '')}` +
      `,"provider_status":${yield* part(args.provider_status ?? {})}` +
      `,"search_plan":${yield* part(args.search_plan ?? args.query_plan ?? {})}` +
      `,"result_count":${results.length},"results":${yield* part(results)}` +
      `,"diagnostics":${yield* part(args.diagnostics ?? args.search_diagnostics ?? {})}}`,
  );
}

/** The snapshot of {@link encodeEvidenceSnapshot} as an object, built at once (tests, embedders). */
export function exportEvidenceSnapshot(args: EvidenceSnapshotArguments, options: EvidenceSnapshotOptions = {}): Result<EvidenceSnapshot, ToolFailure> {
  const encoded = finishNow(encodeEvidenceSnapshot(args, options));
  return encoded.ok ? success(JSON.parse(encoded.value) as EvidenceSnapshot) : encoded;
}
