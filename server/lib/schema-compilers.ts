import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import fastJsonStringify from 'fast-json-stringify';
import { addCleanTextKeyword } from './clean-text';
import { addPhoneKeyword } from './phone';

function makeAjv(coerceTypes: boolean | 'array') {
  const ajv = new Ajv({
    coerceTypes,
    useDefaults: true,
    removeAdditional: true,
    allErrors: true,
    // parentSchema on each error lets the error handler report the field's `x-message` key.
    verbose: true,
    strict: false,
  });
  addFormats.default(ajv);
  ajv.addKeyword({ keyword: 'x-message', schemaType: 'string' });
  addPhoneKeyword(ajv);
  addCleanTextKeyword(ajv);
  return ajv;
}

// Query strings and path params are text on the wire: coerce "2" to 2. JSON bodies are typed:
// a string where a number belongs is a client bug and gets a 400, not a silent conversion.
const textAjv = makeAjv('array');
const jsonAjv = makeAjv(false);

/**
 * Compiled functions by the schema's JSON text. Route modules build their schemas when they
 * register, so every app of a process (each test file's; a worker runs many) brings new objects
 * with the same content: compiling them again cost about a second per app, most of it the
 * response serializers. Both compiled functions are pure (no state between calls), so one per
 * schema text serves every app. No shared schemas ($ref) are registered, so the text is the whole
 * input.
 */
function compiledBySchemaText<Compiled>(compile: (schema: object) => Compiled) {
  const compiled = new Map<string, Compiled>();
  return (schema: object) => {
    const key = JSON.stringify(schema);
    let found = compiled.get(key);
    if (!found) {
      found = compile(schema);
      compiled.set(key, found);
    }
    return found;
  };
}

const bodyValidator = compiledBySchemaText((schema) => jsonAjv.compile(schema));
const textValidator = compiledBySchemaText((schema) => textAjv.compile(schema));
const serializer = compiledBySchemaText((schema) => fastJsonStringify(schema));

/** Fastify validator compiler: the JSON-body or text Ajv depending on the part validated. */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? bodyValidator : textValidator)(schema as object) as ReturnType<
    FastifySchemaCompiler<unknown>
  >;

/** Fastify serializer compiler: fast-json-stringify, as Fastify's default, compiled once per schema. */
export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) =>
  serializer(schema as object);
