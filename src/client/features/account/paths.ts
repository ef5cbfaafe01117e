/** The points log's route (app/routes.ts). */
export const TRANSLOG_PATH = '/account/translog';
export const ACCOUNT_PATH = '/account';
