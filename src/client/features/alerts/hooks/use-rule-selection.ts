import { useCallback, useMemo, useState } from 'react';
import { ALERT_RULE_BATCH_MAX } from '../../../../shared/index.js';

export interface ChosenRule {
  id: number;
  name: string;
}

export interface RuleSelection {
  selected: ReadonlyMap<number, ChosenRule>;
  full: boolean;
  isSelected: (id: number) => boolean;
  toggle: (rule: ChosenRule) => void;
  togglePage: (rules: readonly ChosenRule[]) => void;
  clear: () => void;
}

/** Rules chosen for a bulk action; kept across pages and searches, at most a batch. */
export function useRuleSelection(): RuleSelection {
  const [selected, setSelected] = useState<ReadonlyMap<number, ChosenRule>>(new Map());
  const toggle = useCallback((rule: ChosenRule) => {
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(rule.id)) next.delete(rule.id);
      else if (next.size < ALERT_RULE_BATCH_MAX) next.set(rule.id, rule);
      return next;
    });
  }, []);
  const togglePage = useCallback((rules: readonly ChosenRule[]) => {
    setSelected((current) => {
      const next = new Map(current);
      const all = rules.every((rule) => current.has(rule.id));
      for (const rule of rules) {
        if (all) next.delete(rule.id);
        else if (next.size < ALERT_RULE_BATCH_MAX) next.set(rule.id, rule);
      }
      return next;
    });
  }, []);
  const clear = useCallback(() => setSelected(new Map()), []);
  return useMemo(
    () => ({ selected, full: selected.size >= ALERT_RULE_BATCH_MAX, isSelected: (id: number) => selected.has(id), toggle, togglePage, clear }),
    [selected, toggle, togglePage, clear],
  );
}
