import fc from 'fast-check';

/**
 * fast-check arbitraries from JSON schemas (the ones zod's toJSONSchema writes into the OpenAPI
 * document), for fuzzing the APIs: values that satisfy a schema (boundaries included), values that
 * break it, and hostile variants. `schemaErrors` checks a value against a schema, for the responses
 * and for this module's own tests. Supported: object (properties, required, additionalProperties),
 * string (pattern, minLength, maxLength, enum, const, format date-time), number, integer (minimum,
 * maximum, exclusive bounds), boolean, null, array (items, minItems, maxItems), `type` lists and
 * anyOf/oneOf (nullable), and local `$ref`s.
 */
export interface JsonSchema {
  $ref?: string;
  type?: JsonType | JsonType[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  format?: string;
  enum?: readonly unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  [other: string]: unknown;
}
type JsonType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';

export interface ArbitraryOptions {
  /**
   * Values to mix in for properties of this name (at any depth), e.g. real coin codes: schema-valid
   * random values seldom get past the business rules.
   */
  hints?: Record<string, fc.Arbitrary<unknown>>;
  /** Resolves `$ref`s such as `#/components/schemas/Swap`; the schema's own root by default. */
  root?: unknown;
  /** Longest string generated where a schema sets no maxLength. */
  maxStringLength?: number;
}

/** One UTF-16 code unit, printable, no surrogate: a string's length is its character count. */
const printableUnit = fc
  .oneof(
    { arbitrary: fc.integer({ min: 0x20, max: 0x7e }), weight: 4 },
    { arbitrary: fc.integer({ min: 0xa0, max: 0xd7ff }), weight: 1 },
    { arbitrary: fc.integer({ min: 0xe000, max: 0xfffd }), weight: 1 },
  )
  .map((code) => String.fromCharCode(code));

/** Control characters, NUL first: PostgreSQL cannot store NUL in text. */
export const controlCharacters = fc.oneof(
  fc.constant('\u0000'),
  fc.integer({ min: 0x01, max: 0x1f }).map((code) => String.fromCharCode(code)),
  fc.constantFrom('\u007f', '\u0085', '\u2028', '\u2029'),
);

/**
 * Strings servers trip over: control characters, lone surrogates, bidi and zero-width characters,
 * emoji, markup, SQL and path fragments, and huge strings (beyond any body or path limit).
 */
export const hostileStrings: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.string({ unit: printableUnit, maxLength: 10 }), controlCharacters).map(([a, b]) => a + b),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '\ud800',
    '\udfff',
    '\u202e\u202d',
    '\u200b',
    '\ufeff',
    '👩‍👩‍👧‍👦',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    '%00',
    '%zz',
    '\\',
    'null',
    '{}',
    '__proto__',
    'constructor',
  ),
  fc
    .tuple(fc.constantFrom('a', '\u0000', 'é', '𝄞', '%'), fc.integer({ min: 1_000, max: 40_000 }))
    .map(([unit, count]) => unit.repeat(count)),
);

/** Any JSON value (wrong types for any schema). */
export const anyJson: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 3 });

