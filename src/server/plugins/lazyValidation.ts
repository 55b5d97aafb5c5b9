// Fastify's route validators, each compiled on its route's first request instead of at start.
// Compiling the ~300 request schemas (params, query strings, bodies) with ajv took a third of a
// restart's CPU (docs/decisions.md "Memory and start"), mostly for routes an instance may never
// serve. The compiler is Fastify's own (@fastify/ajv-compiler, what Fastify uses when none is
// given), with the server's ajv options; only when it runs changes. A schema ajv cannot compile
// now fails that route's first request, not the start: the fuzz and OpenAPI tests call every route.
// The compiler package itself is loaded on first use too. Answers are never shaped by a schema
// (plainSerializerBuilder).
import { createRequire } from 'node:module';

type Validate = ((data: unknown) => unknown) & { errors?: unknown };
type RouteSchema = { schema: unknown; method: string; url: string; httpPart?: string };
type Build<R> = (externalSchemas: Record<string, unknown>, options?: unknown) => (route: RouteSchema) => R;

const require = createRequire(import.meta.url);

/** A compilers factory whose package is required on the first route it compiles for. */
function onFirstCompile<R>(load: () => Build<R>): Build<R> {
  let build: Build<R> | undefined;
  return (externalSchemas, options) => {
    let compile: ((route: RouteSchema) => R) | undefined;
    return (route) => {
      compile ??= (build ??= load())(externalSchemas, options);
      return compile(route);
    };
  };
}

export function lazyValidatorBuilder(): Build<Validate> {
  const build = onFirstCompile<Validate>(() => (require('@fastify/ajv-compiler') as () => Build<Validate>)());
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    return (route) => {
      let validate: Validate | undefined;
      // Fastify reads `.errors` of the function it was given after a failed validation.
      const lazy: Validate = (data) => {
        validate ??= compile(route);
        const result = validate(data);
        lazy.errors = validate.errors;
        return result;
      };
      return lazy;
    };
  };
}

/**
 * Fastify's response serializer compiler: every answer as JSON.stringify writes it, response
 * schema or not. Route response schemas (openapi/kit.ts answers) document the answer and the
 * contract test checks answers against them; fast-json-stringify would instead drop any field a
 * schema does not list, so declaring a schema could silently change what a client receives.
 */
export function plainSerializerBuilder(): Build<(data: unknown) => string> {
  return () => () => (data) => JSON.stringify(data);
}
