// What the sign-in form validates with, loaded on submit: the schema brings zod, which the first
// screen does without.
export { LoginBody } from '../../../shared/calls/auth.js';
export { validate } from '../../../shared/validation/validate.js';
