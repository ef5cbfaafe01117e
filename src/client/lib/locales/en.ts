// One language's texts every screen may show: a chunk of their own, so a console loads only the
// language it shows. The texts of one feature's screens load with its code (language-resources.ts).
import common from '../../../../locales/en/common.json';
import errors from '../../../../locales/en/errors.json';
import type { StartResources } from '../locale-namespaces.js';

const resources: StartResources = { common, errors };
export default resources;
