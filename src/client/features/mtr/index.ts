import { createElement, type ComponentType } from 'react';
import { MtrPage, type MtrPageProps } from './components/mtr-page.js';
import type { NodeChooser } from './components/mtr-form.js';

export type { NodeChooser, NodeChooserProps } from './components/mtr-form.js';

/** The /detect_mtr screen with the node picker app/ hands in, made once per load. */
export function mtrPageWith(NodeChooser: NodeChooser): ComponentType<Omit<MtrPageProps, 'NodeChooser'>> {
  function MtrScreenPage(props: Omit<MtrPageProps, 'NodeChooser'>) {
    return createElement(MtrPage, { ...props, NodeChooser });
  }
  return MtrScreenPage;
}
