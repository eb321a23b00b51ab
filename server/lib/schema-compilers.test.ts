import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { serializerCompiler, validatorCompiler } from './schema-compilers';

// Each app builds its route schemas anew: the same content must reuse one compiled function.
const reply = () => Type.Object({ id: Type.Integer(), name: Type.String() });
const serializerFor = (schema: object) =>
  serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' });
const validatorFor = (schema: object, httpPart: string) =>
  validatorCompiler({ schema, method: 'POST', url: '/x', httpPart });

describe('schema compilers', () => {
  it('compile a schema once per content, whichever object brings it', () => {
    expect(serializerFor(reply())).toBe(serializerFor(reply()));
    expect(validatorFor(reply(), 'body')).toBe(validatorFor(reply(), 'body'));
    expect(serializerFor(Type.Object({ id: Type.Integer() }))).not.toBe(serializerFor(reply()));
  });

  it('serialize as Fastify does: only the declared fields', () => {
    const text = serializerFor(reply())({ id: 7, name: 'An', secret: 'x' });
    expect(JSON.parse(text)).toEqual({ id: 7, name: 'An' });
  });

  it('keep a body strictly typed and coerce query text, for the same schema content', () => {
    const schema = Type.Object({ size: Type.Integer() });
    const body = validatorFor(schema, 'body');
    const query = validatorFor(schema, 'querystring');
    expect(body).not.toBe(query);
    expect(body({ size: '2' })).toBe(false);
    const data = { size: '2' };
    expect(query(data)).toBe(true);
    expect(data).toEqual({ size: 2 });
  });
});
