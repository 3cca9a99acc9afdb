/** Slugs of categories and products follow the platform's one slug rule. */
export { firstFreeSlug, slugify, slugPattern } from '../../platform/http/slug';
