// Fastify's route validators, each compiled on its route's first request instead of at start.
// Compiling the ~300 request schemas (params, query strings, bodies) with ajv took a third of a
// restart's CPU (docs/decisions.md "Memory and start"), mostly for routes an instance may never
// serve. The compiler is Fastify's own (@fastify/ajv-compiler, what Fastify uses when none is
// given), with the server's ajv options; only when it runs changes. A schema ajv cannot compile
// now fails that route's first request, not the start: the fuzz and OpenAPI tests call every route.
// The compiler packages themselves (and Fastify's response serializer compiler, which no route
// uses: none declares a response schema) are loaded on first use too.
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

/** Fastify's response serializer compiler (@fastify/fast-json-stringify-compiler), required when a route first needs one. */
export function lazySerializerBuilder(): Build<(data: unknown) => string> {
  return onFirstCompile(() => (require('@fastify/fast-json-stringify-compiler') as () => Build<(data: unknown) => string>)());
}
