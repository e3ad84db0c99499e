import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

type JsonSchema = { [key: string]: unknown };
type Serializer = (data: unknown) => string;

/**
 * Responses are written by functions compiled once per route from the JSON Schema of their zod
 * contract (the one OpenAPI shows), instead of a zod check plus JSON.stringify on every request:
 * faster, and lenient — a row the contract did not foresee (a missing field, a null) is written as
 * well as it can be rather than turning a whole list into a 500. Tests keep the strict zod check
 * (`checkWithZod`), so a service that breaks its contract still fails there.
 */
export function compiledSerializerCompiler(options: { checkWithZod: boolean }) {
  const compiler = ({ schema, method, url }: { schema: unknown; method: string; url: string }): Serializer => {
    const contract = resolveSchema(schema);
    if (!contract) return JSON.stringify;
    const write = compile(contract);
    if (!options.checkWithZod) return write;
    return (data) => {
      const result = contract.safeEncode(data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      const text = write(result.data);
      // The compiled writer must say exactly what JSON.stringify would have said.
      if (!isDeepStrictEqual(JSON.parse(text), JSON.parse(JSON.stringify(result.data)))) {
        throw new Error(`compiled serializer of ${method} ${url} differs from JSON.stringify`);
      }
      return text;
    };
  };
  return compiler as unknown as FastifySerializerCompiler<unknown>;
}

function resolveSchema(schema: unknown): z.ZodType | null {
  if (schema instanceof $ZodType) return schema as z.ZodType;
  const inner = (schema as { properties?: unknown } | null)?.properties;
  return inner instanceof $ZodType ? (inner as z.ZodType) : null;
}

/**
 * Writers already compiled, by contract. Compiling was half of building the app (about 0.4 s of
 * CPU for its 200 routes here), which the tests do for every file and every second instance: a
 * worker compiles each contract once. Invariant: a writer depends on its zod schema only, and a
 * zod schema never changes once made (`.extend`, `.meta`, `.nullable` return new objects, which
 * get their own writers); keyed weakly, so a schema no longer used takes its writer with it.
 */
const compiled = new WeakMap<z.ZodType, Serializer>();

/** The compiled writer, or plain JSON.stringify for a contract JSON Schema cannot describe. */
export function compile(contract: z.ZodType): Serializer {
  let write = compiled.get(contract);
  if (!write) {
    write = compileAnew(contract);
    compiled.set(contract, write);
  }
  return write;
}

function compileAnew(contract: z.ZodType): Serializer {
  try {
    const jsonSchema = z.toJSONSchema(contract, { io: 'output', unrepresentable: 'any', reused: 'inline' });
    return fastJson(lenient(jsonSchema as JsonSchema) as Parameters<typeof fastJson>[0]) as Serializer;
  } catch {
    return JSON.stringify;
  }
}

/**
 * Adapts zod's JSON Schema to the writer: `required` is dropped (a missing field is left out, not
 * an error) and "X or null" becomes `nullable`, which the writer handles without trying each branch.
 */
function lenient(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(lenient);
  if (!node || typeof node !== 'object') return node;
  const { required: _required, $schema: _schema, ...rest } = node as JsonSchema;
  const alternatives = (rest.anyOf ?? rest.oneOf) as JsonSchema[] | undefined;
  if (alternatives?.length === 2 && alternatives.some((a) => a.type === 'null')) {
    const other = alternatives.find((a) => a.type !== 'null');
    if (other && typeof other.type === 'string') {
      const { anyOf: _a, oneOf: _o, ...own } = rest;
      return { ...(lenient(other) as JsonSchema), ...own, nullable: true };
    }
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(rest)) {
    // Maps from names to schemas: the names are data (a field may be called "required").
    out[key] =
      SCHEMA_MAPS.has(key) && value && typeof value === 'object' ? mapValues(value as JsonSchema) : lenient(value);
  }
  return out;
}

const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions']);

function mapValues(map: JsonSchema): JsonSchema {
  return Object.fromEntries(Object.entries(map).map(([name, schema]) => [name, lenient(schema)]));
}
