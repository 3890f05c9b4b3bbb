import type { Stepwise } from '../shared/stepwise.js';
import { deliverFiles, nextPart, withHead, type Delivery, type DeliveryPorts, type LinkedAnswer } from '../shared/file-delivery.js';
import type { Result } from '../shared/result.js';
import type { ToolFailure } from '../shared/tool-failure.js';
import { EVIDENCE_ARTIFACT_TYPE, EVIDENCE_FILE, encodeEvidenceSnapshot, type EvidenceSnapshotOptions } from './evidence-snapshot.js';
import type { EvidenceSnapshotArguments } from './evidence-snapshot-input.js';

/** The answer of `qiongli_literature_export_evidence`. */
export type EvidenceAnswer = LinkedAnswer<
  { readonly status: 'ok'; readonly artifact_type: typeof EVIDENCE_ARTIFACT_TYPE; readonly result_count?: number } & Delivery
>;

/**
 * `qiongli_literature_export_evidence` (docs/tools.md#8-qiongli_literature_export_evidence): builds the
 * snapshot's canonical JSON (`pace` runs the stepwise build; deterministic, strongly redacted),
 * holds it as `evidence-snapshot.json` and answers its facts and link (`delivery` `resource`, the
 * default) or its first part (`inline`), with `result_count`; with a `cursor`, the next inline
 * part, the other arguments ignored. Failures: the alias conflict, `file-not-held`, an invalid
 * cursor (static messages).
 */
export async function deliverEvidenceSnapshot(
  args: EvidenceSnapshotArguments,
  ports: DeliveryPorts,
  options: EvidenceSnapshotOptions,
  pace: <T>(work: Stepwise<T>) => Promise<T>,
): Promise<Result<EvidenceAnswer, ToolFailure>> {
  if (args.cursor !== undefined) return withHead({ status: 'ok' as const, artifact_type: EVIDENCE_ARTIFACT_TYPE }, nextPart(args.cursor, ports));
  const encoded = await pace(encodeEvidenceSnapshot(args, options));
  if (!encoded.ok) return encoded;
  const head = { status: 'ok' as const, artifact_type: EVIDENCE_ARTIFACT_TYPE, result_count: (args.results ?? args.search_results ?? []).length };
  return withHead(head, deliverFiles([{ ...EVIDENCE_FILE, text: encoded.value }], args.delivery ?? 'resource', ports));
}
