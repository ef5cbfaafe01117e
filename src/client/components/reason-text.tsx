import type { ReasonText } from '../lib/failure-text.js';

/** A failure reason or trust verdict: the words, then its technical code in small type (further detail on hover). */
export function ReasonLine({ reason }: { reason: ReasonText }) {
  return (
    <span title={reason.detail ?? undefined}>
      {reason.text}
      {reason.code !== null && (
        <>
          {' '}
          <code className="rounded bg-slate-100 px-1 text-[11px] wrap-anywhere text-slate-600">{reason.code}</code>
        </>
      )}
    </span>
  );
}
