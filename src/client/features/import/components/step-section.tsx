import type { ReactNode } from 'react';

/** One part of the import screen: a titled white panel. */
export function StepSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
