import { badRequest, FieldErrors, Problem } from './problem';

/**
 * Runs checks one after another (one transaction, one session) and answers one 400 naming
 * every bad field; any other failure passes through unchanged.
 */
export async function collectFieldErrors(checks: Array<() => Promise<void>>): Promise<void> {
  const errors: FieldErrors = {};
  for (const check of checks) {
    try {
      await check();
    } catch (e) {
      if (!(e instanceof Problem) || e.getStatus() !== 400 || !e.errors) throw e;
      for (const [field, messages] of Object.entries(e.errors)) (errors[field] ??= []).push(...messages);
    }
  }
  if (Object.keys(errors).length > 0) throw badRequest(errors);
}
