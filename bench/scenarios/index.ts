import { identitiesSuite } from './identities';
import { pricingSuite } from './pricing';
import { productsSuite } from './products';
import type { RunnableSuite } from './types';

/** Every suite the bench runs, in order. A later context adds its suite here. */
export const suites: RunnableSuite[] = [identitiesSuite, productsSuite, pricingSuite];
