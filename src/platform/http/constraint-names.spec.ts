import { describe, expect, it } from '@jest/globals';
import { constraintField, registerConstraintField } from './constraint-names';

describe('constraintField', () => {
  it('reads the field after the double underscore, camel-cased', () => {
    expect(constraintField('uq_products__sku')).toBe('sku');
    expect(constraintField('uq_product_barcodes__barcode')).toBe('barcode');
    expect(constraintField('uq_client_logins__external_reference')).toBe('externalReference');
    expect(constraintField('ck_deals__expected_revenue')).toBe('expectedRevenue');
  });

  it('knows nothing of other names unless registered', () => {
    expect(constraintField('PK_123')).toBeUndefined();
    registerConstraintField('PK_123', 'id');
    expect(constraintField('PK_123')).toBe('id');
  });
});