/** Text that is not JSON, or JSON no schema of ours accepts at the top (for request bodies). */
export const malformedJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '{',
    '}',
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    'nul',
    'undefined',
    'NaN',
    '\ufeff{}',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
    '[]',
    'null',
    '0',
    '"text"',
    '{"__proto__":{"polluted":true}}',
  ),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.integer({ min: 10, max: 9_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.integer({ min: 10, max: 4_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
);

function resolve(schema: JsonSchema, root: unknown): JsonSchema {
  if (!schema.$ref) return schema;
  if (!schema.$ref.startsWith('#/')) throw new Error(`Unsupported $ref ${schema.$ref}`);
  let target: unknown = root;
  for (const part of schema.$ref.slice(2).split('/')) {
    target = (target as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  if (!target) throw new Error(`Unresolved $ref ${schema.$ref}`);
  return resolve(target as JsonSchema, root);
}

function typesOf(schema: JsonSchema): JsonType[] | undefined {
  if (schema.type === undefined) return undefined;
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

/** The schema with `type` narrowed to one type (for `type: ["string", "null"]`). */
function withType(schema: JsonSchema, type: JsonType): JsonSchema {
  return { ...schema, type };
}

function validString(schema: JsonSchema, options: ArbitraryOptions): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Math.max(min, options.maxStringLength ?? 100);
  if (schema.format === 'date-time') {
    return fc
      .date({
        min: new Date('1970-01-01T00:00:00Z'),
        max: new Date('9999-12-31T23:59:59Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString());
  }
  if (schema.pattern !== undefined) {
    const pattern = new RegExp(schema.pattern, 'u');
    return fc.stringMatching(pattern).filter((text) => text.length >= min && text.length <= max);
  }
  // Boundaries (exactly min and max characters) as often as anything in between.
  return fc.oneof(
    fc.string({ unit: printableUnit, minLength: min, maxLength: max }),
    fc.string({ unit: printableUnit, minLength: min, maxLength: min }),
    fc.string({ unit: printableUnit, minLength: max, maxLength: max }),
  );
}

function validNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const low = schema.minimum ?? schema.exclusiveMinimum;
  const high = schema.maximum ?? schema.exclusiveMaximum;
  const exclusive = (value: number) =>
    (schema.exclusiveMinimum === undefined || value > schema.exclusiveMinimum) &&
    (schema.exclusiveMaximum === undefined || value < schema.exclusiveMaximum);
  const base = integer
    ? fc.integer({
        min: low === undefined ? Number.MIN_SAFE_INTEGER : Math.ceil(low),
        max: high === undefined ? Number.MAX_SAFE_INTEGER : Math.floor(high),
      })
    : fc.double({
        noNaN: true,
        noDefaultInfinity: true,
        ...(low === undefined ? {} : { min: low }),
        ...(high === undefined ? {} : { max: high }),
      });
  const edges = [low, high].filter((edge): edge is number => edge !== undefined && exclusive(edge));
  const withEdges = edges.length > 0 ? fc.oneof(base, fc.constantFrom(...edges)) : base;
  return withEdges.filter((value) => exclusive(value) && !Object.is(value, -0));
}

/** Values that satisfy `schema`, its boundaries included. */
export function validValue(schema: JsonSchema, options: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  const root = options.root ?? schema;
  const s = resolve(schema, root);
  const nested = { ...options, root };
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => validValue(alternative, nested)));
  const types = typesOf(s);
  if (!types) return anyJson;
  if (types.length > 1) return fc.oneof(...types.map((type) => validValue(withType(s, type), nested)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return validNumber(s, true);
    case 'number':
      return validNumber(s, false);
    case 'string':
      return validString(s, options);
    case 'array': {
      const items = s.items ? validValue(s.items, nested) : anyJson;
      return fc.array(items, { minLength: s.minItems ?? 0, maxLength: s.maxItems ?? 5 });
    }
    default: {
      const properties = s.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([name, property]) => {
          const generated = validValue(property, nested);
          const hint = options.hints?.[name];
          return [
            name,
            hint ? fc.oneof({ arbitrary: hint, weight: 3 }, { arbitrary: generated, weight: 1 }) : generated,
          ];
        }),
      );
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((name) => name in properties) });
    }
  }
}

/** A JSON value of another type than any `schema` allows. */
function wrongType(schema: JsonSchema, root: unknown): fc.Arbitrary<unknown> {
  return anyJson.filter((value) => schemaErrors(schema, value, root).length > 0);
}

/** Values that break `schema`: wrong types, missing and extra fields, out-of-range and ill-formed values. */
export function invalidValue(schema: JsonSchema, options: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  const root = options.root ?? schema;
  const s = resolve(schema, root);
  const nested = { ...options, root };
  const types = typesOf(s) ?? [];
  const constrained = types.length > 0 || s.enum || s.const !== undefined || s.anyOf || s.oneOf;
  const broken: fc.Arbitrary<unknown>[] = constrained ? [wrongType(s, root)] : [];
  if (s.enum) {
    broken.push(fc.string({ maxLength: 12 }).filter((text) => !s.enum?.includes(text)));
  } else if (types.includes('string') && !s.anyOf && !s.oneOf) {
    if (s.maxLength !== undefined) {
      const max = s.maxLength;
      broken.push(fc.integer({ min: max + 1, max: max + 50 }).map((length) => 'x'.repeat(length)));
    }
    if (s.minLength) broken.push(fc.string({ unit: printableUnit, maxLength: s.minLength - 1 }));
    if (s.pattern !== undefined) {
      const pattern = new RegExp(s.pattern, 'u');
      broken.push(fc.oneof(hostileStrings, fc.string()).filter((text) => !pattern.test(text)));
    }
    if (s.format === 'date-time') broken.push(fc.constantFrom('yesterday', '2024-13-01T00:00:00Z', ''));
  }
  if (types.includes('integer') || types.includes('number')) {
    if (s.minimum !== undefined) broken.push(fc.constant(s.minimum - 1));
    if (s.maximum !== undefined) broken.push(fc.constant(s.maximum + 1));
    if (types.includes('integer') && !types.includes('number')) broken.push(fc.constant(0.5));
  }
  if (types.includes('array') && s.items) {
    const item = s.items;
    broken.push(fc.array(invalidValue(item, nested), { minLength: 1, maxLength: 3 }));
    if (s.maxItems !== undefined) {
      broken.push(
        fc.array(validValue(item, nested), { minLength: s.maxItems + 1, maxLength: s.maxItems + 3 }),
      );
    }
  }
  if (types.includes('object') && s.properties) {
    const valid = validValue(s, nested) as fc.Arbitrary<Record<string, unknown>>;
    const required = (s.required ?? []).filter((name) => name in (s.properties ?? {}));
    if (required.length > 0) {
      broken.push(
        fc.tuple(valid, fc.constantFrom(...required)).map(([value, missing]) => {
          const { [missing]: _removed, ...rest } = value;
          return rest;
        }),
      );
    }
    if (s.additionalProperties === false) {
      const known = new Set(Object.keys(s.properties));
      broken.push(
        fc
          .tuple(
            valid,
            fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), fc.constantFrom('__proto__', 'constructor')),
            anyJson,
          )
          .filter(([, key]) => !known.has(key))
          .map(([value, key, extra]) => {
            const copy = { ...value };
            Object.defineProperty(copy, key, {
              value: extra,
              enumerable: true,
              writable: true,
              configurable: true,
            });
            return copy;
          }),
      );
    }
    const names = Object.keys(s.properties);
    broken.push(
      fc
        .tuple(valid, fc.constantFrom(...names))
        .chain(([value, name]) =>
          invalidValue(s.properties?.[name] as JsonSchema, nested).map((bad) => ({ ...value, [name]: bad })),
        ),
    );
  }
  if (broken.length === 0) throw new Error('A schema that accepts anything has no invalid values');
  return fc.oneof(...broken).filter((value) => schemaErrors(s, value, root).length > 0);
}

