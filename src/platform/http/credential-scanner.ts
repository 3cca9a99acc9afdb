/** Property names whose values are secrets: an answer holding one is never stored. */
const credentialName =
  /^(access_?token|refresh_?token|id_?token|token|password|password_?hash|secret|api_?key)$/i;

/** Whether `value` holds a property named like a credential, at any depth up to 8. */
export function carriesCredentials(value: unknown, depth = 0): boolean {
  if (!value || typeof value !== 'object' || depth > 8) return false;
  if (Array.isArray(value)) return value.some((v) => carriesCredentials(v, depth + 1));
  return Object.entries(value).some(
    ([name, v]) => credentialName.test(name) || carriesCredentials(v, depth + 1),
  );
}
