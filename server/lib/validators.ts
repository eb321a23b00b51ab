import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
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

/** Fastify validator compiler: the JSON-body or text Ajv depending on the part validated. */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? jsonAjv : textAjv).compile(schema as object) as ReturnType<
    FastifySchemaCompiler<unknown>
  >;
