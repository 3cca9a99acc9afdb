/** Whether a list member holds a value (absent, null, empty text and empty arrays do not). */
const hasValue = (value: unknown) =>
  !(value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0));

/**
 * Whether a list body narrows by any member outside `known` (present or added to the body later):
 * a shortcut that answers only the members it knows must then leave the list to the general path.
 */
export const narrowedBeyond = (q: object, known: ReadonlySet<string>): boolean =>
  Object.entries(q).some(([member, value]) => !known.has(member) && hasValue(value));
