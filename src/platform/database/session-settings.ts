/**
 * Settings every database session starts with, on the server (the pool's startup `options`) and
 * in the embedded database (its start parameters). `pg_trgm.word_similarity_threshold`: the
 * fuzzy product search matches a query to a product name with `query <% name` (trigram word
 * similarity, through the name's trigram index), which compares with this setting; at the default
 * 0.6 a transposed letter ("chiar" for "chair": 0.33) is never found. A statement cannot pass it
 * as a parameter and the reads run outside transactions (no SET LOCAL), hence the session.
 */
export const sessionSettings: Readonly<Record<string, string>> = {
  'pg_trgm.word_similarity_threshold': '0.3',
};

/** The settings as PostgreSQL command-line options: `['-c', 'name=value', …]`. */
export const sessionSettingArgs = (): string[] =>
  Object.entries(sessionSettings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
