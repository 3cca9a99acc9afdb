import { describe, expect, it } from '@jest/globals';
import { ConstraintNames } from './constraint-names';

describe('ConstraintNames', () => {
  it('reads the field after the double underscore, camel-cased', () => {
    const names = new ConstraintNames();
    expect(names.fieldOf('uq_products__sku')).toBe('sku');
    expect(names.fieldOf('uq_product_barcodes__barcode')).toBe('barcode');
    expect(names.fieldOf('uq_client_logins__external_reference')).toBe('externalReference');
    expect(names.fieldOf('ck_deals__expected_revenue')).toBe('expectedRevenue');
  });

  it('knows nothing of other names unless registered, and only in the instance registered with', () => {
    const names = new ConstraintNames();
    expect(names.fieldOf('PK_123')).toBeUndefined();
    names.register({ PK_123: 'id', uq_product_barcodes__barcode: 'barcodes' });
    expect(names.fieldOf('PK_123')).toBe('id');
    expect(names.fieldOf('uq_product_barcodes__barcode')).toBe('barcodes');
    expect(new ConstraintNames().fieldOf('PK_123')).toBeUndefined();
  });

  it('refuses a constraint registered twice', () => {
    const names = new ConstraintNames();
    names.register({ PK_123: 'id' });
    expect(() => names.register({ PK_123: 'id' })).toThrow('registered twice');
  });
});
