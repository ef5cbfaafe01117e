export { TaskCreatePage, TaskEditPage, TraceCreatePage } from './components/task-form-page.js';
export type { TaskFormAccess } from './components/task-form.js';
