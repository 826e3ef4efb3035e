import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CROSS_CHAIN_RESPONSE_SCHEMAS } from '../../core/crosschain/contract.ts';
import { DEX_RESPONSE_SCHEMAS } from '../../core/dex/contract.ts';
import { quoteRequestSchema, RESPONSE_SCHEMAS, swapRequestSchema } from '../../core/exchange/contract.ts';
import { FIAT_RESPONSE_SCHEMAS } from '../../core/fiat/contract.ts';
import { PARTNER_RESPONSE_SCHEMAS } from '../../core/partners/contract.ts';
import {
  hostileStrings,
  hostileValue,
  invalidValue,
  type JsonSchema,
  malformedJsonText,
  schemaErrors,
  validValue,
} from './arbitraries.ts';

const SEED = 424242;
const json = (schema: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(schema, { io }) as JsonSchema;

describe('schemaErrors', () => {
  const schema: JsonSchema = {
    type: 'object',
    properties: {
      code: { type: 'string', pattern: '^[a-z]{1,3}$' },
      name: { type: 'string', minLength: 2, maxLength: 4 },
      kind: { type: 'string', enum: ['a', 'b'] },
      memo: { type: ['string', 'null'] },
      amount: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      count: { type: 'integer', minimum: 1, maximum: 3 },
      at: { type: 'string', format: 'date-time' },
      list: { type: 'array', items: { type: 'boolean' }, maxItems: 2 },
    },
    required: ['code', 'memo'],
    additionalProperties: false,
  };

  it('accepts a value that satisfies every keyword', () => {
    const value = {
      code: 'abc',
      name: 'éé',
      kind: 'b',
      memo: null,
      amount: '1',
      count: 3,
      at: '2026-01-01T00:00:00.000Z',
      list: [true],
    };
    expect(schemaErrors(schema, value)).toEqual([]);
  });

  it('names each broken keyword with its path', () => {
    const value = {
      code: 'ABCD',
      name: 'x',
      kind: 'c',
      amount: 2,
      count: 1.5,
      at: 'now',
      list: [1, true, false],
      extra: 1,
    };
    expect(schemaErrors(schema, value)).toEqual([
      '$.memo: missing',
      '$.code: does not match ^[a-z]{1,3}$',
      '$.name: shorter than 2',
      '$.kind: "c" is none of ["a","b"]',
      '$.amount: matches no alternative',
      '$.count: number is not integer',
      '$.at: not a date-time',
      '$.list: more than 2 items',
      '$.list[0]: number is not boolean',
      '$.extra: not allowed',
    ]);
  });

  it('follows local $refs', () => {
    const root = { components: { schemas: { Id: { type: 'string', maxLength: 2 } } } };
    expect(schemaErrors({ $ref: '#/components/schemas/Id' }, 'abc', root)).toEqual(['$: longer than 2']);
    expect(schemaErrors({ $ref: '#/components/schemas/Id' }, 'ab', root)).toEqual([]);
  });
});

describe('arbitraries from the contract', () => {
  const requests = { quote: quoteRequestSchema, swap: swapRequestSchema };

  it.each(Object.entries(requests))(
    'generates %s requests that satisfy their JSON schema',
    (_name, schema) => {
      const jsonSchema = json(schema, 'input');
      fc.assert(
        fc.property(validValue(jsonSchema), (value) => {
          expect(schemaErrors(jsonSchema, value)).toEqual([]);
        }),
        { seed: SEED, numRuns: 200 },
      );
    },
  );

  // Not "and zod refuses them": the API trims and lowercases codes before their pattern is checked
  // (" BTC " passes), so it accepts more than the documented input schema says.
  it.each(Object.entries(requests))('generates %s requests that break it', (_name, schema) => {
    const jsonSchema = json(schema, 'input');
    fc.assert(
      fc.property(invalidValue(jsonSchema), (value) => {
        expect(schemaErrors(jsonSchema, value)).not.toEqual([]);
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  const everyResponse = {
    ...RESPONSE_SCHEMAS,
    ...DEX_RESPONSE_SCHEMAS,
    ...CROSS_CHAIN_RESPONSE_SCHEMAS,
    ...FIAT_RESPONSE_SCHEMAS,
    ...PARTNER_RESPONSE_SCHEMAS,
  };
  it.each(Object.entries(everyResponse))('generates %s responses zod accepts', (_name, schema) => {
    const jsonSchema = json(schema, 'output');
    fc.assert(
      fc.property(validValue(jsonSchema), (value) => {
        expect(schemaErrors(jsonSchema, value)).toEqual([]);
        expect(schema.safeParse(value).error).toBeUndefined();
      }),
      { seed: SEED, numRuns: 50 },
    );
  });

  it('reaches the boundaries of a string length and mixes hints in', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { code: { type: 'string', minLength: 1, maxLength: 40 }, coin: { type: 'string' } },
      required: ['code', 'coin'],
    };
    const hints = { coin: fc.constant('btc') };
    const values = fc.sample(validValue(schema, { hints }), { seed: SEED, numRuns: 300 }) as {
      code: string;
      coin: string;
    }[];
    const lengths = new Set(values.map((value) => value.code.length));
    expect(lengths).toContain(1);
    expect(lengths).toContain(40);
    expect(values.filter((value) => value.coin === 'btc').length).toBeGreaterThan(150);
  });

  it('generates nullable, enum, pattern and date-time values', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        memo: { type: ['string', 'null'] },
        kind: { type: 'string', enum: ['memo', 'tag'] },
        id: { type: 'string', pattern: '^[a-z2-7]{26}$' },
        at: { type: 'string', format: 'date-time' },
      },
      required: ['memo', 'kind', 'id', 'at'],
      additionalProperties: false,
    };
    const values = fc.sample(validValue(schema), { seed: SEED, numRuns: 100 }) as Record<string, unknown>[];
    expect(values.some((value) => value.memo === null)).toBe(true);
    expect(new Set(values.map((value) => value.kind))).toEqual(new Set(['memo', 'tag']));
    for (const value of values) expect(schemaErrors(schema, value)).toEqual([]);
  });

  it('breaks objects by a missing field, an extra field and a wrong value', () => {
    const schema = json(depositLike, 'input');
    const values = fc.sample(invalidValue(schema), { seed: SEED, numRuns: 300 });
    const problems = values.flatMap((value) => schemaErrors(schema, value));
    expect(problems.some((problem) => problem.endsWith(': missing'))).toBe(true);
    expect(problems.some((problem) => problem.endsWith(': not allowed'))).toBe(true);
    expect(problems.some((problem) => problem.startsWith('$.amount: does not match'))).toBe(true);
    expect(problems.some((problem) => problem.startsWith('$: ') && problem.includes('is not object'))).toBe(
      true,
    );
    for (const value of values) expect(depositLike.safeParse(value).success).toBe(false);
  });
});

const depositLike = z.strictObject({ amount: z.string().regex(/^\d+$/) });

describe('hostile input', () => {
  it('includes NUL and other control characters, lone surrogates and huge strings', () => {
    const values = fc.sample(hostileStrings, { seed: SEED, numRuns: 500 });
    expect(values.some((value) => value.includes('\u0000'))).toBe(true);
    const control = (value: string) =>
      [...value].some((char) => char.charCodeAt(0) > 0 && char.charCodeAt(0) < 0x20);
    expect(values.some(control)).toBe(true);
    const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
    expect(values.some((value) => loneSurrogate.test(value))).toBe(true);
    expect(values.some((value) => value.length > 16 * 1024)).toBe(true);
  });

  it('puts hostile strings into fields of a valid object', () => {
    const schema = json(quoteRequestSchema, 'input');
    const values = fc.sample(hostileValue(schema), { seed: SEED, numRuns: 100 }) as Record<string, unknown>[];
    for (const value of values) expect(Object.keys(value)).toEqual(expect.arrayContaining(['from', 'to']));
    expect(
      values.some((value) => Object.values(value).some((field) => String(field).includes('\u0000'))),
    ).toBe(true);
  });

  it('writes text that is not JSON or nests deeper than any request', () => {
    const values = fc.sample(malformedJsonText, { seed: SEED, numRuns: 200 });
    const notJson = values.filter((text) => {
      try {
        JSON.parse(text);
        return false;
      } catch {
        return true;
      }
    });
    expect(notJson.length).toBeGreaterThan(50);
    expect(values.some((text) => text.startsWith('[[[[[[[[[['))).toBe(true);
  });
});
