import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from '@jest/globals';
import { getMetadataStorage } from 'class-validator';
import { Strategy } from 'passport-jwt';
import { DataSource } from 'typeorm';
import { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { keepWhereConditions } from './typeorm-scoped-where';
import { pinnedVersions } from './pinned-versions';

const installed = (name: string) =>
  (JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')) as { version: string }).version;

describe('library patches', () => {
  it.each(Object.entries(pinnedVersions))(
    '%s is the version its patch was written against',
    (name, version) => {
      expect(installed(name)).toBe(version);
      const declared = (
        JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> }
      ).dependencies[name];
      expect(declared).toBe(version);
    },
  );

  it('PGlite starts PostgreSQL with fsync off (-F), and its NODEFS streams have no fsync: fsync(2) reaches a stream fsync, fdatasync(2) nothing', () => {
    expect(PGlite.defaultStartParams).toContain('-F');
    const glue = readFileSync('node_modules/@electric-sql/pglite/dist/pglite.js', 'utf8');
    expect(glue).toContain('var rtn=stream.stream_ops?.fsync?.(stream);return rtn');
    expect(glue).toContain('function ___syscall_fdatasync(fd){try{SYSCALLS.getStreamFromFD(fd);return 0}');
    const nodefs = glue.slice(glue.indexOf('NODEFS={'), glue.indexOf('var PROXYFS='));
    expect(nodefs).toContain('stream_ops:{');
    expect(nodefs).not.toMatch(/fsync\(/);
  });

  it('class-validator still looks rules up through getTargetValidationMetadatas(target, schema, always, strictGroups, groups)', () => {
    const storage = getMetadataStorage();
    expect(typeof storage.getTargetValidationMetadatas).toBe('function');
    expect(storage.getTargetValidationMetadatas.length).toBe(5);
  });

  it('passport-jwt still verifies through the replaceable static Strategy.JwtVerifier', () => {
    expect(typeof (Strategy as unknown as { JwtVerifier: unknown }).JwtVerifier).toBe('function');
    expect(String(Strategy.prototype.authenticate)).toContain('JwtVerifier(');
  });

  it('TypeORM query builders: where replaces the conditions, andWhere appends, and the scoped where appends', () => {
    const ds = new DataSource({ type: 'postgres', entities: [] });
    const plain = ds.createQueryBuilder().select('1').from('t', 't').where('t.a = 1').where('t.b = 2');
    expect(plain.getQuery()).not.toContain('t.a = 1');
    const kept = keepWhereConditions(ds.createQueryBuilder().select('1').from('t', 't').where('t.a = 1'));
    kept.where('t.b = 2');
    expect(kept.getQuery()).toContain('t.a = 1');
    expect(kept.getQuery()).toContain('t.b = 2');
  });

  it('TypeORM postgres driver still converts column values in prepareHydratedValue(value, column)', () => {
    expect(typeof PostgresDriver.prototype.prepareHydratedValue).toBe('function');
    expect(PostgresDriver.prototype.prepareHydratedValue.length).toBe(2);
  });
});
