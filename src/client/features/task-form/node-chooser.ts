/** The node picker on its own, for other screens composed in app/ (the on-demand MTR). */
export { NodeChoice as NodeChooser, type NodeChoiceProps as NodeChooserProps } from './components/node-picker.js';