/**
 * Values of the right shape with hostile strings in some of their string fields: control
 * characters, NUL, unicode oddities, huge strings. They may or may not satisfy the schema.
 */
export function hostileValue(schema: JsonSchema, options: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  const root = options.root ?? schema;
  const s = resolve(schema, root);
  const types = typesOf(s) ?? [];
  if (types.includes('object') && s.properties) {
    const names = Object.keys(s.properties);
    return fc
      .tuple(
        validValue(s, { ...options, root }) as fc.Arbitrary<Record<string, unknown>>,
        fc.subarray(names, { minLength: 1 }),
        fc.array(hostileStrings, { minLength: names.length, maxLength: names.length }),
      )
      .map(([value, chosen, strings]) => {
        const copy = { ...value };
        chosen.forEach((name, i) => {
          copy[name] = strings[i];
        });
        return copy;
      });
  }
  return hostileStrings;
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

function typeMatches(type: JsonType, value: unknown): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    default:
      return typeof value === type;
  }
}

/** Where `value` breaks `schema` (`path: problem`), empty when it satisfies it. */
export function schemaErrors(
  schema: JsonSchema,
  value: unknown,
  root: unknown = schema,
  path = '$',
): string[] {
  const s = resolve(schema, root);
  if (s.const !== undefined && !Object.is(s.const, value)) return [`${path}: not ${JSON.stringify(s.const)}`];
  if (s.enum && !s.enum.some((option) => Object.is(option, value))) {
    return [`${path}: ${JSON.stringify(value)} is none of ${JSON.stringify(s.enum)}`];
  }
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) {
    const passing = alternatives.filter((option) => schemaErrors(option, value, root, path).length === 0);
    if (passing.length === 0 || (s.oneOf && passing.length > 1)) return [`${path}: matches no alternative`];
  }
  const types = typesOf(s);
  if (types && !types.some((type) => typeMatches(type, value))) {
    return [`${path}: ${value === null ? 'null' : typeof value} is not ${types.join(' or ')}`];
  }
  const errors: string[] = [];
  if (typeof value === 'string') {
    const length = [...value].length;
    if (s.minLength !== undefined && length < s.minLength)
      errors.push(`${path}: shorter than ${s.minLength}`);
    if (s.maxLength !== undefined && length > s.maxLength) errors.push(`${path}: longer than ${s.maxLength}`);
    if (s.pattern !== undefined && !new RegExp(s.pattern, 'u').test(value)) {
      errors.push(`${path}: does not match ${s.pattern}`);
    }
    if (s.format === 'date-time' && !(DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)))) {
      errors.push(`${path}: not a date-time`);
    }
  }
  if (typeof value === 'number') {
    if (s.minimum !== undefined && value < s.minimum) errors.push(`${path}: below ${s.minimum}`);
    if (s.maximum !== undefined && value > s.maximum) errors.push(`${path}: above ${s.maximum}`);
    if (s.exclusiveMinimum !== undefined && value <= s.exclusiveMinimum) errors.push(`${path}: too small`);
    if (s.exclusiveMaximum !== undefined && value >= s.exclusiveMaximum) errors.push(`${path}: too large`);
  }
  if (Array.isArray(value)) {
    if (s.minItems !== undefined && value.length < s.minItems)
      errors.push(`${path}: fewer than ${s.minItems} items`);
    if (s.maxItems !== undefined && value.length > s.maxItems)
      errors.push(`${path}: more than ${s.maxItems} items`);
    if (s.items) {
      const items = s.items;
      value.forEach((item, i) => {
        errors.push(...schemaErrors(items, item, root, `${path}[${i}]`));
      });
    }
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const name of s.required ?? []) {
      if (!Object.hasOwn(record, name)) errors.push(`${path}.${name}: missing`);
    }
    for (const [name, item] of Object.entries(record)) {
      const property = s.properties?.[name];
      if (property) errors.push(...schemaErrors(property, item, root, `${path}.${name}`));
      else if (s.additionalProperties === false) errors.push(`${path}.${name}: not allowed`);
      else if (typeof s.additionalProperties === 'object') {
        errors.push(...schemaErrors(s.additionalProperties, item, root, `${path}.${name}`));
      }
    }
  }
  return errors;
}
