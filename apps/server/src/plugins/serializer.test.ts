import { ZSubmissionListItem, ZUserCallListItem } from '@impact/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compile, compiledSerializerCompiler } from './serializer';

const call = {
  id: '6f1c0c4e-0a0b-4c1d-8e2f-3a4b5c6d7e8f',
  name: 'Bando "Impatto" 2027 </script>',
  description: '<p>Per progetti sociali — àèì</p>',
  openingAt: '2026-01-01T00:00:00.000Z',
  closingAt: '2027-01-01T00:00:00.000Z',
  callLockEnd: null,
  callTypeId: '6f1c0c4e-0a0b-4c1d-8e2f-3a4b5c6d7e80',
  isUserFilterEnable: false,
  userPowerBIReportID: null,
  userPowerBIWorkspaceID: null,
  submissionId: '00000000-0000-0000-0000-000000000000',
  submissionClosed: false,
  submissionStage: 2,
  stageClosingAt: '2027-02-01T00:00:00.000Z',
  stageClosed: false,
  customFile: { id: '6f1c0c4e-0a0b-4c1d-8e2f-3a4b5c6d7e81', name: 'bando.pdf' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('compiled response serializer', () => {
  const compileFor = (schema: z.ZodType, checkWithZod: boolean) =>
    (compiledSerializerCompiler({ checkWithZod }) as unknown as (r: object) => (d: unknown) => string)({
      schema,
      method: 'GET',
      url: '/api/x',
    });

  it('writes what JSON.stringify writes, and leaves out fields the contract does not have', () => {
    const write = compile(z.array(ZUserCallListItem));
    const data = [call, { ...call, customFile: null, extra: 'secret' }];
    expect(JSON.parse(write(data))).toEqual([call, { ...call, customFile: null }]);
  });

  it('in production one bad row does not fail the list; in tests the zod check still does', () => {
    const rows = [
      { id: 'x', callId: 'y', callName: 'A', organizationName: 'B', closed: false, createdAt: '', updatedAt: '' },
      { ...call, name: null },
    ];
    const lenient = compileFor(z.array(ZSubmissionListItem), false);
    expect(() => JSON.parse(lenient(rows))).not.toThrow();
    expect(JSON.parse(lenient(rows))[0]).toMatchObject({ id: 'x', callName: 'A' });
    const strict = compileFor(z.array(ZSubmissionListItem), true);
    expect(() => strict(rows)).toThrow();
  });

  it('compiles a contract once, and a schema made from it (extended, nullable, described) anew', () => {
    const contract = z.object({ id: z.string(), n: z.number() });
    const write = compile(contract);
    expect(compile(contract)).toBe(write);
    // A later schema never reuses the writer of the one it was made from: each writes its own shape.
    const extended = contract.extend({ extra: z.string() });
    expect(compile(extended)).not.toBe(write);
    expect(JSON.parse(compile(extended)({ id: 'a', n: 1, extra: 'x' }))).toEqual({ id: 'a', n: 1, extra: 'x' });
    expect(JSON.parse(write({ id: 'a', n: 1, extra: 'x' }))).toEqual({ id: 'a', n: 1 });
    expect(compile(contract.nullable())(null)).toBe('null');
    const described = contract.meta({ description: 'a described copy' });
    expect(compile(described)).not.toBe(write);
  });
});
